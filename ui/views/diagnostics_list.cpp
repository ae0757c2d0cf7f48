// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/diagnostics_list.h"

#include "ui/settings/language.h"
#include "ui/widgets/kept_row_delegate.h"
#include "ui/widgets/plan_field_names.h"

#include <QEvent>
#include <QIcon>
#include <QListWidget>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr int kPathRole = Qt::UserRole;
constexpr int kMostLinesShown = 6;   // beyond this the list scrolls
constexpr int kGrowAfterMs = 300;    // quiet time before the dock takes more room
constexpr int kShrinkAfterMs = 700;  // and before it gives room back

QStyle::StandardPixmap iconFor(core::Severity severity) {
    switch (severity) {
        case core::Severity::Error:
            return QStyle::SP_MessageBoxCritical;
        case core::Severity::Warning:
            return QStyle::SP_MessageBoxWarning;
        case core::Severity::Info:
            return QStyle::SP_MessageBoxInformation;
    }
    return QStyle::SP_MessageBoxInformation;
}

// A list that lays its rows out at once, and again at once when that first layout showed or hid
// the scroll bar: the rows' width changed with it, and the list would otherwise lay them out
// at its next paint and ask the window for a second paint of its own.
class ItemList final : public QListWidget {
public:
    using QListWidget::QListWidget;
    void layOutNow() {
        doItemsLayout();
        executeDelayedItemsLayout();
    }
};

QString severityText(core::Severity severity) {
    switch (severity) {
        case core::Severity::Error:
            return DiagnosticsList::tr("Error");
        case core::Severity::Warning:
            return DiagnosticsList::tr("Warning");
        case core::Severity::Info:
            return DiagnosticsList::tr("Note");
    }
    return {};
}

}  // namespace

DiagnosticsList::DiagnosticsList(QWidget* parent) : EvaluationView(parent) {
    setObjectName(QStringLiteral("diagnosticsList"));
    list_ = new ItemList(this);
    list_->setObjectName(QStringLiteral("diagnosticsItems"));
    list_->setWordWrap(true);
    list_->setItemDelegate(new KeptRowDelegate(list_));
    list_->setUniformItemSizes(false);
    list_->setResizeMode(QListView::Adjust);
    list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    list_->setToolTip(tr("Problems in the plan; activate one to go to its control."));
    // One line when there is one line: the list's own minimum would be several rows high.
    list_->setMinimumHeight(list_->fontMetrics().height() + 6);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(list_);
    resize_ = new QTimer(this);
    resize_->setSingleShot(true);
    connect(resize_, &QTimer::timeout, this, [this] {
        lastPreferredHeight_ = preferredHeight();
        emit preferredHeightChanged(lastPreferredHeight_);
    });
    // Enter (and a double click) activate; a single click does too, once.
    connect(list_, &QListWidget::itemActivated, this, &DiagnosticsList::activate);
    connect(list_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        if (!style()->styleHint(QStyle::SH_ItemView_ActivateItemOnSingleClick, nullptr, list_)) {
            activate(item);
        }
    });
}

QIcon DiagnosticsList::icon(QStyle::StandardPixmap which) {
    auto kept = icons_.find(which);
    if (kept == icons_.end()) kept = icons_.emplace(which, style()->standardIcon(which)).first;
    return kept->second;
}

void DiagnosticsList::changeEvent(QEvent* event) {
    if (event->type() == QEvent::StyleChange) icons_.clear();
    EvaluationView::changeEvent(event);
}

void DiagnosticsList::activate(QListWidgetItem* item) {
    if (!item) return;
    const QString path = item->data(kPathRole).toString();
    if (!path.isEmpty()) emit diagnosticActivated(path);
}

void DiagnosticsList::setFileDiagnostics(std::vector<core::Diagnostic> diagnostics,
                                         const QString& fileName) {
    fileDiagnostics_ = std::move(diagnostics);
    fileName_ = fileName;
    if (evaluation()) render(*evaluation());
}

int DiagnosticsList::preferredHeight() const {
    return linesHeight(std::clamp(list_->count(), 1, kMostLinesShown));
}

int DiagnosticsList::linesHeight(int lines) const {
    int height = 0;
    for (int row = 0; row < lines && row < list_->count(); ++row) {
        height += std::max(list_->sizeHintForRow(row), list_->fontMetrics().height() + 4);
    }
    return height + 2 * list_->frameWidth() + 2;
}

void DiagnosticsList::render(const core::Evaluation& evaluation) {
    // Most edits of a drag leave the problems as they were: the list stays, and with it the
    // selection and scroll position.
    if (listed_ && evaluation.diagnostics == listedDiagnostics_ &&
        fileDiagnostics_ == listedFileDiagnostics_ && fileName_ == listedFileName_) {
        return;
    }
    listed_ = true;
    listedDiagnostics_ = evaluation.diagnostics;
    listedFileDiagnostics_ = fileDiagnostics_;
    listedFileName_ = fileName_;
    list_->clear();
    struct Entry {
        core::Diagnostic diagnostic;
        bool fromFile;
    };
    std::vector<Entry> sorted;
    for (const core::Diagnostic& diagnostic : evaluation.diagnostics) {
        sorted.push_back({diagnostic, false});
    }
    for (const core::Diagnostic& diagnostic : fileDiagnostics_)
        sorted.push_back({diagnostic, true});
    std::stable_sort(sorted.begin(), sorted.end(), [](const Entry& a, const Entry& b) {
        return static_cast<int>(a.diagnostic.severity) < static_cast<int>(b.diagnostic.severity);
    });
    for (const auto& [diagnostic, fromFile] : sorted) {
        const QString path = QString::fromStdString(diagnostic.path);
        QString message = localizedMessage(diagnostic);
        if (fromFile) message = tr("%1 (reading %2)").arg(message, fileName_);
        // The field in the controls' words; its pointer is for tooling (the item's data) and
        // for the curious (the tooltip), never the row's text.
        const QString field = PlanFieldNames::name(path);
        auto* item = new QListWidgetItem(
            icon(iconFor(diagnostic.severity)),
            field.isEmpty() ? message : tr("%1 (%2)").arg(message, field), list_);
        // A key the file has but the plan does not know names no control.
        item->setData(kPathRole, fromFile ? QString() : path);
        item->setToolTip(path.isEmpty() || fromFile
                             ? tr("%1: %2").arg(severityText(diagnostic.severity), message)
                             : tr("%1 at %2: %3\nActivate to go to the control.")
                                   .arg(severityText(diagnostic.severity), path, message));
    }
    if (sorted.empty()) {
        auto* item =
            new QListWidgetItem(icon(QStyle::SP_DialogApplyButton), tr("No problems"), list_);
        item->setToolTip(tr("The plan breaks no rule the engine checks."));
        item->setFlags(Qt::ItemIsEnabled);
    }
    // Laid out now, not on the view's own timer: that ran after the window had painted the
    // edit's other changes, and painted the window a second time for the list alone.
    static_cast<ItemList*>(list_)->layOutNow();
    // Never shorter than its first line, icon included, however much room another dock takes
    // (the search's, in a 1280 × 800 window, cut "No problems" in half).
    const int oneLine = linesHeight(1);
    if (list_->minimumHeight() != oneLine) list_->setMinimumHeight(oneLine);
    // The dock follows the list once its lines have stayed for a moment (the list scrolls
    // meanwhile): a slider drag that adds a line at one step would otherwise resize every
    // chart above it in the middle of the drag. It grows sooner than it shrinks.
    const int height = preferredHeight();
    if (lastPreferredHeight_ == 0) {
        lastPreferredHeight_ = height;
        emit preferredHeightChanged(height);
    } else if (height == lastPreferredHeight_) {
        resize_->stop();
    } else {
        resize_->start(height > lastPreferredHeight_ ? kGrowAfterMs : kShrinkAfterMs);
    }
}

}  // namespace fourfold::ui
