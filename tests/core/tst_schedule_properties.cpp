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

// A micro-batch's path over the (rank, chunk) pairs, written out again here from the routes'
// definitions (core/schedule/schedule_order.h): paths, their length, the position of a chunk
// on its path, and the rank at a position.
struct Route {
    detail::ChunkRoute kind = detail::ChunkRoute::Looped;
    int stages = 1;
    int chunks = 1;

    int paths() const { return kind == detail::ChunkRoute::TwoWay ? 2 : 1; }
    int length() const {
        if (kind == detail::ChunkRoute::TwoWay) return stages;
        return kind == detail::ChunkRoute::VShape ? 2 * stages : stages * chunks;
    }
    int pathOf(int chunk) const { return kind == detail::ChunkRoute::TwoWay ? chunk : 0; }
    int position(int chunk, int rank) const {
        if (kind == detail::ChunkRoute::Looped) return chunk * stages + rank;
        if (kind == detail::ChunkRoute::VShape) return chunk == 0 ? rank : 2 * stages - 1 - rank;
        return chunk == 0 ? rank : stages - 1 - rank;
    }
    int rankAt(int path, int at) const {
        if (kind == detail::ChunkRoute::Looped) return at % stages;
        if (kind == detail::ChunkRoute::VShape) return at < stages ? at : 2 * stages - 1 - at;
        return path == 0 ? at : stages - 1 - at;
    }
};

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
    const Route route{chunks > 1 ? scheduleInfo(result.kind).route : detail::ChunkRoute::Looped,
                      stages, chunks};
    // Two ways, each path carries half the micro-batches.
    const int perPath = micro / route.paths();
    const auto slotOf = [&](int path, int at, int mb) {
        return (std::size_t(path) * std::size_t(route.length()) + std::size_t(at)) *
                   std::size_t(micro) +
               std::size_t(mb);
    };
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
            if (op.chunk < 0 || op.chunk >= chunks || op.microBatch < 0 || op.microBatch >= perPath)
                return QStringLiteral("op outside the shape");
            const auto slot =
                slotOf(route.pathOf(op.chunk), route.position(op.chunk, rank.stage), op.microBatch);
            const auto kind = std::size_t(op.kind);
            if (ends[kind][slot] >= 0) return QStringLiteral("op ran twice");
            starts[kind][slot] = op.startS;
            ends[kind][slot] = op.endS;
        }
        busiest = std::max(busiest, busy);
        if (std::abs(rank.idleS - (result.makespanS - busy)) > 1e-6) return QStringLiteral("idle");
    }
    const int last = route.length() - 1;
    for (int path = 0; path < route.paths(); ++path) {
        for (int at = 0; at <= last; ++at) {
            for (int mb = 0; mb < perPath; ++mb) {
                const auto slot = slotOf(path, at, mb);
                const double forwardStart = starts[0][slot];
                const double backwardStart = starts[1][slot];
                if (forwardStart < 0 || backwardStart < 0) return QStringLiteral("missing F or B");
                if (split != (starts[2][slot] >= 0)) return QStringLiteral("W presence");
                // The send applies between ranks only (a V turns on its last rank).
                const auto sendFrom = [&](int other) {
                    return route.rankAt(path, other) != route.rankAt(path, at) ? transfer : 0.0;
                };
                if (at > 0 && forwardStart <
                                  ends[0][slotOf(path, at - 1, mb)] + sendFrom(at - 1) - kTolerance)
                    return QStringLiteral("F before upstream F + transfer");
                if (at == last) {
                    if (backwardStart < ends[0][slot] - kTolerance)
                        return QStringLiteral("B before F");
                } else if (backwardStart <
                           ends[1][slotOf(path, at + 1, mb)] + sendFrom(at + 1) - kTolerance) {
                    return QStringLiteral("B before downstream B + transfer");
                }
                if (split && starts[2][slot] < ends[1][slot] - kTolerance)
                    return QStringLiteral("W before B");
            }
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
            int stages = stagesOf(random);
            int micro = microOf(random);
            int chunks = chunksOf(random);
            // Half the interleaved trials use a multiple of p, so interleaving really runs;
            // half the DualPipe ones give it two chunks, an even p and m ≥ 2p.
            if (scheduleInfo(kind).runsOnChunks != nullptr) {
                if (trial % 2 == 0) {
                    chunks = 2;
                    stages += stages % 2;
                    micro = std::max(micro + micro % 2, 2 * stages);
                }
            } else if (scheduleInfo(kind).usesVirtualStages && trial % 2 == 0) {
                micro = stages * std::max(1, micro / stages);
            }
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
