// SPDX-License-Identifier: MIT
#include "core/search/detail/search_space.h"

#include "core/plan/plan_enums.h"
#include "core/rules/parallel_choices.h"
#include "core/schedule/schedule_kinds.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

// Far beyond any cluster the search is meant for: a bound on the enumeration itself.
constexpr std::int64_t kMaxSearchGpus = std::int64_t{1} << 20;

bool isMoe(const Plan& plan) { return plan.model.moe.experts > 1; }

template <class T>
std::vector<T> orAll(const std::vector<T>& chosen, std::vector<T> all) {
    return chosen.empty() ? all : chosen;
}

std::vector<OverlapChoice> overlapChoices(const Plan& plan, const SearchSpace& space,
                                          const Factorisation& f, bool zero) {
    const PerformanceOptions& own = plan.performance;
    const OverlapChoice planOwn{own.overlapGradReduce, own.overlapParamGather, own.overlapTpComm,
                                own.overlapP2p};
    if (!space.overlaps) return {planOwn};
    // Each flag is tried both ways only where it changes the step.
    const auto values = [](bool varies, bool planValue) {
        return varies ? std::vector<bool>{true, false} : std::vector<bool>{planValue};
    };
    std::vector<OverlapChoice> choices;
    for (const bool grad : values(std::int64_t{f.dp} * f.cp > 1, planOwn.gradReduce)) {
        for (const bool gather : values(zero, planOwn.paramGather)) {
            for (const bool tpComm : values(f.tp > 1, planOwn.tpComm)) {
                for (const bool p2p : values(f.pp > 1, planOwn.p2p)) {
                    choices.push_back({grad, gather, tpComm, p2p});
                }
            }
        }
    }
    return choices;
}

}  // namespace

std::int64_t BlockAxes::layouts() const {
    std::int64_t perSharding = 0;
    for (const auto& [zero, offload] : sharding) {
        perSharding += static_cast<std::int64_t>(overlaps(zero).size());
    }
    return static_cast<std::int64_t>(schedules.size()) *
           static_cast<std::int64_t>(microBatches.size()) *
           static_cast<std::int64_t>(sequenceParallel.size()) * perSharding *
           static_cast<std::int64_t>(recomputes.size());
}

std::int64_t searchGlobalBatch(const Plan& plan) {
    if (plan.training.globalBatch && *plan.training.globalBatch > 0) {
        return *plan.training.globalBatch;
    }
    return std::max<std::int64_t>(0, derivedGlobalBatch(plan));
}

std::vector<Factorisation> factorisations(const Plan& plan, const SearchSpace& space) {
    std::vector<Factorisation> result;
    const std::int64_t gpus = std::min(clusterGpuCount(plan), kMaxSearchGpus);
    if (gpus < 1) return result;
    const bool moe = isMoe(plan);
    const std::int64_t smallest = space.everyWorldSize ? 1 : gpus;
    for (std::int64_t world = smallest; world <= gpus; ++world) {
        for (const int tp : divisorsOf(world)) {
            if (space.tensorParallelWithinNode && tp > std::max(1, plan.cluster.gpusPerNode)) {
                break;
            }
            for (const int pp : divisorsOf(world / tp)) {
                for (const int cp : divisorsOf(world / tp / pp)) {
                    const int dp = static_cast<int>(world / tp / pp / cp);
                    const std::vector<int> eps =
                        moe ? divisorsOf(std::int64_t{dp} * cp) : std::vector<int>{1};
                    for (const int ep : eps) {
                        // Expert tensor parallel: 0 follows tp; smaller divisors of tp as well.
                        std::vector<int> etps{0};
                        if (moe) {
                            for (const int etp : divisorsOf(tp)) {
                                if (etp != tp) etps.push_back(etp);
                            }
                        }
                        for (const int etp : etps) result.push_back({dp, tp, pp, cp, ep, etp});
                    }
                }
            }
        }
    }
    return result;
}

BlockAxes blockAxes(const Plan& plan, const SearchSpace& space, const Factorisation& f,
                    std::int64_t globalBatch) {
    BlockAxes axes;
    // B = b × a × d (Narayanan et al. 2021 §2): micro-batches divide the per-replica batch.
    if (globalBatch < 1 || globalBatch % f.dp != 0) return axes;
    for (const int micro : divisorsOf(globalBatch / f.dp)) {
        if (space.maxMicroBatch > 0 && micro > space.maxMicroBatch) break;
        axes.microBatches.push_back(micro);
    }
    const int layers = plan.model.layers;
    // With the embedding and the loss each counted as a layer (Megatron-LM's account-for
    // flags), the first and last stages carry one layer fewer: tried wherever layers + 2
    // divide over the chunks, as the even split is wherever the layers do, and there are more
    // than two chunks (over two it places the layers exactly as the even split does).
    const int balancedSlots = f.pp >= 2 && layers >= 1 ? layers + 2 : 0;
    for (const ScheduleKind kind : orAll(space.schedules, allValues<ScheduleKind>())) {
        const ScheduleKindInfo& info = scheduleInfo(kind);
        if (!info.usesVirtualStages) {
            axes.schedules.push_back({kind, 1});
            if (balancedSlots > 0 && balancedSlots % f.pp == 0 && f.pp > 2) {
                axes.schedules.push_back({kind, 1, true});
            }
            continue;
        }
        // DualPipe and DualPipeV run exactly two chunks; they are searched only when named (an
        // MoE run's choice, and twice the candidates otherwise).
        if (info.runsOnChunks != nullptr) {
            const int perRank = kind == ScheduleKind::DualPipe ? f.pp : 2 * f.pp;
            if (!space.schedules.empty() && f.pp >= 2 && layers >= 1 && layers % perRank == 0) {
                axes.schedules.push_back({kind, 2});
            }
            continue;
        }
        // Interleaving: v ≥ 2 chunks per rank, each a whole number of layers (or slots).
        if (f.pp < 2 || layers < 1) continue;
        if (layers % f.pp == 0) {
            for (const int chunks : divisorsOf(layers / f.pp)) {
                if (chunks >= 2) axes.schedules.push_back({kind, chunks});
            }
        }
        if (balancedSlots > 0 && balancedSlots % f.pp == 0) {
            for (const int chunks : divisorsOf(balancedSlots / f.pp)) {
                if (chunks >= 2) axes.schedules.push_back({kind, chunks, true});
            }
        }
    }
    axes.sequenceParallel = space.sequenceParallel && f.tp > 1
                                ? std::vector<bool>{false, true}
                                : std::vector<bool>{plan.parallel.sequenceParallel && f.tp > 1};
    for (const int zero : orAll(space.zeroStages, {0, 1, 2, 3})) {
        for (const Offload offload :
             orAll(space.offloads, {Offload::None, Offload::OptimizerCpu,
                                    Offload::OptimizerAndParamsCpu, Offload::Nvme})) {
            axes.sharding.emplace_back(zero, offload);
        }
    }
    axes.recomputes =
        orAll(space.recomputes, {Recompute::None, Recompute::Selective, Recompute::Full});
    axes.overlapsWithoutZero = overlapChoices(plan, space, f, false);
    axes.overlapsWithZero = overlapChoices(plan, space, f, true);
    return axes;
}

}  // namespace fourfold::core::detail
