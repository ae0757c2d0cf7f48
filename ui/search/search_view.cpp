// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/search/search_view.h"

#include "core/plan/plan_enums.h"
#include "core/search/search_compare.h"
#include "core/search/search_json.h"
#include "core/text/format.h"
#include "ui/document/plan_document.h"
#include "ui/search/search_results_model.h"
#include "ui/search/search_runner.h"
#include "ui/search/search_scatter.h"
#include "ui/settings/language.h"

#include <QCheckBox>
#include <QComboBox>
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
QString qs(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }
// "1,737,888 layouts": counts of layouts read grouped, as in the tables.
QString grouped(std::int64_t count) { return qs(core::formatGrouped(count)); }

constexpr int kTableRefreshMs = 150;
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

    // Two short rows, so the dock fits beside the controls at 1280 pixels.
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
    progress_ = new QProgressBar;
    progress_->setObjectName(QStringLiteral("searchProgress"));
    progress_->setRange(0, kProgressSteps);
    progress_->setValue(0);
    progress_->setFixedWidth(140);
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
    column->addLayout(why);

    tableTimer_ = new QTimer(this);
    tableTimer_->setSingleShot(true);
    tableTimer_->setInterval(kTableRefreshMs);
    connect(tableTimer_, &QTimer::timeout, this, &SearchView::showRunningBest);

    connect(searchButton_, &QPushButton::clicked, this, &SearchView::startSearch);
    connect(cancelButton_, &QPushButton::clicked, this, &SearchView::cancelSearch);
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
    setTabOrder(cancelButton_, table_);
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
        schedule_->addItem(qs(core::toString(kind)), static_cast<int>(kind));
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
    options_ = searchOptions();
    searched_ = document_->plan();
    searchBase_ = searched_;
    // The whole card: a layout "fits" against the capacity, not the capacity less the margin.
    if (!fitsOnly_->isChecked()) searchBase_.memory.safetyMargin = 0;
    running_.clear();
    result_.reset();
    model_->setUsableBytes(std::nullopt);
    model_->clear();
    scatter_->setResults({}, {});
    progress_->setValue(0);
    status_->setText(tr("Searching\u2026"));
    setSearching(true);
    runner_->start(searchBase_, options_);
    updateWhyNotMine();
}

void SearchView::cancelSearch() {
    if (!runner_->isBusy()) return;
    status_->setText(tr("Cancelling\u2026"));
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
    if (counts.space > 0) {
        progress_->setValue(static_cast<int>(counts.done * kProgressSteps / counts.space));
    }
    status_->setText(tr("Searching\u2026 %1 of %2 layouts looked at, %3 fit")
                         .arg(grouped(counts.done))
                         .arg(grouped(counts.space))
                         .arg(grouped(counts.fitting)));
    if (points.empty()) return;
    core::mergeBest(running_, points, options_.objective,
                    static_cast<std::size_t>(std::max(0, options_.top)));
    if (!tableTimer_->isActive()) tableTimer_->start();
}

void SearchView::showRunningBest() {
    if (!runner_->isBusy()) return;
    std::vector<core::SearchCandidate> rows;
    rows.reserve(running_.size());
    for (std::size_t i = 0; i < running_.size(); ++i) {
        core::SearchCandidate candidate;
        candidate.plan = core::applyLayout(searchBase_, running_[i].layout);
        candidate.point = running_[i];
        candidate.rank = static_cast<int>(i) + 1;
        rows.push_back(std::move(candidate));
    }
    model_->setCandidates(std::move(rows), options_.objective);
    scatter_->setResults(model_->candidates(), {});
}

void SearchView::onFinished(const core::SearchResult& result) {
    tableTimer_->stop();
    running_.clear();
    result_ = result;
    if (!fitsOnly_->isChecked() && document_->evaluation()->memory) {
        model_->setUsableBytes(document_->evaluation()->memory->usableBytes);
    }
    model_->setCandidates(result.candidates, result.objective);
    scatter_->setResults(result.candidates, result.paretoFront);
    const core::SearchCounts& counts = result.counts;
    if (counts.space > 0) {
        progress_->setValue(static_cast<int>(counts.done * kProgressSteps / counts.space));
    }
    QString text = result.cancelled
                       ? tr("Cancelled after %1 of %2 layouts: the best of those searched, %3 fit.")
                             .arg(grouped(counts.done))
                             .arg(grouped(counts.space))
                             .arg(grouped(counts.fitting))
                       : tr("%1 layouts in %2: %3 pruned, %4 fit.")
                             .arg(grouped(counts.space))
                             .arg(qs(core::formatSeconds(result.seconds)))
                             .arg(grouped(counts.pruned))
                             .arg(grouped(counts.fitting));
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

void SearchView::applyRow(int row) {
    if (row < 0 || row >= model_->rowCount()) return;
    const core::SearchCandidate& candidate = model_->candidate(row);
    const core::SearchLayout& l = candidate.point.layout;
    // The layout on the plan as it is now: the search's own plan when nothing else changed.
    document_->replacePlan(core::applyLayout(document_->plan(), l),
                           tr("Apply layout #%1 (dp %2 \u00b7 tp %3 \u00b7 pp %4 \u00b7 cp %5)")
                               .arg(candidate.rank)
                               .arg(l.dp)
                               .arg(l.tp)
                               .arg(l.pp)
                               .arg(l.cp));
}

void SearchView::updateCurrent() {
    const auto evaluation = document_->evaluation();
    if (!evaluation) return;
    scatter_->setCurrent(core::pointOf(*evaluation, options_.objective));
}

void SearchView::updateWhyNotMine() {
    const auto evaluation = document_->evaluation();
    if (!result_ || !evaluation) {
        whyNot_->setText(runner_->isBusy()
                             ? tr("Where this plan ranks shows when the search ends.")
                             : tr("Search to see where this plan ranks among the best layouts."));
        return;
    }
    const core::PlanComparison c = core::compareWithSearch(*evaluation, searched_, *result_);
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
    }
    if (!c.differences.empty()) {
        QStringList changes;
        for (const core::LayoutDifference& d : c.differences) {
            changes << tr("%1 %2 \u2192 %3").arg(layoutFieldName(d.field), qs(d.mine), qs(d.best));
        }
        text += QLatin1Char(' ') +
                tr("The best layout differs: %1.").arg(changes.join(QStringLiteral("; ")));
    }
    whyNot_->setText(withoutSpacesBetweenChinese(text));
}

}  // namespace fourfold::ui
