// SPDX-License-Identifier: MIT
// What the search tests share: a small plan, a narrow space written out by hand, a brute-force
// pass over it with evaluate(), and the check that evaluate() gives a candidate's figures.
#pragma once

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/rules/validate.h"
#include "core/search/search.h"

#include <QTest>

#include <algorithm>
#include <vector>

namespace fourfold::test {

using namespace fourfold::core;

// A small dense model every degree up to 4 divides: 4 layers, 4 heads, sequence 1024.
inline Plan smallPlan(int gpus) {
    Plan plan = defaultPlan();
    plan.model.layers = 4;
    plan.model.hidden = 1024;
    plan.model.heads = 4;
    plan.model.kvHeads = 4;
    plan.model.ffnHidden = 4096;
    plan.model.vocab = 32000;
    plan.model.sequence = 1024;
    plan.cluster.gpusPerNode = gpus;
    plan.cluster.nodes = 1;
    plan.parallel = {};
    plan.parallel.dp = gpus;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 8 / gpus;
    plan.training.globalBatch = 8;
    return plan;
}

// One schedule, no ZeRO, no offload, no recompute, no sequence parallel, the plan's overlaps:
// the space is the factorisations times the micro-batches.
inline SearchSpace narrowSpace() {
    SearchSpace space;
    space.schedules = {ScheduleKind::OneFOneB};
    space.zeroStages = {0};
    space.offloads = {Offload::None};
    space.recomputes = {Recompute::None};
    space.sequenceParallel = false;
    space.overlaps = false;
    return space;
}

inline int divisorCount(int n) {
    int count = 0;
    for (int d = 1; d <= n; ++d) count += n % d == 0 ? 1 : 0;
    return count;
}

// The whole narrow space written out with plain loops, each layout through evaluate().
struct BruteForce {
    std::int64_t layouts = 0;
    std::int64_t invalid = 0;  // an error, or a warning that rejects the layout
    std::vector<Evaluation> fitting;
};
inline BruteForce bruteForce(const Plan& base, int gpus, std::int64_t globalBatch) {
    BruteForce result;
    for (int tp = 1; tp <= gpus; ++tp) {
        for (int pp = 1; pp <= gpus; ++pp) {
            for (int cp = 1; cp <= gpus; ++cp) {
                if (gpus % (tp * pp * cp) != 0) continue;
                const int dp = gpus / (tp * pp * cp);
                if (globalBatch % dp != 0) continue;
                for (int micro = 1; micro <= globalBatch / dp; ++micro) {
                    // The embedding and loss counted in the split, where layers + 2 divide
                    // over more than two stages.
                    const int splitSlots = base.model.layers + 2;
                    for (const bool balanced : {false, true}) {
                        if (balanced && (pp <= 2 || splitSlots % pp != 0)) continue;
                        if ((globalBatch / dp) % micro != 0) continue;
                        ++result.layouts;
                        Plan plan = base;
                        plan.parallel.embeddingInSplit = balanced;
                        plan.parallel.lossInSplit = balanced;
                        plan.parallel.dp = dp;
                        plan.parallel.tp = tp;
                        plan.parallel.pp = pp;
                        plan.parallel.cp = cp;
                        plan.training.microBatch = micro;
                        plan.training.gradAccumulation = static_cast<int>(globalBatch / dp / micro);
                        Evaluation evaluation = evaluate(plan);
                        // An error, or a warning about the layout, as the search prunes.
                        if (std::any_of(evaluation.diagnostics.begin(),
                                        evaluation.diagnostics.end(),
                                        [](const Diagnostic& d) { return rejectsLayout(d); })) {
                            ++result.invalid;
                        } else if (evaluation.memory->fits) {
                            result.fitting.push_back(std::move(evaluation));
                        }
                    }
                }
            }
        }
    }
    return result;
}

// evaluate() gives exactly the search's figures for the candidate's plan.
inline void checkAgainstEvaluate(const SearchCandidate& candidate) {
    const Evaluation evaluation = evaluate(candidate.plan);
    QVERIFY(!hasErrors(evaluation.diagnostics));
    QVERIFY(evaluation.memory && evaluation.performance);
    const SearchPoint& point = candidate.point;
    QCOMPARE(evaluation.memory->peakBytes, point.peakBytes);
    QCOMPARE(evaluation.memory->fits, point.fits);
    // Bit for bit, not within a tolerance: the same code computes both.
    QVERIFY(evaluation.performance->stepTimeS == point.stepTimeS);
    QVERIFY(evaluation.performance->tokensPerS == point.tokensPerS);
    QVERIFY(evaluation.performance->mfu == point.mfu);
    QVERIFY(evaluation.performance->breakdown.bubble == point.bubbleS);
}

inline SearchPoint point(std::uint64_t peak, double tokensPerS, std::int64_t index) {
    SearchPoint p;
    p.peakBytes = peak;
    p.tokensPerS = tokensPerS;
    p.index = index;
    return p;
}

}  // namespace fourfold::test
