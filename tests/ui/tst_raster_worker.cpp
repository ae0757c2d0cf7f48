// SPDX-License-Identifier: GPL-3.0-or-later
// RasterWorker and RasterJob: work queued on the views' worker is done once, by whichever
// thread begins it first. A job the GUI thread asks for before the worker has begun it runs on
// the GUI thread (a busy worker never keeps the window waiting); one the worker has begun is
// waited for.
#include "ui/charts/raster_worker.h"

#include <QSemaphore>
#include <QTest>
#include <QThread>

#include <atomic>

using fourfold::ui::RasterWorker;

class TestRasterWorker : public QObject {
    Q_OBJECT
private slots:
    void jobNotBegunRunsOnTheAskingThread() {
        RasterWorker worker;
        QSemaphore release;
        QSemaphore blocking;
        // The worker is kept busy, so the next job waits in its queue.
        auto busy = worker.run([&] {
            blocking.release();
            release.acquire();
            return 1;
        });
        blocking.acquire();
        std::atomic<int> runs{0};
        QThread* ranOn = nullptr;
        auto queued = worker.run([&] {
            ++runs;
            ranOn = QThread::currentThread();
            return 42;
        });
        QCOMPARE(queued.take(), 42);
        QCOMPARE(ranOn, QThread::currentThread());
        release.release();
        QCOMPARE(busy.take(), 1);
        QTRY_COMPARE(runs.load(), 1);  // the worker, reaching it, does not run it again
        QTest::qWait(20);
        QCOMPARE(runs.load(), 1);
    }

    void jobBegunIsWaitedFor() {
        RasterWorker worker;
        QSemaphore begun;
        std::atomic<int> runs{0};
        QThread* ranOn = nullptr;
        auto job = worker.run([&] {
            ranOn = QThread::currentThread();
            begun.release();
            QThread::msleep(30);
            ++runs;
            return 7;
        });
        begun.acquire();
        QCOMPARE(job.take(), 7);
        QCOMPARE(runs.load(), 1);
        QVERIFY(ranOn != QThread::currentThread());
        QVERIFY(!job.valid());
    }
};

QTEST_GUILESS_MAIN(TestRasterWorker)
#include "tst_raster_worker.moc"
