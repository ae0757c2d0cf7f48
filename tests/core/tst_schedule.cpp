// SPDX-License-Identifier: MIT
// Schedule engine against hand derivations, the source article and the papers' formulas.
#include "core/schedule/schedule.h"
#include "core/schedule/schedule_json.h"
#include "core/text/format.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace fourfold::core;

Q_DECLARE_METATYPE(fourfold::core::ScheduleKind)

namespace {

// Uniform costs per (chunk, rank): forward, backward (input grad or whole), weight grad.
ScheduleCosts uniformCosts(int stages, int chunks, double forward, double backward,
                           double weightGrad = 0.0, double transfer = 0.0) {
    const auto slotCount = static_cast<std::size_t>(stages * chunks);
    ScheduleCosts costs;
    costs.forwardS.assign(slotCount, forward);
    costs.backwardS.assign(slotCount, backward);
    costs.weightGradS.assign(slotCount, weightGrad);
    costs.transferS = transfer;
    return costs;
}

QString text(const std::string& value) { return QString::fromStdString(value); }

}  // namespace

class TestSchedule : public QObject {
    Q_OBJECT
private slots:
    // Hand derivation, uniform stages, zero transfer, T_B = 2·T_F:
    // GPipe: the m-th forward leaves the last stage at (m + p − 1)·T_F; the backwards mirror
    // that, (m + p − 1)·T_B. Each rank works m(T_F + T_B), so it idles (p − 1)(T_F + T_B), and
    // the idle share is (p − 1)/(m + p − 1) whatever the ratio T_B/T_F.
    // 1F1B keeps the same fill and drain (Narayanan et al. 2021 §2.2): same makespan and share.
    // Source article: p = 4, m = 8 gives 3/11 ≈ 27.3 % bubble, 8/11 ≈ 72.7 % efficiency.
    void flushBubble_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<QString>("formula");
        QTest::newRow("article-gpipe-p4-m8")
            << ScheduleKind::Gpipe << 4 << 8
            << QStringLiteral("(p − 1)/(m + p − 1) = 3/11 = 27.3 %");
        QTest::newRow("article-1f1b-p4-m8")
            << ScheduleKind::OneFOneB << 4 << 8
            << QStringLiteral("(p − 1)/(m + p − 1) = 3/11 = 27.3 %");
        QTest::newRow("huang19-gpipe-p8-m32")
            << ScheduleKind::Gpipe << 8 << 32
            << QStringLiteral("(p − 1)/(m + p − 1) = 7/39 = 17.9 %");
        QTest::newRow("narayanan21-1f1b-p8-m3-m-below-p")
            << ScheduleKind::OneFOneB << 8 << 3
            << QStringLiteral("(p − 1)/(m + p − 1) = 7/10 = 70.0 %");
    }
    void flushBubble() {
        QFETCH(ScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(QString, formula);
        const double forward = 0.010;
        const double backward = 0.020;
        const auto result =
            simulateSchedule(kind, stages, micro, 1, uniformCosts(stages, 1, forward, backward));
        QVERIFY(result.complete);
        const double expectedMakespan = (micro + stages - 1) * (forward + backward);
        QVERIFY(std::fabs(result.makespanS - expectedMakespan) < 1e-12);
        const double expectedBubble = double(stages - 1) / double(micro + stages - 1);
        QVERIFY(std::fabs(result.bubbleFraction - expectedBubble) < 1e-12);
        for (const auto& rank : result.ranks) {
            QVERIFY(std::fabs(rank.idleS - (stages - 1) * (forward + backward)) < 1e-12);
        }
        QCOMPARE(text(result.bubbleFormula), formula);
    }

    void articleEfficiency() {
        const auto result =
            simulateSchedule(ScheduleKind::Gpipe, 4, 8, 1, uniformCosts(4, 1, 1.0, 2.0));
        QCOMPARE(text(formatPercent(1.0 - result.bubbleFraction)), QStringLiteral("72.7 %"));
    }

    // Narayanan et al. 2021 §2.2.1: with v chunks per rank, each costing T/v, the bubble time
    // is (p − 1)(t_f + t_b)/v, i.e. bubble/ideal = (p − 1)/(v·m).
    void interleavedBubble_data() {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<int>("chunks");
        QTest::newRow("narayanan21-2.2.1-p4-m8-v2") << 4 << 8 << 2;
        QTest::newRow("narayanan21-2.2.1-p4-m16-v4") << 4 << 16 << 4;
        QTest::newRow("narayanan21-2.2.1-p8-m8-v3") << 8 << 8 << 3;
        QTest::newRow("narayanan21-2.2.1-p2-m4-v2") << 2 << 4 << 2;
    }
    void interleavedBubble() {
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(int, chunks);
        const double stageForward = 1.0;
        const double stageBackward = 2.0;
        const auto result = simulateSchedule(
            ScheduleKind::Interleaved1F1B, stages, micro, chunks,
            uniformCosts(stages, chunks, stageForward / chunks, stageBackward / chunks));
        QVERIFY(result.complete);
        QCOMPARE(result.virtualStages, chunks);
        const double ideal = micro * (stageForward + stageBackward);
        for (const auto& rank : result.ranks) {
            QVERIFY(std::fabs(rank.busyS - ideal) < 1e-9);
            QVERIFY(std::fabs(rank.idleS / ideal - double(stages - 1) / (chunks * micro)) < 1e-9);
        }
        QVERIFY(std::fabs(result.bubbleFraction - result.formulaBubbleFraction) < 1e-9);
    }

    void interleavedFormulaText() {
        const auto result =
            simulateSchedule(ScheduleKind::Interleaved1F1B, 4, 8, 2, uniformCosts(4, 2, 0.5, 1.0));
        QCOMPARE(text(result.bubbleFormula),
                 QStringLiteral(
                     "(p − 1)/(v·m + p − 1) = 3/19 = 15.8 % (bubble/ideal (p − 1)/(v·m) = 3/16)"));
    }

    // Qi et al. 2023, Table 2 and §2: ZB-H1 idles (p − 1)(T_F + T_B − T_W) per rank (for
    // T_W ≤ T_B), a third of 1F1B's (p − 1)(T_F + T_B + T_W) when F = B = W. ZB-H2's idle in
    // one flushed iteration is (p − 1)·T_F: the last rank cannot start before the first
    // forward has crossed p − 1 stages, so no schedule does better; the paper's 0 counts the
    // next iteration overlapping that skew (its optimizer post-validation).
    void zeroBubble_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("backward");
        QTest::addColumn<double>("weightGrad");
        QTest::addColumn<double>("idlePerRank");
        QTest::newRow("qi23-table2-zbh1-p4-m8-equal")
            << ScheduleKind::ZbH1 << 4 << 8 << 1.0 << 1.0 << 1.0 << 3.0;
        QTest::newRow("qi23-table2-zbh1-p8-m24-equal")
            << ScheduleKind::ZbH1 << 8 << 24 << 1.0 << 1.0 << 1.0 << 7.0;
        // (4 − 1)(1 + 1.2 − 0.8) = 4.2
        QTest::newRow("qi23-table2-zbh1-p4-m8-w-lighter")
            << ScheduleKind::ZbH1 << 4 << 8 << 1.0 << 1.2 << 0.8 << 4.2;
        // (4 − 1)(1 + 1 − 0.5) = 4.5
        QTest::newRow("qi23-table2-zbh1-p4-m12-w-half")
            << ScheduleKind::ZbH1 << 4 << 12 << 1.0 << 1.0 << 0.5 << 4.5;
        QTest::newRow("qi23-2.2-zbh2-p4-m8-equal")
            << ScheduleKind::ZbH2 << 4 << 8 << 1.0 << 1.0 << 1.0 << 3.0;
        QTest::newRow("qi23-2.2-zbh2-p8-m16-equal")
            << ScheduleKind::ZbH2 << 8 << 16 << 1.0 << 1.0 << 1.0 << 7.0;
    }
    void zeroBubble() {
        QFETCH(ScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(double, forward);
        QFETCH(double, backward);
        QFETCH(double, weightGrad);
        QFETCH(double, idlePerRank);
        const auto result = simulateSchedule(
            kind, stages, micro, 1, uniformCosts(stages, 1, forward, backward, weightGrad));
        QVERIFY(result.complete);
        for (const auto& rank : result.ranks) QVERIFY(std::fabs(rank.idleS - idlePerRank) < 1e-9);
        QVERIFY(text(result.bubbleFormula).startsWith(QStringLiteral("simulated ")));
    }

    // DualPipe and DualPipeV (DeepSeek-V3, arXiv 2412.19437, Table 2; deepseek-ai/DualPipe):
    // Table 2 gives (PP/2 − 1)(F&B + B − 3W) idle per rank, with F a chunk's forward, B its full
    // backward (input and weight gradient), W its weight gradient and F&B an overlapped pair,
    // here F + B (the simulator runs the pair's two ops one after the other; the all-to-all the
    // pair hides is taken off the costs). The costs below are per chunk: DualPipeV's chunks are
    // half a rank's stage (PP = 2p); DualPipe's two chunks are copies of one stage (PP = p), so
    // each runs the rank's whole stage, twice the per-chunk figure given.
    //   DualPipeV p = 2, m = 4, F 3, B_in 1, W 1: B = 2, F&B = 5: (2 − 1)(5 + 2 − 3) = 4.
    //   DualPipeV p = 4, m = 8, same costs: (4 − 1) × 4 = 12.
    //   DualPipeV p = 4, m = 8, F 1, B_in 0.5, W 1: B = 1.5, F&B = 2.5: 3 × (2.5 + 1.5 − 3) = 3.
    //   DualPipe p = 8, m = 20, per chunk F 1.5, B_in 0.5, W 0.5 (stage 3, 1, 1): 3 × 4 = 12.
    //   DualPipe p = 2, m = 4: PP/2 − 1 = 0, no bubble.
    // Where the backward outweighs the weight gradient, the pairs' order leaves less idle than
    // the table's figure (p = 4, F 1, B_in 2, W 0.5: 10.5 against 13.5); it is an upper bound.
    void dualPipeBubble_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("backward");
        QTest::addColumn<double>("weightGrad");
        QTest::addColumn<double>("table2");
        QTest::addColumn<bool>("exact");
        QTest::newRow("dualpipev-p2-m4-forward-heavy")
            << ScheduleKind::DualPipeV << 2 << 4 << 3.0 << 1.0 << 1.0 << 4.0 << true;
        QTest::newRow("dualpipev-p4-m8-forward-heavy")
            << ScheduleKind::DualPipeV << 4 << 8 << 3.0 << 1.0 << 1.0 << 12.0 << true;
        QTest::newRow("dualpipev-p4-m12-forward-heavy")
            << ScheduleKind::DualPipeV << 4 << 12 << 3.0 << 1.0 << 1.0 << 12.0 << true;
        QTest::newRow("dualpipev-p4-m8-weight-heavy")
            << ScheduleKind::DualPipeV << 4 << 8 << 1.0 << 0.5 << 1.0 << 3.0 << true;
        QTest::newRow("dualpipe-p8-m20-forward-heavy")
            << ScheduleKind::DualPipe << 8 << 20 << 1.5 << 0.5 << 0.5 << 12.0 << true;
        QTest::newRow("dualpipe-p2-m4-no-bubble")
            << ScheduleKind::DualPipe << 2 << 4 << 1.0 << 1.0 << 1.0 << 0.0 << true;
        QTest::newRow("dualpipev-p4-m8-backward-heavy-below-table")
            << ScheduleKind::DualPipeV << 4 << 8 << 1.0 << 2.0 << 0.5 << 13.5 << false;
    }
    void dualPipeBubble() {
        QFETCH(ScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(double, forward);
        QFETCH(double, backward);
        QFETCH(double, weightGrad);
        QFETCH(double, table2);
        QFETCH(bool, exact);
        const auto result = simulateSchedule(
            kind, stages, micro, 2, uniformCosts(stages, 2, forward, backward, weightGrad));
        QVERIFY(result.complete);
        QCOMPARE(result.virtualStages, 2);
        QVERIFY(result.splitWeightGrad);
        // DualPipeV: 2m chunk passes of the given costs; DualPipe: m passes of a whole stage.
        const double work = 2.0 * micro * (forward + backward + weightGrad);
        for (const auto& rank : result.ranks) {
            QVERIFY(std::fabs(rank.busyS - work) < 1e-9);
            if (exact) {
                QVERIFY2(std::fabs(rank.idleS - table2) < 1e-9,
                         qPrintable(QString::number(rank.idleS)));
            } else {
                QVERIFY(rank.idleS > 0 && rank.idleS < table2);
            }
        }
        QVERIFY(text(result.bubbleFormula).startsWith(QStringLiteral("simulated ")));
        QVERIFY(text(result.bubbleFormula).contains(QStringLiteral("(PP/2 − 1)(F&B + B − 3W)")));
    }

    // On one chunk, or with fewer than 2p micro-batches, DualPipe runs as ZB-H1 on whole stages.
    void dualPipeFallsBackToZeroBubble() {
        const auto costs = uniformCosts(4, 2, 1.0, 1.0, 1.0);
        for (const ScheduleKind kind : {ScheduleKind::DualPipe, ScheduleKind::DualPipeV}) {
            const auto few = simulateSchedule(kind, 4, 6, 2, costs);
            const auto zb = simulateSchedule(ScheduleKind::ZbH1, 4, 6, 2, costs);
            QVERIFY(few.complete);
            QCOMPARE(few.virtualStages, 1);
            QCOMPARE(few.makespanS, zb.makespanS);
        }
        // DualPipe needs p even.
        QCOMPARE(simulateSchedule(ScheduleKind::DualPipe, 3, 12, 2, uniformCosts(3, 2, 1, 1, 1))
                     .virtualStages,
                 1);
        // The V holds its sets in half stages: rank 0 keeps the most (the V's turn is on rank
        // p − 1, the loss on rank 0), and the memory engine reads the same count.
        const auto v = simulateSchedule(ScheduleKind::DualPipeV, 4, 8, 2, costs);
        for (int rank = 0; rank < 4; ++rank) {
            QCOMPARE(inFlightActivationSets(ScheduleKind::DualPipeV, 4, 8, 2, rank),
                     v.ranks[std::size_t(rank)].peakInFlight);
        }
    }

    void zeroBubbleBeatsOneFOneB() {
        // Same work: 1F1B runs B + W as one backward.
        const auto oneF =
            simulateSchedule(ScheduleKind::OneFOneB, 4, 8, 1, uniformCosts(4, 1, 1.0, 1.0, 1.0));
        const auto zb =
            simulateSchedule(ScheduleKind::ZbH1, 4, 8, 1, uniformCosts(4, 1, 1.0, 1.0, 1.0));
        QCOMPARE(oneF.makespanS, 33.0);                          // (8 + 3)·3
        QCOMPARE(zb.makespanS, 27.0);                            // 8·3 + 3
        QCOMPARE(oneF.ranks[0].idleS, 3.0 * zb.ranks[0].idleS);  // Qi et al.: a third
    }

    // Activation sets held: GPipe m (Huang et al. 2019), 1F1B min(p − s, m) (Narayanan et al.
    // 2021), ZB-H1 p on every stage, ZB-H2 2p − 1 on the first (Qi et al. 2023 §2).
    void peakInFlight_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<QList<int>>("peaks");
        QTest::newRow("huang19-gpipe-p4-m8")
            << ScheduleKind::Gpipe << 4 << 8 << QList<int>{8, 8, 8, 8};
        QTest::newRow("narayanan21-1f1b-p4-m8")
            << ScheduleKind::OneFOneB << 4 << 8 << QList<int>{4, 3, 2, 1};
        QTest::newRow("narayanan21-1f1b-p4-m2")
            << ScheduleKind::OneFOneB << 4 << 2 << QList<int>{2, 2, 2, 1};
        QTest::newRow("qi23-zbh1-p4-m8") << ScheduleKind::ZbH1 << 4 << 8 << QList<int>{4, 4, 4, 4};
        QTest::newRow("qi23-zbh2-p4-m8") << ScheduleKind::ZbH2 << 4 << 8 << QList<int>{7, 5, 4, 4};
    }
    void peakInFlight() {
        QFETCH(ScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(QList<int>, peaks);
        const auto result =
            simulateSchedule(kind, stages, micro, 1, uniformCosts(stages, 1, 1.0, 1.0, 1.0));
        for (int stage = 0; stage < stages; ++stage) {
            QCOMPARE(result.ranks[std::size_t(stage)].peakInFlight, peaks[stage]);
            QCOMPARE(inFlightActivationSets(kind, stages, micro, 1, stage), peaks[stage]);
        }
    }

    // DESIGN.md: an unbalanced stage sets the pace. 1F1B, p = 4, m = 8, stage 2 twice as slow
    // (F 2, B 4; others F 1, B 2): its 8 micro-batches take 8·6 = 48, plus the fill before it
    // (2 stages · 1) and the drain after it; the makespan is at least 48 and the bubble grows.
    void slowestStageSetsPace() {
        auto costs = uniformCosts(4, 1, 1.0, 2.0);
        costs.forwardS[2] = 2.0;
        costs.backwardS[2] = 4.0;
        const auto result = simulateSchedule(ScheduleKind::OneFOneB, 4, 8, 1, costs);
        QVERIFY(result.makespanS >= 48.0 + 2.0);
        QVERIFY(result.bubbleFraction > 3.0 / 11.0);
        QVERIFY(text(result.bubbleFormula).contains(QStringLiteral("simulated")));
    }

    // p = 2, m = 1: F0 on rank 0 [0, 1], transfer t, F0 on rank 1, its B, transfer t, B0 on
    // rank 0: makespan 2·T_F + 2·T_B + 2t = 6 + 2·0.25.
    void transferDelays() {
        const auto result = simulateSchedule(ScheduleKind::OneFOneB, 2, 1, 1,
                                             uniformCosts(2, 1, 1.0, 2.0, 0.0, 0.25));
        QCOMPARE(result.makespanS, 6.5);
        QCOMPARE(result.ranks[1].ops[0].startS, 1.25);
    }

    void edgeCases() {
        // p = 1: no bubble at all.
        const auto single =
            simulateSchedule(ScheduleKind::OneFOneB, 1, 4, 1, uniformCosts(1, 1, 1.0, 2.0));
        QCOMPARE(single.bubbleFraction, 0.0);
        QCOMPARE(single.makespanS, 12.0);
        // Interleaving with m not a multiple of p runs as 1F1B (Megatron-LM requires it).
        const auto fallback =
            simulateSchedule(ScheduleKind::Interleaved1F1B, 4, 6, 2, uniformCosts(4, 2, 0.5, 1.0));
        QVERIFY(fallback.complete);
        QCOMPARE(fallback.virtualStages, 1);
        QVERIFY(text(fallback.bubbleFormula)
                    .startsWith(QStringLiteral("m = 6 is not a multiple of p = 4")));
        QCOMPARE(fallback.makespanS, (6 + 3) * 3.0);
        QCOMPARE(inFlightActivationSets(ScheduleKind::Interleaved1F1B, 4, 6, 2, 0), 8);
        // Zero costs: every op is still there, all at time 0.
        const auto zero =
            simulateSchedule(ScheduleKind::ZbH2, 4, 8, 1, uniformCosts(4, 1, 0, 0, 0));
        QVERIFY(zero.complete);
        QCOMPARE(zero.makespanS, 0.0);
        QCOMPARE(zero.bubbleFraction, 0.0);
        QCOMPARE(zero.ranks[0].ops.size(), std::size_t(24));
        // Absurd and missing inputs never crash.
        QVERIFY(!simulateSchedule(ScheduleKind::OneFOneB, 0, 8, 1, {}).complete);
        QVERIFY(!simulateSchedule(ScheduleKind::OneFOneB, 4, -1, 1, {}).complete);
        QVERIFY(!simulateSchedule(ScheduleKind::Gpipe, 4, 8, 0, {}).complete);
        const auto huge = simulateSchedule(ScheduleKind::OneFOneB, 1'000'000, 1'000'000, 1, {});
        QVERIFY(!huge.complete);
        QVERIFY(text(huge.bubbleFormula).contains(QStringLiteral("exceed")));
        const auto empty = simulateSchedule(ScheduleKind::OneFOneB, 4, 8, 1, {});
        QVERIFY(empty.complete);
        QCOMPARE(empty.makespanS, 0.0);
        auto bad = uniformCosts(2, 1, -1.0, std::numeric_limits<double>::quiet_NaN());
        bad.transferS = std::numeric_limits<double>::infinity();
        const auto cleaned = simulateSchedule(ScheduleKind::Gpipe, 2, 2, 1, bad);
        QCOMPARE(cleaned.makespanS, 0.0);
        QCOMPARE(inFlightActivationSets(ScheduleKind::OneFOneB, 0, 8, 1, 0), 0);
        QCOMPARE(inFlightActivationSets(ScheduleKind::OneFOneB, 4, 8, 1, 99), 1);
        QCOMPARE(inFlightActivationSets(ScheduleKind::Gpipe, 4, 1'000'000'000, 4, 0),
                 std::numeric_limits<int>::max());
    }

    void json() {
        const auto result =
            simulateSchedule(ScheduleKind::ZbH1, 2, 2, 1, uniformCosts(2, 1, 1.0, 1.0, 1.0));
        const auto json = toJson(result);
        QCOMPARE(text(json["kind"].get<std::string>()), QStringLiteral("zb_h1"));
        QCOMPARE(json["stages"].get<int>(), 2);
        QCOMPARE(json["micro_batches"].get<int>(), 2);
        QCOMPARE(json["virtual_stages"].get<int>(), 1);
        QCOMPARE(json["makespan_s"].get<double>(), result.makespanS);
        QCOMPARE(json["bubble_fraction"].get<double>(), result.bubbleFraction);
        QVERIFY(json.contains("bubble_formula"));
        const auto& rank = json["ranks"][1];
        QCOMPARE(rank["stage"].get<int>(), 1);
        QCOMPARE(rank["peak_in_flight"].get<int>(), 2);
        QCOMPARE(rank["ops"].size(), std::size_t(6));
        const auto& first = rank["ops"][0];
        QCOMPARE(text(first["kind"].get<std::string>()), QStringLiteral("F"));
        QCOMPARE(first["start_s"].get<double>(), 1.0);
        QCOMPARE(first["end_s"].get<double>(), 2.0);
        QCOMPARE(text(rank["ops"][1]["kind"].get<std::string>()), QStringLiteral("B"));
        // Key order as PLAN_FORMAT.md lists it.
        QCOMPARE(text(json.begin().key()), QStringLiteral("kind"));
        QStringList opKeys;
        for (auto it = first.begin(); it != first.end(); ++it) opKeys << text(it.key());
        QCOMPARE(opKeys, (QStringList{QStringLiteral("kind"), QStringLiteral("micro_batch"),
                                      QStringLiteral("chunk"), QStringLiteral("start_s"),
                                      QStringLiteral("end_s")}));
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
