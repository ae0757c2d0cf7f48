// SPDX-License-Identifier: GPL-3.0-or-later
// SearchRunner: the search runs off the GUI thread, its reports arrive on the GUI thread before
// its result, and merged as they come they give the result's candidates; a new start while one
// runs cancels it and only the newer result is delivered.
#include "tests/core/search_plans.h"

#include "core/plan/catalog.h"
#include "core/search/search.h"
#include "core/search/search_compare.h"
#include "ui/search/search_runner.h"

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QThreadPool>

using namespace fourfold;

class TestSearchRunner : public QObject {
    Q_OBJECT
private slots:
    void reportsArriveOnTheGuiThreadBeforeTheResult() {
        ui::SearchRunner runner;
        core::SearchOptions options;
        options.top = 12;
        std::vector<core::SearchPoint> best;
        int reports = 0;
        bool finished = false;
        bool reportAfterResult = false;
        bool offThread = false;
        core::SearchResult result;
        connect(&runner, &ui::SearchRunner::progressed, this,
                [&](const core::SearchCounts&, const std::vector<core::SearchPoint>& points) {
                    ++reports;
                    offThread = offThread || QThread::currentThread() != thread();
                    reportAfterResult = reportAfterResult || finished;
                    core::mergeBest(best, points, options.objective, 12);
                });
        connect(&runner, &ui::SearchRunner::finished, this, [&](const core::SearchResult& r) {
            finished = true;
            result = r;
        });
        QSignalSpy busy(&runner, &ui::SearchRunner::busyChanged);
        runner.start(test::smallSearchPlan(), options);
        QVERIFY(runner.isBusy());
        QVERIFY(QTest::qWaitFor([&] { return finished; }, 60000));
        QVERIFY(!runner.isBusy());
        QCOMPARE(busy.count(), 2);
        QVERIFY(reports > 0);
        QVERIFY(!offThread);
        QVERIFY(!reportAfterResult);
        QVERIFY(!result.cancelled);
        QCOMPARE(best.size(), result.candidates.size());
        for (std::size_t i = 0; i < best.size(); ++i)
            QVERIFY(best[i] == result.candidates[i].point);
    }

    void aNewStartReplacesTheRunInFlight() {
        ui::SearchRunner runner;
        QSignalSpy finished(&runner, &ui::SearchRunner::finished);
        core::Plan large = test::smallSearchPlan();
        large.cluster.nodes = 64;  // 512 GPUs: a long search to cancel
        runner.start(large, {});
        core::SearchOptions second;
        second.top = 3;
        runner.start(test::smallSearchPlan(), second);
        QVERIFY(finished.wait(60000) || finished.count() > 0);
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        const auto result = finished.at(0).at(0).value<core::SearchResult>();
        QVERIFY(!result.cancelled);
        QCOMPARE(result.candidates.size(), std::size_t{3});
        const core::SearchResult expected = core::search(test::smallSearchPlan(), second);
        QVERIFY(result.candidates == expected.candidates);
        // Every count but `timed`, which depends on the order the threads settle the bound in.
        QCOMPARE(result.counts.space, expected.counts.space);
        QCOMPARE(result.counts.done, expected.counts.done);
        QCOMPARE(result.counts.pruned, expected.counts.pruned);
        QCOMPARE(result.counts.evaluated, expected.counts.evaluated);
        QCOMPARE(result.counts.fitting, expected.counts.fitting);
        QVERIFY(result.counts.timed > 0 && result.counts.timed <= result.counts.fitting);
    }

    // The search has a thread of its own: Qt's raster engine splits large fills across its
    // global pool and waits for the parts, so a search queued there would keep the window
    // waiting.
    void runsBesideQtsGlobalPool() {
        ui::SearchRunner runner;
        QSignalSpy finished(&runner, &ui::SearchRunner::finished);
        core::Plan large = test::smallSearchPlan();
        large.cluster.nodes = 64;
        const int before = QThreadPool::globalInstance()->activeThreadCount();
        runner.start(large, {});
        QCOMPARE(QThreadPool::globalInstance()->activeThreadCount(), before);
        runner.cancel();
        QVERIFY(finished.wait(20000) || finished.count() > 0);
    }

    void cancelStopsTheRun() {
        ui::SearchRunner runner;
        QSignalSpy finished(&runner, &ui::SearchRunner::finished);
        core::Plan large = test::smallSearchPlan();
        large.cluster.nodes = 64;
        runner.start(large, {});
        runner.cancel();
        QVERIFY(finished.wait(20000) || finished.count() > 0);
        const auto result = finished.at(0).at(0).value<core::SearchResult>();
        QVERIFY(result.cancelled);
        QVERIFY(result.counts.done < result.counts.space);
    }
};

QTEST_MAIN(TestSearchRunner)
#include "tst_search_runner.moc"
