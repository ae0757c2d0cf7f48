// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-planner panel driven through its widgets: Edit ▸ Find Best Layouts shows it, Search
// fills the table with exactly the core's candidates in the objective's order, a header click
// sorts, a double-click or Enter applies a row as one undoable step, the scatter holds the
// candidates, the core's Pareto front and the current plan, "Why not mine?" names the plan's
// rank, Cancel stops a search of GPT-3 175B on 1,024 GPUs and keeps only what was searched.

#include "tests/core/search_plans.h"
#include "tests/ui/mnemonics.h"
#include "tests/ui/window_fixture.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/search/search.h"
#include "core/search/search_compare.h"
#include "core/search/search_fields.h"
#include "core/text/format.h"
#include "ui/charts/palette.h"
#include "ui/document/plan_document.h"
#include "ui/search/search_results_model.h"
#include "ui/search/search_scatter.h"
#include "ui/search/search_view.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"
#include "ui/widgets/prompts.h"

#include <qcustomplot.h>

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace fourfold;
using fourfold::ui::testing::mnemonicOf;

namespace {

// The model's rows in the order the table shows them.
std::vector<core::SearchCandidate> shownRows(const ui::SearchView& view) {
    std::vector<core::SearchCandidate> rows;
    const QAbstractItemModel* shown = view.table()->model();
    auto* proxy = qobject_cast<const QSortFilterProxyModel*>(shown);
    for (int row = 0; row < shown->rowCount(); ++row) {
        rows.push_back(view.model()->candidate(proxy->mapToSource(shown->index(row, 0)).row()));
    }
    return rows;
}

bool runSearch(ui::SearchView& view) {
    QSignalSpy finished(&view, &ui::SearchView::searchFinished);
    QTest::mouseClick(view.searchButton(), Qt::LeftButton);
    return finished.wait(60000) || finished.count() > 0;
}

}  // namespace

class TestSearchView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::useTestPaths(); }
    void init() { test::forgetSettings(); }

    // Ctrl+F shows the dock with the focus on Search; the search's rows are the core's.
    void searchFillsTheTableWithTheCoresCandidates() {
        const core::Plan plan = test::smallSearchPlan();
        test::ShownWindow shown(plan, {1600, 1000});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        QVERIFY(window.searchDock()->isHidden());
        QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(window.searchDock()->isVisible());
        ui::SearchView& view = *window.searchView();
        QTRY_VERIFY(view.searchButton()->hasFocus());
        QVERIFY(view.fitsOnlyBox()->isChecked());
        QCOMPARE(view.objectiveBox()->currentText(), QStringLiteral("Tokens per second"));

        QVERIFY(runSearch(view));
        QVERIFY(view.result().has_value());
        QVERIFY(!view.result()->cancelled);
        const core::SearchResult expected = core::search(plan, view.searchOptions());
        QVERIFY(!expected.candidates.empty());
        QCOMPARE(view.searchOptions().top, 50);
        const std::vector<core::SearchCandidate> rows = shownRows(view);
        QCOMPARE(rows.size(), expected.candidates.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QVERIFY2(rows[i] == expected.candidates[i], qPrintable(QString::number(i)));
        }
        QVERIFY(view.progressBar()->value() == view.progressBar()->maximum());
        QVERIFY(view.cancelButton()->isEnabled() == false);

        // A column for each field that varies, none for one that does not, then the figures.
        std::vector<core::SearchPoint> points;
        for (const auto& c : expected.candidates) points.push_back(c.point);
        const std::vector<core::LayoutField> varying = core::varyingFields(points);
        QVERIFY(varying.size() >= 3);
        for (const core::LayoutField field : core::layoutFields()) {
            const bool varies = std::find(varying.begin(), varying.end(), field) != varying.end();
            QCOMPARE(view.model()->columnOf(ui::SearchResultsModel::Column::Field, field) >= 0,
                     varies);
        }
        using Column = ui::SearchResultsModel::Column;
        for (const Column figure :
             {Column::PeakMemory, Column::TokensPerS, Column::Mfu, Column::Bubble}) {
            QVERIFY(view.model()->columnOf(figure) > 0);
        }
        // Figures as the core formats them, GB by default and GiB on the setting.
        const int peak = view.model()->columnOf(Column::PeakMemory);
        const QModelIndex first = view.model()->index(0, peak);
        QCOMPARE(first.data().toString(),
                 QString::fromStdString(core::formatBytes(expected.candidates[0].point.peakBytes)));
        ui::AppSettings::instance().setByteUnits(core::ByteUnits::Binary);
        QCOMPARE(first.data().toString(),
                 QString::fromStdString(core::formatBytes(expected.candidates[0].point.peakBytes,
                                                          core::ByteUnits::Binary)));
        const int tokens = view.model()->columnOf(Column::TokensPerS);
        QCOMPARE(
            view.model()->index(0, tokens).data().toString(),
            QString::fromStdString(core::formatCount(expected.candidates[0].point.tokensPerS)));
    }

    // Another objective orders the rows its way, again exactly as the core does.
    void headroomObjectiveOrdersAsTheCore() {
        const core::Plan plan = test::smallSearchPlan();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        view.objectiveBox()->setCurrentIndex(3);
        view.zeroBox()->setCurrentIndex(view.zeroBox()->findData(1));
        QVERIFY(runSearch(view));
        const core::SearchOptions options = view.searchOptions();
        QVERIFY(options.objective == core::SearchObjective::Headroom);
        QVERIFY(options.space.zeroStages == std::vector<int>{1});
        const core::SearchResult expected = core::search(plan, options);
        QVERIFY(shownRows(view) == expected.candidates);
        for (const auto& row : shownRows(view)) QCOMPARE(row.point.layout.zeroStage, 1);
        QVERIFY(view.model()->columnOf(ui::SearchResultsModel::Column::Objective) > 0);
    }

    // A click on a header sorts by that column, a second click reverses it.
    void headerClickSortsRows() {
        ui::PlanDocument document(test::smallSearchPlan());
        ui::SearchView view(&document);
        view.resize(1400, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(runSearch(view));
        using Column = ui::SearchResultsModel::Column;
        const int peak = view.model()->columnOf(Column::PeakMemory);
        QHeaderView* header = view.table()->horizontalHeader();
        const QPoint at(header->sectionViewportPosition(peak) + header->sectionSize(peak) / 2,
                        header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(header->sortIndicatorSection(), peak);
        const auto ascending = [](const std::vector<core::SearchCandidate>& rows, bool up) {
            for (std::size_t i = 1; i < rows.size(); ++i) {
                const auto a = rows[i - 1].point.peakBytes;
                const auto b = rows[i].point.peakBytes;
                if (up ? a > b : a < b) return false;
            }
            return true;
        };
        const Qt::SortOrder first = header->sortIndicatorOrder();
        QVERIFY(ascending(shownRows(view), first == Qt::AscendingOrder));
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        QVERIFY(header->sortIndicatorOrder() != first);
        QVERIFY(ascending(shownRows(view), header->sortIndicatorOrder() == Qt::AscendingOrder));
        QVERIFY(shownRows(view).front().point.peakBytes != shownRows(view).back().point.peakBytes);
    }

    // Double-click applies a row's plan as one undo step; Ctrl+Z restores; Enter does the same.
    void doubleClickAppliesOneUndoableStep() {
        const core::Plan plan = test::smallSearchPlan();
        test::ShownWindow shown(plan, {1600, 1000});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        window.showSearch();
        ui::SearchView& view = *window.searchView();
        QVERIFY(runSearch(view));
        QTableView* table = view.table();
        const std::vector<core::SearchCandidate> rows = shownRows(view);
        QVERIFY(rows.size() >= 3);
        const int steps = document.undoStack()->count();
        const QRect cell = table->visualRect(table->model()->index(1, 0));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(document.plan(), rows[1].plan);
        QCOMPARE(document.undoStack()->count(), steps + 1);
        QTRY_VERIFY(document.evaluation()->plan == rows[1].plan);
        QVERIFY(document.evaluation()->performance->tokensPerS == rows[1].point.tokensPerS);
        QCOMPARE(document.evaluation()->memory->peakBytes, rows[1].point.peakBytes);
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(document.plan(), plan);
        QCOMPARE(document.undoStack()->index(), steps);

        table->setFocus();
        table->setCurrentIndex(table->model()->index(2, 0));
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(document.plan(), rows[2].plan);
        document.undoStack()->undo();
        QCOMPARE(document.plan(), plan);
    }

    // Hidden, the scatter keeps the plan's mark but does not draw; shown, it draws it.
    void hiddenScatterDrawsWhenShown() {
        ui::SearchScatter scatter;
        for (int pass = 0; pass < 3; ++pass) QCoreApplication::processEvents();
        int replots = 0;
        connect(scatter.plot(), &QCustomPlot::afterReplot, this, [&replots] { ++replots; });
        core::SearchPoint point;
        point.timed = true;
        point.peakBytes = 40'000'000'000ull;
        point.tokensPerS = 1e5;
        scatter.setCurrent(point);
        for (int pass = 0; pass < 3; ++pass) QCoreApplication::processEvents();
        QCOMPARE(replots, 0);
        QCOMPARE(scatter.currentGraph()->data()->size(), 1);
        scatter.show();
        QVERIFY(QTest::qWaitForWindowExposed(&scatter));
        QTRY_VERIFY(replots >= 1);
    }

    // The scatter: one point per row, the front's line through the core's front, this plan.
    void scatterDrawsTheCandidatesTheFrontAndThisPlan() {
        const core::Plan plan = test::smallSearchPlan();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        QVERIFY(runSearch(view));
        const core::SearchResult& result = *view.result();
        ui::SearchScatter* scatter = view.scatter();
        QCOMPARE(scatter->candidatesGraph()->data()->size(), view.model()->rowCount());
        const auto* front = scatter->frontGraph()->data().data();
        QCOMPARE(std::size_t(front->size()), result.paretoFront.size());
        QVERIFY(!result.paretoFront.empty());
        for (int i = 0; i < front->size(); ++i) {
            const core::SearchPoint& point = result.paretoFront[std::size_t(i)].point;
            QCOMPARE(front->at(i)->key, double(point.peakBytes) / 1e9);
            QCOMPARE(front->at(i)->value, point.tokensPerS);
        }
        QCOMPARE(scatter->frontGraph()->lineStyle(), QCPGraph::lsLine);
        const auto* current = scatter->currentGraph()->data().data();
        QCOMPARE(current->size(), 1);
        QCOMPARE(current->at(0)->key, double(document.evaluation()->memory->peakBytes) / 1e9);
        QCOMPARE(current->at(0)->value, document.evaluation()->performance->tokensPerS);
    }

    // "Why not mine?" names the rank the core gives, and the fields in which the best differs.
    void whyNotMineNamesTheRank() {
        core::Plan plan = test::smallSearchPlan();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        QVERIFY(runSearch(view));
        const core::PlanComparison comparison =
            core::compareWithSearch(*document.evaluation(), plan, *view.result());
        QString text = view.whyNotMine()->text();
        if (comparison.standing == core::PlanStanding::Ranked) {
            QVERIFY2(text.contains(QStringLiteral("ranks #%1").arg(comparison.rank)),
                     qPrintable(text));
        } else {
            QCOMPARE(comparison.standing, core::PlanStanding::BelowShown);
            QVERIFY2(text.contains(QStringLiteral("below the %1").arg(comparison.shown)),
                     qPrintable(text));
        }
        QVERIFY(!comparison.differences.empty());
        const core::SearchLayout& best = view.result()->candidates.front().point.layout;
        for (const core::LayoutDifference& d : comparison.differences) {
            QVERIFY2(text.contains(QStringLiteral("%1 %2 \u2192 %3")
                                       .arg(ui::layoutFieldName(d.field),
                                            ui::layoutFieldValue(comparison.mine.layout, d.field),
                                            ui::layoutFieldValue(best, d.field))),
                     qPrintable(text));
        }
        // The third row applied: it ranks #3, listed.
        view.applyRow(2);
        QTRY_VERIFY(view.whyNotMine()->text().contains(QStringLiteral("ranks #3")));
        view.applyRow(0);
        QTRY_VERIFY(view.whyNotMine()->text().contains(QStringLiteral("ranks #1")));
        // Another card is another plan: the search no longer speaks for it.
        core::Plan large = document.plan();
        large.cluster.gpu.memoryBytes = 1ULL << 30;
        document.replacePlan(large, QStringLiteral("small card"));
        QTRY_VERIFY(view.whyNotMine()->text().contains(QStringLiteral("changed beyond")));
    }

    // Fits only off: the whole card is searched; a column says which rows stay within the
    // plan's margin, and applying one keeps the plan's margin.
    void fitsOnlyOffSearchesTheWholeCard() {
        core::Plan plan = test::smallSearchPlan();
        plan.memory.safetyMargin = 0.9;  // a tenth of the card usable
        plan.cluster.gpu.memoryBytes = 4ULL << 30;
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        view.topBox()->setValue(500);
        QVERIFY(runSearch(view));
        const std::int64_t withinMargin = view.result()->counts.fitting;
        using Column = ui::SearchResultsModel::Column;
        QCOMPARE(view.model()->columnOf(Column::Margin), -1);
        view.fitsOnlyBox()->setChecked(false);
        QVERIFY(runSearch(view));
        core::Plan wholeCard = plan;
        wholeCard.memory.safetyMargin = 0;
        const core::SearchResult expected = core::search(wholeCard, view.searchOptions());
        QVERIFY(shownRows(view) == expected.candidates);
        QVERIFY(view.result()->counts.fitting > withinMargin);
        const int margin = view.model()->columnOf(Column::Margin);
        QVERIFY(margin > 0);
        const std::uint64_t usable = document.evaluation()->memory->usableBytes;
        int over = -1;
        for (int row = 0; row < view.model()->rowCount(); ++row) {
            const bool within = view.model()->candidate(row).point.peakBytes <= usable;
            QCOMPARE(view.model()->index(row, margin).data().toString(),
                     within ? QStringLiteral("yes") : QStringLiteral("no"));
            if (!within && over < 0) over = row;
        }
        QVERIFY(over >= 0);
        view.applyRow(over);
        QCOMPARE(document.plan().memory.safetyMargin, 0.9);
        QVERIFY(document.plan().parallel == view.model()->candidate(over).plan.parallel);
        QTRY_VERIFY(document.evaluation()->plan == document.plan());
        QVERIFY(!document.evaluation()->memory->fits);
    }

    // Cancel mid-search on GPT-3 175B over 1,024 GPUs: it stops, and the table keeps the best
    // of the layouts searched, with figures evaluate() confirms; "Why not mine?" compares the
    // plan with those rows, and the scatter holds them.
    void cancelStopsALargeSearch() {
        const core::Plan plan = test::gpt3OnDefaultCluster();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        QSignalSpy finished(&view, &ui::SearchView::searchFinished);
        QTest::mouseClick(view.searchButton(), Qt::LeftButton);
        QVERIFY(view.isSearching());
        QVERIFY(view.cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(view.statusLabel()->text().contains(QStringLiteral("looked at")),
                                 60000);
        QVERIFY(finished.isEmpty());
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        // A generous bound on "promptly": the search checks the flag every few layouts.
        QVERIFY(QTest::qWaitFor([&] { return !finished.isEmpty(); }, 20000));
        QVERIFY(!view.isSearching());
        const core::SearchResult& result = *view.result();
        QVERIFY(result.cancelled);
        QVERIFY(result.counts.done < result.counts.space);
        QVERIFY(view.statusLabel()->text().startsWith(QStringLiteral("Cancelled")));
        // Counts of a million layouts read grouped: "of 1,737,888 layouts".
        QVERIFY(result.counts.space >= 1000);
        const QString space = QString::fromStdString(core::formatGrouped(result.counts.space));
        QVERIFY(space.contains(QLatin1Char(',')));
        QVERIFY2(view.statusLabel()->text().contains(QStringLiteral("of %1 layouts").arg(space)),
                 qPrintable(view.statusLabel()->text()));
        QVERIFY(shownRows(view) == result.candidates);
        QVERIFY(result.counts.fitting > 0);
        QVERIFY(!result.candidates.empty());
        QVERIFY(!result.paretoFront.empty());
        QVERIFY(view.statusLabel()->text().contains(QStringLiteral("the best of those searched")));
        QVERIFY2(!view.whyNotMine()->text().contains(QStringLiteral("No layout fits")),
                 qPrintable(view.whyNotMine()->text()));
        QCOMPARE(view.scatter()->candidatesGraph()->data()->size(), view.model()->rowCount());
        for (std::size_t i = 0; i < std::min<std::size_t>(2, result.candidates.size()); ++i) {
            const core::SearchCandidate& row = result.candidates[i];
            const core::Evaluation evaluation = core::evaluate(row.plan);
            QCOMPARE(evaluation.memory->peakBytes, row.point.peakBytes);
            QVERIFY(evaluation.performance->stepTimeS == row.point.stepTimeS);
        }
        QVERIFY(view.searchButton()->isEnabled());
    }

    // The table and the scatter fill while the search runs, a few times a second, with the best
    // so far in the objective's order; the rows of the previous search stay until the new one
    // has rows of its own.
    void rowsStreamWhileTheSearchRuns() {
        const core::Plan plan = test::gpt3OnDefaultCluster();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.resize(1400, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy finished(&view, &ui::SearchView::searchFinished);
        QTest::mouseClick(view.searchButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() > 0 || !finished.isEmpty(), 60000);
        QVERIFY2(finished.isEmpty(), "the search ended before showing any row");
        QVERIFY(view.showsRunningBest());
        QCOMPARE(view.scatter()->candidatesGraph()->data()->size(), view.model()->rowCount());
        QVERIFY(view.whyNotMine()->text().startsWith(QStringLiteral("So far")));
        // Best first, as search() ranks.
        const auto& rows = view.model()->candidates();
        for (std::size_t i = 1; i < rows.size(); ++i) {
            QVERIFY(!core::ranksBefore(rows[i].point, rows[i - 1].point,
                                       core::SearchObjective::TokensPerS));
        }
        // Counted over two seconds, the rows change at most a few times a second.
        int resets = 0;
        connect(view.model(), &QAbstractItemModel::modelReset, this, [&resets] { ++resets; });
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 2000 && finished.isEmpty()) QTest::qWait(20);
        QVERIFY2(resets <= 2 * 5, qPrintable(QString::number(resets)));
        QVERIFY(QTest::qWaitFor([&] { return !finished.isEmpty(); }, 120000));
        QVERIFY(!view.showsRunningBest());
        const core::SearchResult first = *view.result();
        QVERIFY(!first.candidates.empty());

        // A second search: the first's rows until the second has its own.
        QTest::mouseClick(view.searchButton(), Qt::LeftButton);
        QVERIFY(view.isSearching());
        QVERIFY(view.result().has_value());
        QCOMPARE(view.model()->rowCount(), static_cast<int>(first.candidates.size()));
        QVERIFY(view.result()->candidates == first.candidates);
        QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
        QVERIFY(QTest::qWaitFor([&] { return finished.count() == 2; }, 60000));
        QVERIFY(view.result()->cancelled);
    }

    // Export CSV and Export JSON write the rows shown, through the window's file prompt.
    void exportWritesTheRowsShown() {
        const core::Plan plan = test::smallSearchPlan();
        ui::PlanDocument document(plan);
        ui::MainWindow window(&document);
        QTemporaryDir dir;
        QString asked;
        ui::Prompts prompts;
        prompts.saveFileName = [&](QWidget*, const QString&, const QString& suggested,
                                   const QString&) {
            asked = suggested;
            return dir.filePath(QFileInfo(suggested).fileName());
        };
        window.setPrompts(prompts);
        window.resize(1600, 1000);
        window.show();
        window.showSearch();
        ui::SearchView& view = *window.searchView();
        QVERIFY(!view.exportCsvButton()->isEnabled());
        QVERIFY(runSearch(view));
        QVERIFY(view.exportCsvButton()->isEnabled());
        QTest::mouseClick(view.exportCsvButton(), Qt::LeftButton);
        QVERIFY(asked.endsWith(QStringLiteral(".csv")));
        QFile csv(dir.filePath(QStringLiteral("best-layouts.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = csv.readAll().split('\n');
        QVERIFY(lines.front().startsWith("rank,pareto,fits,dp,tp"));
        QCOMPARE(lines.size() - 2, view.model()->rowCount());  // header and final line end
        QTest::mouseClick(view.exportJsonButton(), Qt::LeftButton);
        QFile json(dir.filePath(QStringLiteral("best-layouts.json")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject object = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(object.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("fourfold.search/1"));
        QCOMPARE(object.value(QStringLiteral("candidates")).toArray().size(),
                 view.model()->rowCount());
    }

    // No plan identifier in the panel: the schedule filter and the table's choices read as
    // the controls name them.
    void choicesReadAsWords() {
        ui::PlanDocument document(test::smallSearchPlan());
        ui::SearchView view(&document);
        view.show();
        for (int i = 0; i < view.scheduleBox()->count(); ++i) {
            const QString text = view.scheduleBox()->itemText(i);
            QVERIFY2(!text.contains(QLatin1Char('_')), qPrintable(text));
        }
        QVERIFY(view.scheduleBox()->findText(QStringLiteral("Interleaved 1F1B")) > 0);
        QVERIFY(runSearch(view));
        for (int row = 0; row < view.model()->rowCount(); ++row) {
            for (int column = 0; column < view.model()->columnCount(); ++column) {
                const QString text = view.model()->index(row, column).data().toString();
                QVERIFY2(!text.contains(QLatin1Char('_')), qPrintable(text));
            }
        }
    }

    // A plan the rules warn about is not ranked: the search leaves such layouts out.
    void whyNotMineNamesAWarnedLayout() {
        core::Plan plan = test::smallSearchPlan();
        ui::PlanDocument document(plan);
        ui::SearchView view(&document);
        view.show();
        QVERIFY(runSearch(view));
        core::Plan warned = plan;
        warned.parallel.pp = 2;
        warned.parallel.dp = std::max(1, plan.parallel.dp / 2);
        warned.parallel.zeroStage = 2;
        warned.training.gradAccumulation = plan.training.gradAccumulation * 2;
        document.replacePlan(warned, QStringLiteral("ZeRO 2 with a pipeline"));
        QTRY_VERIFY2(view.whyNotMine()->text().contains(QStringLiteral("warn about")),
                     qPrintable(view.whyNotMine()->text()));
        for (const core::SearchCandidate& row : view.result()->candidates) {
            QVERIFY(!(row.point.layout.zeroStage >= 2 && row.point.layout.pp > 1));
        }
    }

    // Alt+letter: the panel's mnemonics are its own and leave the menu bar's F, E, V and H.
    void keyboardMnemonicsAndTabOrder() {
        test::ShownWindow shown(test::smallSearchPlan(), {1280, 800});
        auto& [document, window] = shown;
        QVERIFY(shown.active());
        window.findLayoutsAction()->trigger();
        ui::SearchView& view = *window.searchView();
        QSet<QChar> taken;
        for (QLabel* label : view.findChildren<QLabel*>()) {
            const QChar letter = mnemonicOf(label->text());
            if (letter.isNull()) continue;
            QVERIFY(label->buddy());
            QVERIFY2(!taken.contains(letter), qPrintable(label->text()));
            taken.insert(letter);
        }
        for (QAbstractButton* button : view.findChildren<QAbstractButton*>()) {
            const QChar letter = mnemonicOf(button->text());
            if (letter.isNull()) continue;
            QVERIFY2(!taken.contains(letter), qPrintable(button->text()));
            taken.insert(letter);
        }
        QCOMPARE(taken.size(), 9);
        for (const char menu : {'F', 'E', 'V', 'H'}) QVERIFY(!taken.contains(QLatin1Char(menu)));
        for (QAction* action : window.menuBar()->actions()) {
            QVERIFY(!taken.contains(mnemonicOf(action->text())));
        }
        // Tab runs through the filters, Search, then the table (Cancel is off while idle).
        view.objectiveBox()->setFocus();
        const QList<QWidget*> order = {view.scheduleBox(), view.zeroBox(), view.topBox(),
                                       view.fitsOnlyBox(), view.searchButton()};
        for (QWidget* next : order) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QTRY_COMPARE(QApplication::focusWidget(), next);
        }
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view.table()));
        // Alt+J reaches the objective.
        QTest::keyClick(&window, Qt::Key_J, Qt::AltModifier);
        QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget*>(view.objectiveBox()));
    }

    // A live theme change recolours the scatter: the current plan's mark takes the text colour.
    void scatterFollowsALiveThemeChange() {
        ui::PlanDocument document(test::smallSearchPlan());
        ui::SearchView view(&document);
        view.show();
        const QPalette before = QApplication::palette();
        QApplication::setPalette(ui::paletteFor(ui::Theme::Dark));
        const QColor text = ui::paletteFor(ui::Theme::Dark).color(QPalette::Text);
        QTRY_COMPARE(view.scatter()->currentGraph()->scatterStyle().pen().color(), text);
        QTRY_COMPARE(view.scatter()->plot()->xAxis->tickLabelColor(), text);
        QApplication::setPalette(ui::paletteFor(ui::Theme::Light));
        QTRY_COMPARE(view.scatter()->currentGraph()->scatterStyle().pen().color(),
                     ui::paletteFor(ui::Theme::Light).color(QPalette::Text));
        QApplication::setPalette(before);
    }
};

QTEST_MAIN(TestSearchView)
#include "tst_search_view.moc"
