// SPDX-License-Identifier: MIT
#include "core/advice/what_ifs.h"
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/text/format.h"

#include <nlohmann/json.hpp>

// QCOMPARE weighs a conversion of JSON values to qfloat16, which must then be complete.
#include <QFloat16>
#include <QTest>

#include <atomic>
#include <chrono>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace fourfold::core;

namespace {

// The default plan on one GPU: it does not fit, so its what-ifs are worked out beside it.
Plan overfullPlan() {
    Plan plan = defaultPlan();
    plan.parallel.dp = 1;
    plan.cluster.gpusPerNode = 1;
    return plan;
}

// The default plan with ZeRO-1: it fits, so its scaling curves are worked out beside it.
Plan fittingPlan() {
    Plan plan = defaultPlan();
    plan.parallel.zeroStage = 1;
    return plan;
}

}  // namespace

class TestEvaluate : public QObject {
    Q_OBJECT
private slots:
    void globalBatchNeverMultipliesTpOrPp_data() {
        QTest::addColumn<int>("microBatch");
        QTest::addColumn<int>("accumulation");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<qint64>("expected");
        QTest::addColumn<QString>("formula");
        // Source article: b = 4, a = 8, n = 8 GPUs of data parallelism: B = 4 × 8 × 8 = 256.
        QTest::newRow("article-dp-example")
            << 4 << 8 << 8 << 1 << 1 << qint64(256) << QStringLiteral("256 = 4 × 8 × 8");
        // Source article's 3D example: 64 GPUs as DP 8 × TP 4 × PP 2. Only DP multiplies the
        // batch, so the same b and a still give 256, not 64 × 4 × 8 = 2048.
        QTest::newRow("article-3d-64gpu")
            << 4 << 8 << 8 << 4 << 2 << qint64(256) << QStringLiteral("256 = 4 × 8 × 8");
        // PLAN_FORMAT.md's example: 1 × 8 × 8 = 64.
        QTest::newRow("plan-format-example")
            << 1 << 8 << 8 << 1 << 1 << qint64(64) << QStringLiteral("64 = 1 × 8 × 8");
    }
    void globalBatchNeverMultipliesTpOrPp() {
        QFETCH(int, microBatch);
        QFETCH(int, accumulation);
        QFETCH(int, dp);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(qint64, expected);
        QFETCH(QString, formula);
        Plan plan = defaultPlan();
        plan.training.microBatch = microBatch;
        plan.training.gradAccumulation = accumulation;
        plan.parallel.dp = dp;
        plan.parallel.tp = tp;
        plan.parallel.pp = pp;
        plan.cluster.nodes = (dp * tp * pp + 7) / 8;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(evaluation.batch.globalBatch, expected);
        QCOMPARE(QString::fromStdString(evaluation.batch.formula), formula);
        QCOMPARE(evaluation.batch.tokensPerStep, expected * plan.model.sequence);
        QCOMPARE(evaluation.worldSize, qint64(dp) * tp * pp);
    }

    // Not fitting is itself a diagnostic: a warning at /memory naming the peak and the usable
    // bytes. Llama-2 7B with BF16 AdamW on one GPU keeps 2 + 2 + 4 + 8 = 16 bytes a parameter
    // (Rajbhandari et al. 2020 §3): 16 × 6.74e9 ≈ 107.8 GB before activations, over the
    // H100's 80 GiB × (1 − 0.10) = 77.3 GB usable.
    void doesNotFitIsAWarningNamingPeakAndUsable() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 1;
        plan.cluster.gpusPerNode = 1;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.memory.has_value());
        QVERIFY(!evaluation.memory->fits);
        QVERIFY(evaluation.memory->peakBytes > std::uint64_t{107'800'000'000});
        QCOMPARE(evaluation.memory->usableBytes, std::uint64_t{77'309'411'328});
        const auto found =
            std::find_if(evaluation.diagnostics.begin(), evaluation.diagnostics.end(),
                         [](const Diagnostic& diagnostic) { return diagnostic.path == "/memory"; });
        QVERIFY(found != evaluation.diagnostics.end());
        QCOMPARE(found->severity, Severity::Warning);
        const QString message = QString::fromStdString(found->message);
        QVERIFY2(message.startsWith(QStringLiteral("Does not fit")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("77.3 GB")), qPrintable(message));
        QVERIFY2(
            message.contains(QString::fromStdString(formatBytes(evaluation.memory->peakBytes))),
            qPrintable(message));
        QVERIFY(!hasErrors(evaluation.diagnostics));

        // With ZeRO-3 over DP 8 the 107.8 GB of model state is 13.5 GB a GPU: it fits, and no
        // such diagnostic is left.
        plan = defaultPlan();
        plan.parallel.zeroStage = 3;
        const Evaluation fitting = evaluate(plan);
        QVERIFY(fitting.memory && fitting.memory->fits);
        QVERIFY(std::none_of(
            fitting.diagnostics.begin(), fitting.diagnostics.end(),
            [](const Diagnostic& diagnostic) { return diagnostic.path == "/memory"; }));
    }

    void evaluationCarriesItsPlan() {
        Plan plan = defaultPlan();
        plan.name = "carried";
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.plan == plan);
    }

    // Export with results: the plan exactly as saved, then "results" holding the evaluation.
    void planWithResultsDocument() {
        Plan plan = defaultPlan();
        plan.name = "with results";
        const Evaluation evaluation = evaluate(plan);
        const std::string text = planWithResultsJson(evaluation);
        QCOMPARE(text.back(), '\n');
        auto document = nlohmann::ordered_json::parse(text);
        QCOMPARE(std::prev(document.end()).key(), std::string("results"));
        QCOMPARE(document["results"], nlohmann::ordered_json::parse(evaluationToJson(evaluation)));
        document.erase("results");
        QCOMPARE(document, nlohmann::ordered_json::parse(planToJson(plan)));
    }

    // Zero-bubble schedules split the backward into B and W ops; the others do not.
    void scheduleSaysWhetherWeightGradIsSplit_data() {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<bool>("split");
        QTest::newRow("1f1b") << int(ScheduleKind::OneFOneB) << false;
        QTest::newRow("gpipe") << int(ScheduleKind::Gpipe) << false;
        QTest::newRow("qi23-zb-h1") << int(ScheduleKind::ZbH1) << true;
        QTest::newRow("qi23-zb-h2") << int(ScheduleKind::ZbH2) << true;
    }
    void scheduleSaysWhetherWeightGradIsSplit() {
        QFETCH(int, schedule);
        QFETCH(bool, split);
        Plan plan = defaultPlan();
        plan.parallel.dp = 2;
        plan.parallel.pp = 4;
        plan.parallel.schedule = static_cast<ScheduleKind>(schedule);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.schedule);
        QCOMPARE(evaluation.schedule->splitWeightGrad, split);
        bool weightOps = false;
        for (const auto& rank : evaluation.schedule->ranks) {
            for (const auto& op : rank.ops) weightOps = weightOps || op.kind == OpKind::WeightGrad;
        }
        QCOMPARE(weightOps, split);
        QCOMPARE(evaluationToJsonValue(evaluation)["schedule"]["split_weight_grad"].get<bool>(),
                 split);
    }

    void evaluateIsPure() {
        const Plan plan = defaultPlan();
        QVERIFY(evaluate(plan) == evaluate(plan));
    }

    // An editor keeps one schedule memo across edits: it changes no figure of any evaluation
    // (what-ifs and their step times included), a plan seen before compiles no new shape, and
    // two threads may share it. The plans do not fit (DP 1 on one GPU), so what-ifs are timed.
    void keptScheduleMemoChangesNoFigure() {
        std::vector<Plan> plans;
        for (int micro : {1, 2, 4}) {
            Plan plan = defaultPlan();
            plan.parallel.dp = 1;
            plan.cluster.gpusPerNode = 1;
            plan.training.microBatch = micro;
            plans.push_back(plan);
        }
        ScheduleMemo memo;
        for (const Plan& plan : plans) {
            const Evaluation alone = evaluate(plan);
            QVERIFY(alone.memory && !alone.memory->whatIfs.empty());
            QVERIFY(evaluate(plan, memo) == alone);
        }
        const std::size_t shapes = memo.shapes();
        QVERIFY(shapes > 0);
        for (const Plan& plan : plans) QVERIFY(evaluate(plan, memo) == evaluate(plan));
        QCOMPARE(memo.shapes(), shapes);

        Evaluation fromThread;
        std::thread other([&] { fromThread = evaluate(plans[1], memo); });
        const Evaluation here = evaluate(plans[2], memo);
        other.join();
        QVERIFY(fromThread == evaluate(plans[1]));
        QVERIFY(here == evaluate(plans[2]));
    }

    // The what-ifs of a plan that fits, timed ahead as the app does while it fits, leave nothing
    // to compile for the edit that makes it not fit: the same figures, no new schedule shape.
    void preparedWhatIfsLeaveNothingToCompile() {
        Plan fitting = defaultPlan();
        fitting.parallel.zeroStage = 1;  // 73.6 GB of the 77.3 GB usable
        Plan tight = fitting;
        tight.training.microBatch = 2;
        const Evaluation before = evaluate(fitting);
        QVERIFY(before.memory && before.model && before.memory->fits);
        QVERIFY(before.memory->whatIfs.empty());
        const Evaluation after = evaluate(tight);
        QVERIFY(after.memory && !after.memory->fits && !after.memory->whatIfs.empty());
        ScheduleMemo memo;
        prepareWhatIfs(fitting, *before.model, before.memory->peakBytes, memo);
        const std::size_t shapes = memo.shapes();
        QVERIFY(shapes > 0);
        QVERIFY(evaluate(tight, memo) == after);
        QCOMPARE(memo.shapes(), shapes);
    }

    // Simulations that take their op orders and program from the memo equal fresh ones, for
    // every schedule, on shapes seen before with other costs, and past the few shapes it keeps.
    void keptSimulationsEqualFreshOnes() {
        ScheduleMemo memo;
        const auto costs = [](int stages, int chunks, double scale) {
            ScheduleCosts c;
            for (int index = 0; index < stages * chunks; ++index) {
                c.forwardS.push_back(scale * (1.0 + 0.1 * index));
                c.backwardS.push_back(scale * (2.0 + 0.05 * index));
                c.weightGradS.push_back(scale * 0.7);
            }
            c.transferS = 0.01 * scale;
            return c;
        };
        int compared = 0;
        for (const double scale : {1.0, 2.5}) {
            for (const ScheduleKind kind :
                 {ScheduleKind::Gpipe, ScheduleKind::OneFOneB, ScheduleKind::Interleaved1F1B,
                  ScheduleKind::ZbH1, ScheduleKind::ZbH2}) {
                // m = 8 runs two chunks; m = 6 is no multiple of p = 4, so interleaving falls back.
                for (const int micro : {8, 6}) {
                    const ScheduleCosts given = costs(4, 2, scale);
                    const ScheduleResult fresh = simulateSchedule(kind, 4, micro, 2, given);
                    QVERIFY(fresh.complete);
                    QVERIFY(simulateSchedule(kind, 4, micro, 2, given, memo) == fresh);
                    ++compared;
                }
            }
        }
        QCOMPARE(compared, 20);
    }

    // An editor's kept worker changes no figure: a plan that does not fit (what-ifs beside),
    // one that fits (scaling curves beside) and one with an error (no scaling curves), each
    // evaluated twice on the same worker, equal the evaluation on threads of its own.
    void keptWorkerChangesNoFigure() {
        const Plan overfull = overfullPlan();
        const Plan fitting = fittingPlan();
        const Plan broken = [] {
            Plan plan = defaultPlan();
            plan.parallel.tp = 3;  // divides neither the heads nor the GPUs
            return plan;
        }();
        ScheduleMemo memo;
        SideWorker worker;
        for (const Plan* plan : {&overfull, &fitting, &broken, &overfull, &fitting}) {
            const Evaluation alone = evaluate(*plan);
            QVERIFY(evaluate(*plan, memo, worker) == alone);
        }
        const Evaluation overfullEvaluation = evaluate(overfull, memo, worker);
        QVERIFY(overfullEvaluation.memory && !overfullEvaluation.memory->whatIfs.empty());
        const Evaluation fittingEvaluation = evaluate(fitting, memo, worker);
        QVERIFY(fittingEvaluation.scaling && !fittingEvaluation.scaling->strong.empty());
        QVERIFY(!evaluate(broken, memo, worker).scaling);
    }

    // An evaluation whose side work cannot begin (its worker is held by earlier work, as a
    // thread waiting for a CPU would be) does all of it itself and returns without waiting
    // for the worker. A watchdog frees the worker after ten seconds: had an evaluation waited,
    // it would have returned only then.
    void aSideThreadThatHasNotBegunIsNotWaitedFor() {
        const Plan overfull = overfullPlan();
        const Plan fitting = fittingPlan();
        ScheduleMemo memo;
        SideWorker worker;
        std::promise<void> release;
        std::future<void> holding =
            worker.run([held = release.get_future().share()] { held.wait(); });
        std::promise<void> finished;
        std::atomic<bool> watchdogFreed{false};
        std::thread watchdog([&, done = finished.get_future()] {
            if (done.wait_for(std::chrono::seconds(10)) == std::future_status::timeout) {
                watchdogFreed = true;
                release.set_value();
            }
        });
        std::vector<Evaluation> held;
        for (const Plan* plan : {&overfull, &fitting, &overfull}) {
            held.push_back(evaluate(*plan, memo, worker));
        }
        const bool returnedWhileHeld = !watchdogFreed;
        finished.set_value();
        watchdog.join();
        if (!watchdogFreed) release.set_value();
        holding.get();
        QVERIFY(returnedWhileHeld);
        // All the side work was done: the what-ifs and the scaling curves are there, equal.
        QVERIFY(held[0] == evaluate(overfull));
        QVERIFY(held[0].memory && !held[0].memory->whatIfs.empty());
        QVERIFY(held[1] == evaluate(fitting));
        QVERIFY(held[1].scaling && !held[1].scaling->strong.empty());
    }

    // The worker runs work in the order asked, hands back what it throws, and finishes what
    // was asked for before it stops.
    void sideWorkerRunsWorkInOrder() {
        std::vector<int> order;
        std::future<void> last;
        {
            SideWorker worker;
            std::future<int> first = worker.run([&order] {
                order.push_back(1);
                return 1;
            });
            std::future<int> failing = worker.run([]() -> int { throw std::runtime_error("no"); });
            for (int value = 2; value <= 50; ++value) {
                last = worker.run([&order, value] { order.push_back(value); });
            }
            QCOMPARE(first.get(), 1);
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, failing.get());
        }
        QCOMPARE(static_cast<int>(order.size()), 50);
        for (int index = 0; index < 50; ++index) QCOMPARE(order[index], index + 1);
        QVERIFY(last.valid());
    }

    void absurdValuesNeverCrash_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("value");
        for (int field = 0; field < 8; ++field) {
            for (int value : {0, -1, 1 << 30, std::numeric_limits<int>::max()}) {
                QTest::addRow("field%d=%d", field, value) << field << value;
            }
        }
    }
    void absurdValuesNeverCrash() {
        QFETCH(int, field);
        QFETCH(int, value);
        Plan plan = defaultPlan();
        int* targets[] = {&plan.parallel.dp,         &plan.parallel.tp,
                          &plan.parallel.pp,         &plan.parallel.cp,
                          &plan.training.microBatch, &plan.training.gradAccumulation,
                          &plan.cluster.nodes,       &plan.model.layers};
        *targets[field] = value;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(evaluation.plan, plan);
        // A nonsensical size must be reported, never evaluated silently.
        if (value <= 0) QVERIFY(hasErrors(evaluation.diagnostics));
        // Past every range: reported, and no step is costed with it (under UBSan, costing a
        // data-parallel degree of 2^31 - 1 overflowed an int).
        if (value > 1 << 20) {
            QVERIFY(hasErrors(evaluation.diagnostics));
            QVERIFY(!evaluation.schedule && !evaluation.performance);
        }
    }

    void worldSizeSaturatesInsteadOfOverflowing() {
        Plan plan = defaultPlan();
        plan.parallel.dp = plan.parallel.tp = plan.parallel.pp = plan.parallel.cp = 1 << 30;
        QCOMPARE(worldSize(plan), std::numeric_limits<std::int64_t>::max());
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(hasErrors(evaluation.diagnostics));
        QVERIFY(!evaluation.topology.has_value());
    }

    void measuredFiguresGetTheirError() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 1;
        const Evaluation predicted = evaluate(plan);
        QVERIFY(predicted.memory && predicted.schedule);
        QVERIFY(predicted.measured.peakError.empty());
        QVERIFY(!predicted.measured.stepTimeError);
        // Measured 10 % above the prediction: error = (p − 1.1p) / 1.1p = −1/11 = −9.09 %.
        const auto peak = predicted.memory->stages[0].totalBytes;
        plan.measured.peakBytesPerStage = {peak + peak / 10};
        QVERIFY(predicted.performance);
        plan.measured.stepTimeS = predicted.performance->stepTimeS * 2;
        const Evaluation compared = evaluate(plan);
        QCOMPARE(compared.measured.peakError.size(), std::size_t(1));
        QVERIFY(compared.measured.peakError[0].has_value());
        QVERIFY(qAbs(*compared.measured.peakError[0] + 1.0 / 11.0) < 1e-6);
        // Twice the predicted step measured: (1 − 2) / 2 = −50 %.
        QVERIFY(qAbs(*compared.measured.stepTimeError + 0.5) < 1e-12);
        QVERIFY(compared.measured.stepTimeFormula.find("-50.0 %") != std::string::npos);
        // A zero measurement means "not measured", never a division by zero.
        plan.measured.peakBytesPerStage = {0};
        plan.measured.stepTimeS = 0.0;
        const Evaluation empty = evaluate(plan);
        QVERIFY(!empty.measured.peakError[0].has_value());
        QVERIFY(!empty.measured.stepTimeError);
    }
};

QTEST_GUILESS_MAIN(TestEvaluate)
#include "tst_evaluate.moc"
