// SPDX-License-Identifier: MIT
// Activation memory over the step, per pipeline rank, checked against the schedule it comes
// from: at every op boundary the sets held are the forwards done minus the backwards done on
// that rank (per chunk), and the peak is the stage's in-flight count (Narayanan et al. 2021
// §2.2: 1F1B holds p − s micro-batches, GPipe all m; interleaving per Megatron-LM).
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/memory/activation_timeline.h"
#include "core/plan/catalog.h"
#include "core/schedule/schedule.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace fourfold::core;

Q_DECLARE_METATYPE(fourfold::core::ScheduleKind)

namespace {

constexpr std::uint64_t kBytesPerSet = 1'000'000;

ScheduleCosts uniformCosts(int stages, int chunks, double forward, double backward,
                           double weightGrad = 0.0) {
    const auto slotCount = static_cast<std::size_t>(stages * chunks);
    ScheduleCosts costs;
    costs.forwardS.assign(slotCount, forward);
    costs.backwardS.assign(slotCount, backward);
    costs.weightGradS.assign(slotCount, weightGrad);
    costs.transferS = 0.0001;
    return costs;
}

// A memory report whose stage s holds `inFlight(s)` sets of kBytesPerSet, 10 GB of other
// memory and 70 GB usable: headroom 60 GB on every stage.
MemoryReport memoryFor(ScheduleKind kind, int stages, int microBatches, int chunks) {
    MemoryReport memory;
    memory.capacityBytes = 80'000'000'000;
    memory.usableBytes = 70'000'000'000;
    for (int stage = 0; stage < stages; ++stage) {
        StageMemory entry;
        entry.stage = stage;
        entry.inFlightMicroBatches =
            inFlightActivationSets(kind, stages, microBatches, chunks, stage);
        const std::uint64_t activations =
            static_cast<std::uint64_t>(entry.inFlightMicroBatches) * kBytesPerSet;
        entry.items[static_cast<std::size_t>(MemoryCategory::Activations)].bytes = activations;
        entry.items[static_cast<std::size_t>(MemoryCategory::Weights)].bytes = 10'000'000'000;
        entry.totalBytes = activations + 10'000'000'000;
        entry.activationBytesPerMicroBatch = kBytesPerSet;
        memory.stages.push_back(entry);
    }
    return memory;
}

// The step function's value at time t: the last step at or before t.
const ActivationStep& at(const RankActivations& rank, double t) {
    const ActivationStep* found = &rank.steps.front();
    for (const ActivationStep& step : rank.steps) {
        if (step.timeS <= t) found = &step;
    }
    return *found;
}

// Counted straight from the op list: forwards ended by t minus freeing ops ended by t.
int heldByCounting(const RankTimeline& rank, bool split, double t) {
    int held = 0;
    for (const ScheduleOp& op : rank.ops) {
        if (op.endS > t) continue;
        if (op.kind == OpKind::Forward) ++held;
        if (op.kind == (split ? OpKind::WeightGrad : OpKind::Backward)) --held;
    }
    return held;
}

}  // namespace

class TestActivationTimeline : public QObject {
    Q_OBJECT
private slots:
    void followsTheSchedule_data() {
        QTest::addColumn<ScheduleKind>("kind");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("micro");
        QTest::addColumn<int>("chunks");
        QTest::newRow("1f1b-p1-m8") << ScheduleKind::OneFOneB << 1 << 8 << 1;
        QTest::newRow("gpipe-p1-m8") << ScheduleKind::Gpipe << 1 << 8 << 1;
        QTest::newRow("article-1f1b-p4-m8") << ScheduleKind::OneFOneB << 4 << 8 << 1;
        QTest::newRow("article-gpipe-p4-m8") << ScheduleKind::Gpipe << 4 << 8 << 1;
        QTest::newRow("interleaved-p4-m8-v2") << ScheduleKind::Interleaved1F1B << 4 << 8 << 2;
        QTest::newRow("interleaved-p2-m4-v3") << ScheduleKind::Interleaved1F1B << 2 << 4 << 3;
        QTest::newRow("zb-h1-p4-m8") << ScheduleKind::ZbH1 << 4 << 8 << 1;
    }
    void followsTheSchedule() {
        QFETCH(ScheduleKind, kind);
        QFETCH(int, stages);
        QFETCH(int, micro);
        QFETCH(int, chunks);
        const bool zeroBubble = kind == ScheduleKind::ZbH1;
        const ScheduleResult schedule =
            simulateSchedule(kind, stages, micro, chunks,
                             uniformCosts(stages, chunks, 0.010, zeroBubble ? 0.010 : 0.020,
                                          zeroBubble ? 0.010 : 0.0));
        QVERIFY(schedule.complete);
        QCOMPARE(schedule.virtualStages, chunks);
        QCOMPARE(schedule.splitWeightGrad, zeroBubble);
        const MemoryReport memory = memoryFor(kind, stages, micro, chunks);
        const ActivationTimelines timelines = activationTimelines(schedule, &memory, chunks);
        QVERIFY(timelines.inBytes);
        QCOMPARE(timelines.ranks.size(), static_cast<std::size_t>(stages));
        for (int rank = 0; rank < stages; ++rank) {
            const RankTimeline& ops = schedule.ranks[static_cast<std::size_t>(rank)];
            const RankActivations& curve = timelines.ranks[static_cast<std::size_t>(rank)];
            QCOMPARE(curve.stage, rank);
            QCOMPARE(curve.steps.front(), (ActivationStep{0.0, 0, 0}));
            QCOMPARE(curve.steps.back().timeS, schedule.makespanS);
            QCOMPARE(curve.steps.back().sets, 0);  // every set freed by the end of the step
            // At every op boundary: forwards done − backwards done, in bytes per set.
            for (const ScheduleOp& op : ops.ops) {
                for (const double t : {op.startS, op.endS}) {
                    const int held = heldByCounting(ops, schedule.splitWeightGrad, t);
                    QCOMPARE(at(curve, t).sets, held);
                    QCOMPARE(at(curve, t).bytes, static_cast<std::uint64_t>(held) * kBytesPerSet);
                }
            }
            // The peak is the stage's in-flight count, the one the memory engine uses.
            const int inFlight = inFlightActivationSets(kind, stages, micro, chunks, rank);
            QCOMPARE(curve.peak.sets, inFlight);
            QCOMPARE(curve.peak.bytes, static_cast<std::uint64_t>(inFlight) * kBytesPerSet);
            QCOMPARE(curve.peak.sets, ops.peakInFlight);
            QCOMPARE(curve.headroomBytes, std::int64_t{60'000'000'000});
        }
        QCOMPARE(timelines.peakRank, 0);  // the first stage holds the most (or ties)
        QVERIFY(!timelines.anyWithoutHeadroom);
    }

    // One stage, 8 micro-batches, 1F1B: F0 B0 F1 B1 …, each forward 10 ms and backward 20 ms.
    // The held sets rise at the end of each forward and fall at the end of each backward:
    // 0 → 1 at 10 ms, → 0 at 30 ms, → 1 at 40 ms, … and the peak is at 10 ms, not 0 s.
    void oneStageRisesAndFalls() {
        const ScheduleResult schedule =
            simulateSchedule(ScheduleKind::OneFOneB, 1, 8, 1, uniformCosts(1, 1, 0.010, 0.020));
        const MemoryReport memory = memoryFor(ScheduleKind::OneFOneB, 1, 8, 1);
        const ActivationTimelines timelines = activationTimelines(schedule, &memory, 1);
        const auto& steps = timelines.ranks.front().steps;
        QCOMPARE(steps.size(), std::size_t{1 + 2 * 8});
        for (int micro = 0; micro < 8; ++micro) {
            const auto& rise = steps[static_cast<std::size_t>(1 + 2 * micro)];
            const auto& fall = steps[static_cast<std::size_t>(2 + 2 * micro)];
            QVERIFY(qFuzzyCompare(rise.timeS, 0.030 * micro + 0.010));
            QCOMPARE(rise.sets, 1);
            QVERIFY(qFuzzyCompare(fall.timeS, 0.030 * (micro + 1)));
            QCOMPARE(fall.sets, 0);
        }
        QVERIFY(qFuzzyCompare(timelines.ranks.front().peak.timeS, 0.010));
    }

    // Interleaving falls back to whole stages when m is not a multiple of p: each simulated
    // micro-batch then holds all v chunks' sets, as inFlightActivationSets counts them.
    void wholeStageFallbackCountsEveryChunk() {
        const ScheduleResult schedule = simulateSchedule(ScheduleKind::Interleaved1F1B, 4, 6, 2,
                                                         uniformCosts(4, 2, 0.005, 0.010));
        QCOMPARE(schedule.virtualStages, 1);
        const ActivationTimelines timelines = activationTimelines(schedule, nullptr, 2);
        QVERIFY(!timelines.inBytes);
        for (int rank = 0; rank < 4; ++rank) {
            QCOMPARE(timelines.ranks[static_cast<std::size_t>(rank)].peak.sets,
                     inFlightActivationSets(ScheduleKind::Interleaved1F1B, 4, 6, 2, rank));
        }
    }

    // A split backward (zero-bubble, Qi et al. 2023): the set lives until W ends, not B.
    // F0 0–1, B0 1–2, F1 2–3, W0 3–4, B1 4–5, W1 5–6 (ms): 1 set at 1 ms, 2 at 3 ms, 1 at
    // 4 ms, none at 6 ms.
    void weightGradientFreesTheSet() {
        ScheduleResult schedule;
        schedule.makespanS = 6 * 1e-3;
        schedule.splitWeightGrad = true;
        RankTimeline rank;
        const auto op = [](OpKind kind, int micro, double startMs, double endMs) {
            return ScheduleOp{kind, micro, 0, startMs * 1e-3, endMs * 1e-3};
        };
        rank.ops = {op(OpKind::Forward, 0, 0, 1),  op(OpKind::Backward, 0, 1, 2),
                    op(OpKind::Forward, 1, 2, 3),  op(OpKind::WeightGrad, 0, 3, 4),
                    op(OpKind::Backward, 1, 4, 5), op(OpKind::WeightGrad, 1, 5, 6)};
        schedule.ranks = {rank};
        const ActivationTimelines timelines = activationTimelines(schedule, nullptr, 1);
        const auto& steps = timelines.ranks.front().steps;
        const std::vector<ActivationStep> expected = {
            {0.0, 0, 0}, {1 * 1e-3, 1, 0}, {3 * 1e-3, 2, 0}, {4 * 1e-3, 1, 0}, {6 * 1e-3, 0, 0}};
        QCOMPARE(steps, expected);
        QCOMPARE(timelines.ranks.front().peak, (ActivationStep{3 * 1e-3, 2, 0}));
    }

    // A stage whose other memory exceeds usable has negative headroom.
    void negativeHeadroom() {
        const ScheduleResult schedule =
            simulateSchedule(ScheduleKind::OneFOneB, 2, 4, 1, uniformCosts(2, 1, 0.01, 0.02));
        MemoryReport memory = memoryFor(ScheduleKind::OneFOneB, 2, 4, 1);
        memory.usableBytes = 9'000'000'000;  // 1 GB less than the other memory
        const ActivationTimelines timelines = activationTimelines(schedule, &memory, 1);
        QCOMPARE(timelines.ranks[0].headroomBytes, std::int64_t{-1'000'000'000});
        QVERIFY(timelines.anyWithoutHeadroom);
        // Stage 0 holds 2 sets at its peak, stage 1 one: stage 0 is left with less.
        QCOMPARE(timelines.tightestRank, 0);
    }

    // The whole engine: evaluate() composes schedule and memory, and the JSON carries the
    // curve as [seconds, bytes] steps beside each rank's ops (PLAN_FORMAT.md "Additions").
    void evaluationCarriesTheCurve() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 2;
        plan.parallel.pp = 4;
        plan.training.gradAccumulation = 8;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.memory && evaluation.schedule && evaluation.activations);
        const auto& memory = *evaluation.memory;
        const auto json = evaluationToJsonValue(evaluation);
        for (const RankActivations& rank : evaluation.activations->ranks) {
            const StageMemory& stage = memory.stages[static_cast<std::size_t>(rank.stage)];
            QCOMPARE(rank.peak.sets, stage.inFlightMicroBatches);  // 4 − s with 1F1B
            QCOMPARE(rank.peak.sets, 4 - rank.stage);
            QCOMPARE(rank.peak.bytes, static_cast<std::uint64_t>(stage.inFlightMicroBatches) *
                                          stage.activationBytesPerMicroBatch);
            const std::uint64_t activations =
                stage.items[static_cast<std::size_t>(MemoryCategory::Activations)].bytes;
            QCOMPARE(rank.headroomBytes, static_cast<std::int64_t>(memory.usableBytes) -
                                             static_cast<std::int64_t>(stage.totalBytes) +
                                             static_cast<std::int64_t>(activations));
            const auto& entry = json["schedule"]["ranks"][static_cast<std::size_t>(rank.rank)];
            QCOMPARE(entry["headroom_bytes"].get<std::int64_t>(), rank.headroomBytes);
            const auto& curve = entry["activation_timeline"];
            QCOMPARE(curve.size(), rank.steps.size());
            QCOMPARE(curve[1][0].get<double>(), rank.steps[1].timeS);
            QCOMPARE(curve[1][1].get<std::uint64_t>(), rank.steps[1].bytes);
        }
    }
};

QTEST_GUILESS_MAIN(TestActivationTimeline)
#include "tst_activation_timeline.moc"
