// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/search/search_view.h"

#include "core/plan/plan_enums.h"
#include "core/search/search_compare.h"
#include "core/search/search_csv.h"
#include "core/search/search_json.h"
#include "core/text/format.h"
#include "ui/document/atomic_file.h"
#include "ui/document/plan_document.h"
#include "ui/search/search_results_model.h"
#include "ui/search/search_runner.h"
#include "ui/search/search_scatter.h"
#include "ui/settings/language.h"
#include "ui/widgets/controls_text.h"
#include "ui/widgets/prompts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStringList>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }
// "1,737,888 layouts": counts of layouts read grouped, as in the tables.
QString grouped(std::int64_t count) { return qs(core::formatGrouped(count)); }

// At most four refreshes a second: the rows stay readable while they change.
constexpr int kTableRefreshMs = 250;
constexpr int kProgressSteps = 1000;

QLabel* buddyLabel(const QString& text, QWidget* buddy) {
    auto* label = new QLabel(text);
    label->setBuddy(buddy);
    return label;
}

}  // namespace

SearchView::SearchView(PlanDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), runner_(new SearchRunner(this)) {
    setObjectName(QStringLiteral("searchView"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(6, 4, 6, 4);
    column->setSpacing(4);
    buildFilters();

    // Two short rows, so the dock fits beside the controls at 1024 pixels.
    auto* filters = new QHBoxLayout;
    filters->addWidget(buddyLabel(tr("Ob&jective"), objective_));
    filters->addWidget(objective_);
    filters->addSpacing(8);
    filters->addWidget(buddyLabel(tr("Sche&dule"), schedule_));
    filters->addWidget(schedule_);
    filters->addSpacing(8);
    filters->addWidget(buddyLabel(tr("&ZeRO"), zero_));
    filters->addWidget(zero_);
    filters->addSpacing(8);
    filters->addWidget(buddyLabel(tr("Show &best"), top_));
    filters->addWidget(top_);
    filters->addStretch(1);
    column->addLayout(filters);

    auto* actions = new QHBoxLayout;
    searchButton_ = new QPushButton(tr("&Search"));
    searchButton_->setObjectName(QStringLiteral("searchButton"));
    searchButton_->setToolTip(
        tr("Try every layout of this plan's model on its cluster at its global batch"));
    cancelButton_ = new QPushButton(tr("&Cancel"));
    cancelButton_->setObjectName(QStringLiteral("cancelSearchButton"));
    cancelButton_->setEnabled(false);
    exportCsvButton_ = new QPushButton(tr("E&xport CSV\u2026"));
    exportCsvButton_->setObjectName(QStringLiteral("searchExportCsv"));
    exportCsvButton_->setToolTip(
        tr("Write the rows shown, best first, as CSV: every layout field and figure"));
    exportCsvButton_->setEnabled(false);
    exportJsonButton_ = new QPushButton(tr("Export JSO&N\u2026"));
    exportJsonButton_->setObjectName(QStringLiteral("searchExportJson"));
    exportJsonButton_->setToolTip(
        tr("Write the rows shown as the search JSON, each with its complete plan"));
    exportJsonButton_->setEnabled(false);
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("searchProgress"));
    progress_->setRange(0, kProgressSteps);
    progress_->setValue(0);
    // Narrower when the dock is: the dock's width is taken from the controls beside it.
    progress_->setMinimumWidth(70);
    progress_->setMaximumWidth(140);
    status_ = new QLabel(tr("Search to find the best layouts of this plan."));
    status_->setObjectName(QStringLiteral("searchStatus"));
    status_->setWordWrap(true);
    status_->setMinimumWidth(120);
    actions->addWidget(fitsOnly_);
    actions->addSpacing(8);
    actions->addWidget(searchButton_);
    actions->addWidget(cancelButton_);
    actions->addWidget(progress_);
    actions->addWidget(status_, 1);
    column->addLayout(actions);

    model_ = new SearchResultsModel(this);
    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(SearchResultsModel::SortRole);
    table_ = new QTableView;
    table_->setObjectName(QStringLiteral("searchTable"));
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(0, Qt::AscendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->setToolTip(tr("Enter or double-click applies a layout to the plan (undo with Ctrl+Z)"));
    connect(table_, &QAbstractItemView::activated, this,
            [this](const QModelIndex& index) { applyRow(proxy_->mapToSource(index).row()); });

    scatter_ = new SearchScatter;
    whyNot_ = new QLabel;
    whyNot_->setObjectName(QStringLiteral("whyNotMine"));
    whyNot_->setWordWrap(true);
    whyNot_->setTextFormat(Qt::PlainText);
    whyNot_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    whyNot_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("searchSplit"));
    split->addWidget(table_);
    split->addWidget(scatter_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    column->addWidget(split, 1);

    // "Why not mine?" spans the panel's width under both, a line or two of text.
    auto* why = new QHBoxLayout;
    auto* whyTitle = new QLabel(tr("Why not mine?"));
    QFont bold = whyTitle->font();
    bold.setBold(true);
    whyTitle->setFont(bold);
    whyTitle->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    why->addWidget(whyTitle, 0, Qt::AlignTop);
    why->addWidget(whyNot_, 1);
    // The exports after the rows they write, on this row rather than the search's: one row of
    // every button was wider than the dock has beside the controls at 1024 pixels, in Chinese
    // most, and took the controls' width.
    why->addWidget(exportCsvButton_, 0, Qt::AlignTop);
    why->addWidget(exportJsonButton_, 0, Qt::AlignTop);
    column->addLayout(why);

    tableTimer_ = new QTimer(this);
    tableTimer_->setSingleShot(true);
    tableTimer_->setInterval(kTableRefreshMs);
    connect(tableTimer_, &QTimer::timeout, this, &SearchView::showRunningBest);

    connect(searchButton_, &QPushButton::clicked, this, &SearchView::startSearch);
    connect(cancelButton_, &QPushButton::clicked, this, &SearchView::cancelSearch);
    connect(exportCsvButton_, &QPushButton::clicked, this, [this] { exportTo(true); });
    connect(exportJsonButton_, &QPushButton::clicked, this, [this] { exportTo(false); });
    connect(runner_, &SearchRunner::progressed, this, &SearchView::onProgress);
    connect(runner_, &SearchRunner::finished, this, &SearchView::onFinished);
    connect(document_, &PlanDocument::evaluationChanged, this, [this] {
        updateCurrent();
        updateWhyNotMine();
    });
    setTabOrder(objective_, schedule_);
    setTabOrder(schedule_, zero_);
    setTabOrder(zero_, top_);
    setTabOrder(top_, fitsOnly_);
    setTabOrder(fitsOnly_, searchButton_);
    setTabOrder(searchButton_, cancelButton_);
    setTabOrder(cancelButton_, exportCsvButton_);
    setTabOrder(exportCsvButton_, exportJsonButton_);
    setTabOrder(exportJsonButton_, table_);
    updateCurrent();
    updateWhyNotMine();
}

SearchView::~SearchView() = default;

void SearchView::buildFilters() {
    objective_ = new QComboBox;
    objective_->setObjectName(QStringLiteral("searchObjective"));
    objective_->addItem(tr("Tokens per second"),
                        static_cast<int>(core::SearchObjective::TokensPerS));
    objective_->addItem(tr("Time to train"), static_cast<int>(core::SearchObjective::Time));
    objective_->addItem(tr("Cost to train"), static_cast<int>(core::SearchObjective::Cost));
    objective_->addItem(tr("Memory headroom"), static_cast<int>(core::SearchObjective::Headroom));
    objective_->setToolTip(
        tr("Time and cost are for the plan's token budget and price per "
           "GPU-hour (per step without a budget)"));
    fitsOnly_ = new QCheckBox(tr("Fits &only"));
    fitsOnly_->setObjectName(QStringLiteral("searchFitsOnly"));
    fitsOnly_->setChecked(true);
    fitsOnly_->setToolTip(
        tr("On: layouts that fit within the plan's safety margin. Off: also those that fit only "
           "into the card's whole memory; the table says which stay within the margin."));
    schedule_ = new QComboBox;
    schedule_->setObjectName(QStringLiteral("searchSchedule"));
    schedule_->addItem(tr("Any"), -1);
    for (const core::ScheduleKind kind : core::allValues<core::ScheduleKind>()) {
        schedule_->addItem(ControlsText::name(kind), static_cast<int>(kind));
    }
    zero_ = new QComboBox;
    zero_->setObjectName(QStringLiteral("searchZero"));
    zero_->addItem(tr("Any"), -1);
    for (int stage = 0; stage <= 3; ++stage) zero_->addItem(QString::number(stage), stage);
    top_ = new QSpinBox;
    top_->setObjectName(QStringLiteral("searchTop"));
    top_->setRange(1, 500);
    top_->setValue(50);
    top_->setToolTip(tr("How many of the best layouts the table lists"));
}

void SearchView::setByteUnits(core::ByteUnits units) {
    units_ = units;
    model_->setByteUnits(units);
    scatter_->setByteUnits(units);
    updateWhyNotMine();
}

core::SearchOptions SearchView::searchOptions() const {
    core::SearchOptions options;
    options.objective = static_cast<core::SearchObjective>(objective_->currentData().toInt());
    options.top = top_->value();
    if (const int kind = schedule_->currentData().toInt(); kind >= 0) {
        options.space.schedules = {static_cast<core::ScheduleKind>(kind)};
    }
    if (const int stage = zero_->currentData().toInt(); stage >= 0) {
        options.space.zeroStages = {stage};
    }
    return options;
}

bool SearchView::isSearching() const { return runner_->isBusy(); }

void SearchView::startSearch() {
    pending_.options = searchOptions();
    pending_.searched = document_->plan();
    pending_.base = pending_.searched;
    // The whole card: a layout "fits" against the capacity, not the capacity less the margin.
    if (!fitsOnly_->isChecked()) pending_.base.memory.safetyMargin = 0;
    pending_.result.reset();
    pending_.running = true;
    running_.clear();
    runningCounts_ = {};
    // The rows of the previous search stay until this one has rows of its own.
    progress_->setValue(0);
    status_->setText(tr("Searching\u2026"));
    setSearching(true);
    runner_->start(pending_.base, pending_.options);
    updateWhyNotMine();
}

void SearchView::cancelSearch() {
    if (!runner_->isBusy()) return;
    status_->setText(tr("Cancelling: ranking the layouts searched so far\u2026"));
    runner_->cancel();
}

void SearchView::setSearching(bool searching) {
    searchButton_->setEnabled(!searching);
    cancelButton_->setEnabled(searching);
    if (searching) {
        cancelButton_->setFocus();
    } else if (cancelButton_->hasFocus()) {
        searchButton_->setFocus();
    }
}

void SearchView::onProgress(const core::SearchCounts& counts,
                            const std::vector<core::SearchPoint>& points) {
    runningCounts_ = counts;
    if (counts.space > 0) {
        progress_->setValue(static_cast<int>(counts.done * kProgressSteps / counts.space));
    }
    status_->setText(tr("Searching\u2026 %1 of %2 layouts looked at, %3 fit")
                         .arg(grouped(counts.done))
                         .arg(grouped(counts.space))
                         .arg(grouped(counts.fitting)));
    if (points.empty()) return;
    core::mergeBest(running_, points, pending_.options.objective,
                    static_cast<std::size_t>(std::max(0, pending_.options.top)));
    if (!tableTimer_->isActive()) tableTimer_->start();
}

void SearchView::showRunningBest() {
    if (!runner_->isBusy() || running_.empty()) return;
    // The running best as a result, ranked as search() ranks, with the front among its rows.
    core::SearchResult best;
    best.counts = runningCounts_;
    best.objective = pending_.options.objective;
    best.globalBatch =
        pending_.base.training.globalBatch.value_or(core::derivedGlobalBatch(pending_.base));
    const std::vector<std::size_t> front = core::paretoFront(running_);
    std::vector<char> onFront(running_.size(), 0);
    for (const std::size_t i : front) onFront[i] = 1;
    for (std::size_t i = 0; i < running_.size(); ++i) {
        core::SearchCandidate candidate;
        candidate.plan = core::applyLayout(pending_.base, running_[i].layout);
        candidate.point = running_[i];
        candidate.rank = static_cast<int>(i) + 1;
        candidate.pareto = onFront[i] != 0;
        best.candidates.push_back(std::move(candidate));
    }
    for (const std::size_t i : front) best.paretoFront.push_back(best.candidates[i]);
    showRun(best);
    updateWhyNotMine();
}

void SearchView::showRun(const core::SearchResult& result) {
    shown_ = pending_;
    shown_.result = result;
    std::optional<std::uint64_t> usable;
    if (!fitsOnly_->isChecked() && document_->evaluation()->memory) {
        usable = document_->evaluation()->memory->usableBytes;
    }
    model_->setUsableBytes(usable);
    // The current row stays on the same layout while the running best changes.
    std::optional<core::SearchLayout> current;
    if (const QModelIndex at = table_->currentIndex(); at.isValid()) {
        current = model_->candidate(proxy_->mapToSource(at).row()).point.layout;
    }
    model_->setCandidates(result.candidates, result.objective);
    scatter_->setResults(result.candidates, result.paretoFront);
    if (current) {
        for (int row = 0; row < model_->rowCount(); ++row) {
            if (model_->candidate(row).point.layout != *current) continue;
            table_->setCurrentIndex(proxy_->mapFromSource(model_->index(row, 0)));
            break;
        }
    }
    exportCsvButton_->setEnabled(!result.candidates.empty());
    exportJsonButton_->setEnabled(!result.candidates.empty());
}

void SearchView::onFinished(const core::SearchResult& result) {
    tableTimer_->stop();
    running_.clear();
    pending_.running = false;
    showRun(result);
    const core::SearchCounts& counts = result.counts;
    if (counts.space > 0) {
        progress_->setValue(static_cast<int>(counts.done * kProgressSteps / counts.space));
    }
    QString text;
    if (result.cancelled) {
        text = result.candidates.empty()
                   ? tr("Cancelled after %1 of %2 layouts: none of those searched fits.")
                         .arg(grouped(counts.done))
                         .arg(grouped(counts.space))
                   : tr("Cancelled after %1 of %2 layouts: the best of those searched, %3 fit.")
                         .arg(grouped(counts.done))
                         .arg(grouped(counts.space))
                         .arg(grouped(counts.fitting));
    } else {
        text = tr("%1 layouts in %2: %3 pruned, %4 fit.")
                   .arg(grouped(counts.space))
                   .arg(qs(core::formatSeconds(result.seconds)))
                   .arg(grouped(counts.pruned))
                   .arg(grouped(counts.fitting));
    }
    for (const core::CodedText& note : result.notes) {
        text += QLatin1Char(' ') + qs(core::searchNote(note, uiLanguage()));
    }
    status_->setText(withoutSpacesBetweenChinese(text));
    setSearching(false);
    if (model_->rowCount() > 0 && !table_->currentIndex().isValid()) {
        table_->setCurrentIndex(proxy_->index(0, 0));
    }
    updateCurrent();
    updateWhyNotMine();
    emit searchFinished();
}

bool SearchView::exportCsv(const QString& path, QString* error) const {
    if (!shown_.result) return false;
    return writeFileAtomically(path, QByteArray::fromStdString(core::searchCsv(*shown_.result)),
                               error);
}

bool SearchView::exportJson(const QString& path, QString* error) const {
    if (!shown_.result) return false;
    const std::string text = core::searchToJson(*shown_.result).dump(2) + "\n";
    return writeFileAtomically(path, QByteArray::fromStdString(text), error);
}

void SearchView::exportTo(bool csv) {
    if (!prompts_ || !shown_.result) return;
    const QString suffix = csv ? QStringLiteral(".csv") : QStringLiteral(".json");
    const QString folder = document_->filePath().isEmpty()
                               ? QDir::homePath()
                               : QFileInfo(document_->filePath()).absolutePath();
    const QString suggested = QDir(folder).filePath(QStringLiteral("best-layouts") + suffix);
    const QString path = prompts_->saveFileName(
        this, csv ? tr("Export Layouts as CSV") : tr("Export Layouts as JSON"), suggested,
        csv ? tr("CSV files (*.csv);;All files (*)") : tr("JSON files (*.json);;All files (*)"));
    if (path.isEmpty()) return;
    QString error;
    if (!(csv ? exportCsv(path, &error) : exportJson(path, &error))) {
        prompts_->showError(this, tr("Export Layouts"), error);
    }
}

void SearchView::applyRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    const core::SearchCandidate& candidate = model_->candidate(row);
    const core::SearchLayout& l = candidate.point.layout;
    // The layout on the plan as it is now: the search's own plan when nothing else changed.
    const bool applied =
        document_->replacePlan(core::applyLayout(document_->plan(), l),
                               tr("Apply layout #%1 (dp %2 \u00b7 tp %3 \u00b7 pp %4 \u00b7 cp %5)")
                                   .arg(candidate.rank)
                                   .arg(l.dp)
                                   .arg(l.tp)
                                   .arg(l.pp)
                                   .arg(l.cp));
    if (applied) emit rowApplied();
}

void SearchView::updateCurrent() {
    const auto evaluation = document_->evaluation();
    if (!evaluation) return;
    scatter_->setCurrent(core::pointOf(*evaluation, shown_.options.objective));
}

void SearchView::updateWhyNotMine() {
    const auto evaluation = document_->evaluation();
    if (!shown_.result || !evaluation) {
        whyNot_->setText(runner_->isBusy()
                             ? tr("Where this plan ranks shows once the search has found layouts.")
                             : tr("Search to see where this plan ranks among the best layouts."));
        return;
    }
    // Always against the rows the table shows, so the two never disagree.
    const core::PlanComparison c =
        core::compareWithSearch(*evaluation, shown_.searched, *shown_.result);
    QString text;
    switch (c.standing) {
        case core::PlanStanding::Ranked:
            text =
                c.rank == 1
                    ? tr("This plan ranks #1: no layout found does better.")
                    : tr("This plan ranks #%1 of the %2 layouts listed.").arg(c.rank).arg(c.shown);
            break;
        case core::PlanStanding::BelowShown:
            text = tr("This plan ranks below the %1 layouts listed (%2 layouts fit).")
                       .arg(c.shown)
                       .arg(grouped(c.fitting));
            break;
        case core::PlanStanding::DoesNotFit:
            text = tr("This plan is not among them: it does not fit (peak %1, usable %2).")
                       .arg(qs(core::formatBytes(c.mine.peakBytes, units_)),
                            qs(core::formatBytes(c.usableBytes, units_)));
            break;
        case core::PlanStanding::Invalid:
            text = tr("This plan is not among them: it is invalid (%1).")
                       .arg(c.firstError ? qs(c.firstError->message) : QString());
            break;
        case core::PlanStanding::Untimed:
            text = tr("This plan is not among them: it has no step time.");
            break;
        case core::PlanStanding::OtherPlan:
            text =
                tr("The plan has changed beyond its layout since the search (model, cluster, "
                   "batch or options): search again to compare.");
            break;
        case core::PlanStanding::NoSearch:
            text = tr("No layout fits, so there is nothing to compare with.");
            break;
        case core::PlanStanding::Warned:
            text = tr("This plan is not among them: the search leaves out layouts the rules warn "
                      "about (%1).")
                       .arg(c.firstError ? localizedMessage(*c.firstError) : QString());
            break;
    }
    if (!c.differences.empty() && !shown_.result->candidates.empty()) {
        const core::SearchLayout& best = shown_.result->candidates.front().point.layout;
        QStringList changes;
        for (const core::LayoutDifference& d : c.differences) {
            changes << tr("%1 %2 \u2192 %3")
                           .arg(layoutFieldName(d.field), layoutFieldValue(c.mine.layout, d.field),
                                layoutFieldValue(best, d.field));
        }
        text += QLatin1Char(' ') +
                tr("The best layout differs: %1.").arg(changes.join(QStringLiteral("; ")));
    }
    if (shown_.running) text = tr("So far: %1").arg(text);
    whyNot_->setText(withoutSpacesBetweenChinese(text));
}

}  // namespace fourfold::ui
