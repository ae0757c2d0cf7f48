// SPDX-License-Identifier: GPL-3.0-or-later
// The summary strip shows what the Evaluation says: fits or not (green/red) with peak, usable
// and capacity; the global-batch formula; the bubble with its formula on hover; world size.
#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "ui/views/summary_strip.h"

#include <QAction>
#include <QClipboard>
#include <QDir>
#include <QGuiApplication>
#include <QLabel>
#include <QLayout>
#include <QTest>

using namespace fourfold;

namespace {

// B = b × a × dp as the engine explains it (Narayanan et al. 2021, §2).
core::BatchFigures batchOf(int micro, int accumulation, int dp) {
    core::BatchFigures batch;
    batch.globalBatch = std::int64_t{micro} * accumulation * dp;
    batch.tokensPerStep = batch.globalBatch * 4096;
    core::ExplainedFigure& figure = batch.explain;
    figure.expression =
        figure.term("b", "micro-batch size", micro, core::units::kSequences) *
        figure.term("a", "gradient-accumulation steps", accumulation, core::units::kCount) *
        figure.term("dp", "data-parallel replicas", dp, core::units::kCount);
    figure.value = static_cast<double>(batch.globalBatch);
    figure.unit = std::string(core::units::kSequences);
    return batch;
}

// (p − 1)/(m + p − 1) as the engine explains it (Huang et al. 2019).
core::ExplainedFigure bubbleOf(int stages, int microBatches) {
    core::ExplainedFigure figure;
    const core::Expression p = figure.term("p", "pipeline stages", stages, core::units::kCount);
    const core::Expression m =
        figure.term("m", "micro-batches per step", microBatches, core::units::kCount);
    figure.expression = (p - 1.0) / (m + p - 1.0);
    figure.value = (stages - 1.0) / (microBatches + stages - 1.0);
    figure.unit = std::string(core::units::kFraction);
    figure.source = "Huang et al. 2019 (GPipe)";
    return figure;
}

// The source article's setting: Llama-2 7B, micro-batch 1 × 8 accumulation steps × DP 8.
// Capacity: an "80 GB" H100 holds 80 GiB = 85 899 345 920 bytes; 10 % margin leaves 90 %.
core::Evaluation evaluationWithPeak(std::uint64_t peakBytes) {
    core::Evaluation evaluation;
    evaluation.worldSize = 8;
    evaluation.batch = batchOf(1, 8, 8);
    core::MemoryReport memory;
    memory.capacityBytes = 85'899'345'920ULL;
    memory.usableBytes = 77'309'411'328ULL;
    memory.peakBytes = peakBytes;
    memory.fits = peakBytes <= memory.usableBytes;
    evaluation.memory = memory;
    core::ScheduleResult schedule;
    schedule.kind = core::ScheduleKind::Gpipe;
    schedule.stages = 4;
    schedule.microBatches = 8;
    // GPipe bubble (p − 1)/(m + p − 1) with p = 4, m = 8: 3/11 (Huang et al. 2019).
    schedule.bubbleFraction = 3.0 / 11.0;
    schedule.bubbleFormula = "(p − 1)/(m + p − 1) = 3/11 = 27.3 %";
    schedule.bubbleExplain = bubbleOf(4, 8);
    evaluation.schedule = schedule;
    core::TopologyReport topology;
    topology.worldSize = 8;
    topology.nodes = 1;
    evaluation.topology = topology;
    return evaluation;
}

QLabel* value(ui::SummaryStrip& strip, const char* name) {
    return strip.findChild<QLabel*>(QString::fromLatin1(name) + QStringLiteral("Value"));
}

void show(ui::SummaryStrip& strip, const core::Evaluation& evaluation) {
    strip.showEvaluation(std::make_shared<const core::Evaluation>(evaluation));
}

}  // namespace

class TestSummaryStrip : public QObject {
    Q_OBJECT
private slots:
    void fitsAndFormula() {
        ui::SummaryStrip strip;
        strip.resize(360, 200);
        strip.show();
        // 62 GB of the usable 77.3 GB (the article's ZeRO-sharded 7B example sits here).
        show(strip, evaluationWithPeak(62'000'000'000ULL));
        QCOMPARE(value(strip, "fit")->text(), QStringLiteral("Fits · 62.0 GB / 77.3 GB / 85.9 GB"));
        QCOMPARE(value(strip, "fit")->palette().color(QPalette::WindowText), QColor(0x1b5e20));
        QCOMPARE(value(strip, "batch")->text(), QStringLiteral("B = b × a × dp = 1 × 8 × 8 = 64"));
        QCOMPARE(value(strip, "bubble")->text(), QStringLiteral("27.3 %"));
        const QString bubbleTip = value(strip, "bubble")->toolTip();
        QVERIFY2(bubbleTip.contains(
                     QStringLiteral("(p − 1) / (m + p − 1) = (4 − 1) / (8 + 4 − 1) = 27.3 %")),
                 qPrintable(bubbleTip));
        QVERIFY(bubbleTip.contains(QStringLiteral("pipeline stages = 4")));
        QCOMPARE(value(strip, "world")->text(), QStringLiteral("8 GPUs on 1 node"));
        QCOMPARE(value(strip, "mfu")->text(), QStringLiteral("—"));
        QCOMPARE(value(strip, "throughput")->text(), QStringLiteral("—"));
    }

    // Each figure is plain text copied whole from its context menu (not a selectable rich-text
    // label, which laid itself out as a document at every edit).
    void copiesAFigureFromItsMenu() {
        ui::SummaryStrip strip;
        strip.resize(360, 200);
        strip.show();
        show(strip, evaluationWithPeak(62'000'000'000ULL));
        QLabel* fit = value(strip, "fit");
        QCOMPARE(fit->textFormat(), Qt::PlainText);
        QCOMPARE(fit->contextMenuPolicy(), Qt::ActionsContextMenu);
        auto* copy = fit->findChild<QAction*>(QStringLiteral("copyAction"));
        QVERIFY(copy);
        QVERIFY(fit->actions().contains(copy));
        QGuiApplication::clipboard()->clear();
        copy->trigger();
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral("Fits · 62.0 GB / 77.3 GB / 85.9 GB"));
    }

    // The GiB setting changes the strip's figures too: 62e9 B = 57.7 GiB, usable 72.0 GiB of
    // the card's 80.0 GiB.
    void followsByteUnits() {
        ui::SummaryStrip strip;
        strip.show();
        show(strip, evaluationWithPeak(62'000'000'000ULL));
        strip.setByteUnits(core::ByteUnits::Binary);
        QCOMPARE(value(strip, "fit")->text(),
                 QStringLiteral("Fits · 57.7 GiB / 72.0 GiB / 80.0 GiB"));
        strip.setByteUnits(core::ByteUnits::Decimal);
        QCOMPARE(value(strip, "fit")->text(), QStringLiteral("Fits · 62.0 GB / 77.3 GB / 85.9 GB"));
    }

    void doesNotFit() {
        ui::SummaryStrip strip;
        strip.show();
        // The article: mixed-precision Adam keeps 16 B per parameter: 7B → 112 GB before
        // activations, more than one 80 GB card.
        show(strip, evaluationWithPeak(112'000'000'000ULL));
        QCOMPARE(value(strip, "fit")->text(),
                 QStringLiteral("Does not fit · 112.0 GB / 77.3 GB / 85.9 GB"));
        QCOMPARE(value(strip, "fit")->palette().color(QPalette::WindowText), QColor(0xb71c1c));
    }

    // MFU and tokens/s come from the performance model, with their formulas on hover:
    // 2.62e5 tokens per step over a 2 s step is 131k tokens/s, 16.4k on each of 8 GPUs.
    void showsMfuAndThroughput() {
        ui::SummaryStrip strip;
        strip.show();
        core::Evaluation evaluation = evaluationWithPeak(62'000'000'000ULL);
        core::PerformanceReport performance;
        performance.stepTimeS = 2.0;
        performance.tokensPerS = 64.0 * 4096 / 2.0;
        performance.tokensPerSPerGpu = performance.tokensPerS / 8;
        performance.mfu = 0.4123;
        core::ExplainedFigure& mfu = performance.mfuExplain;
        mfu.expression =
            mfu.term("X", "achieved FLOP/s per GPU", 4.123e14, core::units::kFlopsPerSecond) /
            mfu.term("P", "peak FLOP/s per GPU", 1e15, core::units::kFlopsPerSecond);
        mfu.value = 0.4123;
        mfu.unit = std::string(core::units::kFraction);
        mfu.source = "Narayanan et al. 2021, eq. 3";
        evaluation.performance = performance;
        show(strip, evaluation);
        QCOMPARE(value(strip, "mfu")->text(), QStringLiteral("41.2 %"));
        QCOMPARE(value(strip, "throughput")->text(), QStringLiteral("131k (16.4k per GPU)"));
        const QString tip = value(strip, "mfu")->toolTip();
        QVERIFY2(tip.contains(QStringLiteral("X / P = 4.12e14 FLOP/s / 1.00e15 FLOP/s = 41.2 %")),
                 qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("Narayanan et al. 2021, eq. 3")));
        // Without a step time the tiles fall back to a dash.
        evaluation.performance.reset();
        show(strip, evaluation);
        QCOMPARE(value(strip, "mfu")->text(), QStringLiteral("—"));
    }

    void missingPartsShowADash() {
        ui::SummaryStrip strip;
        strip.show();
        core::Evaluation evaluation = evaluationWithPeak(1);
        evaluation.memory.reset();
        evaluation.schedule.reset();
        evaluation.topology.reset();
        evaluation.worldSize = 16;
        evaluation.batch = batchOf(2, 8, 8);
        show(strip, evaluation);
        QCOMPARE(value(strip, "fit")->text(), QStringLiteral("—"));
        QCOMPARE(value(strip, "bubble")->text(), QStringLiteral("—"));
        QCOMPARE(value(strip, "world")->text(), QStringLiteral("16 GPUs"));
        QCOMPARE(value(strip, "batch")->text(), QStringLiteral("B = b × a × dp = 2 × 8 × 8 = 128"));
    }

    // The engine's own evaluation of the default plan (Llama-2 7B, bf16 AdamW, DP 8, no ZeRO):
    // the article's 16 bytes per parameter make 6.74e9 × 16 ≈ 108 GB of model state per GPU,
    // more than the 77.3 GB usable on an 80 GiB card, so it does not fit.
    void drawsTheEngineEvaluation() {
        ui::SummaryStrip strip;
        strip.show();
        const auto evaluation = core::evaluate(core::defaultPlan());
        show(strip, evaluation);
        QCOMPARE(value(strip, "batch")->text(), QStringLiteral("B = b × a × dp = 1 × 8 × 8 = 64"));
        QVERIFY(evaluation.memory.has_value());
        QVERIFY2(value(strip, "fit")->text().startsWith(QStringLiteral("Does not fit")),
                 qPrintable(value(strip, "fit")->text()));
        const QString directory = qEnvironmentVariable("FOURFOLD_GRAB_DIR");
        if (!directory.isEmpty()) {
            strip.resize(360, strip.layout()->heightForWidth(360));
            QVERIFY(
                strip.grab().save(QDir(directory).filePath(QStringLiteral("summary_engine.png"))));
        }
    }

    void measuredBesidePredicted() {
        ui::SummaryStrip strip;
        strip.show();
        core::Plan plan = core::defaultPlan();
        const auto predicted = core::evaluate(plan);
        show(strip, predicted);
        QVERIFY(!value(strip, "measured")->parentWidget()->isVisible());
        // Measured 10 % above the predicted peak: (p − 1.1p)/1.1p = −9.1 %; a step measured at
        // twice the predicted step time: (1 − 2)/2 = −50 %.
        const auto peak = predicted.memory->stages[0].totalBytes;
        plan.measured.peakBytesPerStage = {peak + peak / 10};
        plan.measured.stepTimeS = predicted.performance->stepTimeS * 2;
        show(strip, core::evaluate(plan));
        QVERIFY(value(strip, "measured")->parentWidget()->isVisible());
        QCOMPARE(value(strip, "measured")->text(),
                 QStringLiteral("peak stage 0 -9.1 % · step -50.0 %"));
    }

    // A figure whose width changes moves the tiles after it at once, in the same paint as the
    // new text, not passes later (which painted the strip a second time at every step of a
    // drag between fitting and not fitting).
    void tilesMoveInTheFirstPass() {
        ui::SummaryStrip strip;
        strip.resize(1400, 80);
        strip.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        show(strip, evaluationWithPeak(62'000'000'000ULL));
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        const auto* world = strip.findChild<QWidget*>(QStringLiteral("worldTile"));
        QVERIFY(world);
        const QRect before = world->geometry();
        auto notFitting = evaluationWithPeak(112'000'000'000ULL);
        notFitting.diagnostics.push_back(
            {core::Severity::Error, "/parallel/tp", "tp 3 does not divide the 32 heads."});
        show(strip, notFitting);
        QCoreApplication::processEvents();
        const QRect first = world->geometry();
        for (int pass = 0; pass < 4; ++pass) QCoreApplication::processEvents();
        QVERIFY(world->geometry() != before);
        QCOMPARE(first, world->geometry());
    }

    // A figure that narrows leaves the tiles after it where they were: going back and forth
    // between a long and a short peak moves the next tile once, not at every change.
    void tilesHoldTheirPlaceAsFiguresNarrow() {
        ui::SummaryStrip strip;
        strip.resize(1400, 80);
        strip.show();
        QVERIFY(QTest::qWaitForWindowExposed(&strip));
        const auto* batch = strip.findChild<QWidget*>(QStringLiteral("batchTile"));
        QVERIFY(batch);
        show(strip, evaluationWithPeak(9'000'000'000ULL));
        QCoreApplication::processEvents();
        const int shortest = batch->x();
        show(strip, evaluationWithPeak(112'000'000'000ULL));
        QCoreApplication::processEvents();
        const int wider = batch->x();
        QVERIFY(wider > shortest);
        for (const std::uint64_t peak : {9'000'000'000ULL, 112'000'000'000ULL, 10'000'000'000ULL}) {
            show(strip, evaluationWithPeak(peak));
            QCoreApplication::processEvents();
            QCOMPARE(batch->x(), wider);
        }
        // Another byte unit measures afresh.
        strip.setByteUnits(core::ByteUnits::Binary);
        QCoreApplication::processEvents();
        QVERIFY(batch->x() <= wider);
    }

    void hiddenStripDrawsOnShow() {
        ui::SummaryStrip strip;
        show(strip, evaluationWithPeak(62'000'000'000ULL));
        QVERIFY(value(strip, "batch")->text().isEmpty());  // stale until shown
        strip.show();
        QCOMPARE(value(strip, "batch")->text(), QStringLiteral("B = b × a × dp = 1 × 8 × 8 = 64"));
    }

    void wrapsInANarrowDock() {
        ui::SummaryStrip strip;
        strip.show();
        show(strip, evaluationWithPeak(112'000'000'000ULL));
        const int narrow = strip.layout()->heightForWidth(360);
        const int wide = strip.layout()->heightForWidth(1400);
        QVERIFY2(narrow > wide, qPrintable(QStringLiteral("%1 %2").arg(narrow).arg(wide)));
        strip.resize(360, narrow);
        // Every tile lies inside the 360 px width.
        for (QWidget* tile : strip.findChildren<QWidget*>()) {
            if (!tile->objectName().endsWith(QStringLiteral("Tile"))) continue;
            if (tile->isHidden()) continue;
            QVERIFY2(tile->geometry().right() < 360, qPrintable(tile->objectName()));
            QVERIFY2(tile->geometry().bottom() < narrow, qPrintable(tile->objectName()));
        }
        const QString directory = qEnvironmentVariable("FOURFOLD_GRAB_DIR");
        if (!directory.isEmpty()) {
            QVERIFY(
                strip.grab().save(QDir(directory).filePath(QStringLiteral("summary_narrow.png"))));
            strip.resize(1200, strip.layout()->heightForWidth(1200));
            QVERIFY(
                strip.grab().save(QDir(directory).filePath(QStringLiteral("summary_wide.png"))));
        }
    }
};

QTEST_MAIN(TestSummaryStrip)
#include "tst_summary_strip.moc"
