// SPDX-License-Identifier: MIT
// Properties every simulated schedule must keep, over seeded random shapes and costs:
// each (stage, chunk, micro-batch) runs F and B (and W when split) exactly once, after its
// dependencies plus transfer; ops on a rank never overlap and are listed in start order; the
// makespan covers the busiest rank; the bubble lies in [0, 1); and the closed-form in-flight
// count equals the simulated peak.
#include "core/schedule/schedule.h"
#include "core/schedule/schedule_kinds.h"

#include <QTest>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

using namespace fourfold::core;

namespace {

constexpr double kTolerance = 1e-9;

bool splitsWeightGrad(ScheduleKind kind) { return scheduleInfo(kind).splitsWeightGrad; }

// Returns an empty string when the result keeps every property, else what broke.
QString checkProperties(const ScheduleResult& result, const ScheduleCosts& costs) {
    const int stages = result.stages;
    const int micro = result.microBatches;
    const int chunks = result.virtualStages;
    const bool split = splitsWeightGrad(result.kind);
    const double transfer = stages > 1 ? costs.transferS : 0.0;
    if (!result.complete)
        return QStringLiteral("incomplete: ") + QString::fromStdString(result.bubbleFormula);
    if (int(result.ranks.size()) != stages) return QStringLiteral("rank count");
    const auto slotCount = std::size_t(stages) * std::size_t(chunks) * std::size_t(micro);
    // start/end per kind, per (virtual stage, micro-batch); -1 = not seen.
    std::array<std::vector<double>, 3> starts, ends;
    for (auto& values : starts) values.assign(slotCount, -1.0);
    for (auto& values : ends) values.assign(slotCount, -1.0);
    double busiest = 0;
    for (const auto& rank : result.ranks) {
        double previousEnd = 0;
        double busy = 0;
        for (const auto& op : rank.ops) {
            if (op.startS < previousEnd - kTolerance) return QStringLiteral("overlap or order");
            if (op.endS < op.startS) return QStringLiteral("negative duration");
            previousEnd = op.endS;
            busy += op.endS - op.startS;
            if (op.chunk < 0 || op.chunk >= chunks || op.microBatch < 0 || op.microBatch >= micro)
                return QStringLiteral("op outside the shape");
            const auto slot = std::size_t(op.chunk * stages + rank.stage) * std::size_t(micro) +
                              std::size_t(op.microBatch);
            const auto kind = std::size_t(op.kind);
            if (ends[kind][slot] >= 0) return QStringLiteral("op ran twice");
            starts[kind][slot] = op.startS;
            ends[kind][slot] = op.endS;
        }
        busiest = std::max(busiest, busy);
        if (std::abs(rank.idleS - (result.makespanS - busy)) > 1e-6) return QStringLiteral("idle");
    }
    const int lastVirtual = stages * chunks - 1;
    for (int virtualStage = 0; virtualStage <= lastVirtual; ++virtualStage) {
        for (int mb = 0; mb < micro; ++mb) {
            const auto slot = std::size_t(virtualStage) * std::size_t(micro) + std::size_t(mb);
            const double forwardStart = starts[0][slot];
            const double backwardStart = starts[1][slot];
            if (forwardStart < 0 || backwardStart < 0) return QStringLiteral("missing F or B");
            if (split != (starts[2][slot] >= 0)) return QStringLiteral("W presence");
            if (virtualStage > 0 &&
                forwardStart < ends[0][slot - std::size_t(micro)] + transfer - kTolerance)
                return QStringLiteral("F before upstream F + transfer");
            if (virtualStage == lastVirtual) {
                if (backwardStart < ends[0][slot] - kTolerance) return QStringLiteral("B before F");
            } else if (backwardStart < ends[1][slot + std::size_t(micro)] + transfer - kTolerance) {
                return QStringLiteral("B before downstream B + transfer");
            }
            if (split && starts[2][slot] < ends[1][slot] - kTolerance)
                return QStringLiteral("W before B");
        }
    }
    if (result.makespanS < busiest - kTolerance) return QStringLiteral("makespan below work");
    if (result.bubbleFraction < 0 || result.bubbleFraction >= 1)
        return QStringLiteral("bubble range");
    return {};
}

ScheduleCosts randomCosts(std::mt19937& random, int stages, int chunks) {
    std::uniform_real_distribution<double> cost(0.05, 2.0);
    std::uniform_int_distribution<int> zeroOne(0, 9);
    ScheduleCosts costs;
    for (int index = 0; index < stages * chunks; ++index) {
        // One cost in ten is zero, to cover instantaneous ops.
        costs.forwardS.push_back(zeroOne(random) == 0 ? 0.0 : cost(random));
        costs.backwardS.push_back(zeroOne(random) == 0 ? 0.0 : cost(random));
        costs.weightGradS.push_back(zeroOne(random) == 0 ? 0.0 : cost(random));
    }
    costs.transferS = zeroOne(random) < 3 ? 0.0 : cost(random) / 4;
    return costs;
}

}  // namespace

class TestScheduleProperties : public QObject {
    Q_OBJECT
private slots:
    void randomShapesAndCosts() {
        std::mt19937 random(20240131);
        std::uniform_int_distribution<int> stagesOf(1, 9);
        std::uniform_int_distribution<int> microOf(1, 24);
        std::uniform_int_distribution<int> chunksOf(1, 4);
        const auto kinds = scheduleKinds();
        std::uniform_int_distribution<int> kindOf(0, int(kinds.size()) - 1);
        for (int trial = 0; trial < 600; ++trial) {
            const auto kind = kinds[std::size_t(kindOf(random))].kind;
            const int stages = stagesOf(random);
            int micro = microOf(random);
            const int chunks = chunksOf(random);
            // Half the interleaved trials use a multiple of p, so interleaving really runs.
            if (scheduleInfo(kind).usesVirtualStages && trial % 2 == 0)
                micro = stages * std::max(1, micro / stages);
            const auto costs = randomCosts(random, stages, chunks);
            const auto result = simulateSchedule(kind, stages, micro, chunks, costs);
            // The simulated shape may merge chunks; rebuild the costs it used for the check.
            ScheduleCosts used = costs;
            if (result.virtualStages != chunks) {
                used.forwardS.assign(std::size_t(stages), 0.0);
                used.backwardS.assign(std::size_t(stages), 0.0);
                used.weightGradS.assign(std::size_t(stages), 0.0);
            }
            const QString failure = checkProperties(result, used);
            if (!failure.isEmpty()) {
                QFAIL(qPrintable(QStringLiteral("trial %1 kind %2 p %3 m %4 v %5: %6")
                                     .arg(trial)
                                     .arg(int(kind))
                                     .arg(stages)
                                     .arg(micro)
                                     .arg(chunks)
                                     .arg(failure)));
            }
        }
    }

    // The memory engine's closed form equals the simulated peak for every schedule, stage
    // and (p, m, v) here, with equal costs.
    void closedFormMatchesSimulatedPeak() {
        int checked = 0;
        for (const ScheduleKindInfo& row : scheduleKinds()) {
            const ScheduleKind kind = row.kind;
            for (int stages = 1; stages <= 8; ++stages) {
                for (int micro = 1; micro <= 24; ++micro) {
                    for (int chunks = 1; chunks <= 4; ++chunks) {
                        const auto slotCount = std::size_t(stages * chunks);
                        ScheduleCosts costs;
                        costs.forwardS.assign(slotCount, 1.0);
                        costs.backwardS.assign(slotCount, 1.0);
                        costs.weightGradS.assign(slotCount, 1.0);
                        const auto result = simulateSchedule(kind, stages, micro, chunks, costs);
                        QVERIFY(result.complete);
                        // Whole-stage runs hold `chunks` sets of 1/chunks per micro-batch.
                        const int scale = chunks / result.virtualStages;
                        for (int stage = 0; stage < stages; ++stage) {
                            const int closed =
                                inFlightActivationSets(kind, stages, micro, chunks, stage);
                            const int simulated =
                                result.ranks[std::size_t(stage)].peakInFlight * scale;
                            if (closed != simulated) {
                                QFAIL(qPrintable(QStringLiteral("kind %1 p %2 m %3 v %4 s %5: "
                                                                "closed %6, simulated %7")
                                                     .arg(int(kind))
                                                     .arg(stages)
                                                     .arg(micro)
                                                     .arg(chunks)
                                                     .arg(stage)
                                                     .arg(closed)
                                                     .arg(simulated)));
                            }
                            ++checked;
                        }
                    }
                }
            }
        }
        QVERIFY(checked > 10'000);
    }
};

QTEST_GUILESS_MAIN(TestScheduleProperties)
#include "tst_schedule_properties.moc"
