// SPDX-License-Identifier: MIT
// DeepSpeed's model-state estimators, estimate_zero2_model_states_mem_needs and
// estimate_zero3_model_states_mem_needs (deepspeed/runtime/zero/stage_1_and_2.py and
// stage3.py), counted over their own terms.
#include "core/memory/detail/memory_conventions.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace fourfold::core::detail {
namespace {

// DeepSpeed's estimators count over their own terms: Ψ whole parameters of this rank and G GPUs
// sharding the state; ZeRO-3's lump holds the 2 B weights too.
struct DeepSpeedShape {
    double psi = 0;
    double gpus = 1;
    bool weightsInLump = false;
    const char* source = "";
};

// Where a category's bytes come from. The ZeRO-2 code's own comment splits its lump
// int(18Ψ/G) into 2 B 16-bit gradients, 4 B fp32 gradients, 4 B fp32 parameters and 8 B
// moments; ZeRO-3 adds the 2 B weights inside the lump. Each part is ⌊lump × bytes / 18⌋, the
// moments the remainder. None: the estimator keeps it in CPU memory.
enum class DeepSpeedPart {
    None,
    Whole2,
    Sharded2,
    LumpWeights,
    LumpGradients,
    LumpMaster,
    LumpRest
};

double deepSpeedBytes(const DeepSpeedShape& shape, DeepSpeedPart part) {
    const double lump = std::floor(18.0 * shape.psi / shape.gpus);
    const double lumpWeights = shape.weightsInLump ? std::floor(lump * 2.0 / 18.0) : 0.0;
    const double lumpGradients = std::floor(lump * (shape.weightsInLump ? 4.0 : 6.0) / 18.0);
    const double lumpMaster = std::floor(lump * 4.0 / 18.0);
    switch (part) {
        case DeepSpeedPart::None:
            return 0.0;
        case DeepSpeedPart::Whole2:
            return 2.0 * shape.psi;
        case DeepSpeedPart::Sharded2:
            return std::floor(2.0 * shape.psi / shape.gpus);
        case DeepSpeedPart::LumpWeights:
            return lumpWeights;
        case DeepSpeedPart::LumpGradients:
            return lumpGradients;
        case DeepSpeedPart::LumpMaster:
            return lumpMaster;
        case DeepSpeedPart::LumpRest:
            return lump - lumpWeights - lumpGradients - lumpMaster;
    }
    return 0.0;
}

// The same part as a formula over Ψ and G.
ExplainedFigure deepSpeedFigure(const DeepSpeedShape& shape, DeepSpeedPart part) {
    ExplainedFigure figure;
    figure.source = shape.source;
    if (part == DeepSpeedPart::None) {
        figure.note = "kept in CPU memory";
        return figure;
    }
    const Expression psi = figure.term("Ψ", "parameters on this rank (whole parameters)", shape.psi,
                                       units::kParameters);
    if (part == DeepSpeedPart::Whole2) {
        figure.expression = 2.0 * psi;
        return figure;
    }
    const Expression gpus = figure.term("G", "GPUs sharding the state", shape.gpus, units::kCount);
    if (part == DeepSpeedPart::Sharded2) {
        figure.expression = floorExpr(2.0 * psi / gpus);
        return figure;
    }
    const Expression lump = floorExpr(18.0 * psi / gpus);
    const auto lumpShare = [&](double bytes) { return floorExpr(lump * numberExpr(bytes) / 18.0); };
    const Expression weights = lumpShare(2.0);
    const Expression gradients = lumpShare(shape.weightsInLump ? 4.0 : 6.0);
    const Expression master = lumpShare(4.0);
    switch (part) {
        case DeepSpeedPart::LumpWeights:
            figure.expression = weights;
            break;
        case DeepSpeedPart::LumpGradients:
            figure.expression = gradients;
            break;
        case DeepSpeedPart::LumpMaster:
            figure.expression = master;
            break;
        default:
            figure.expression = shape.weightsInLump ? lump - weights - gradients - master
                                                    : lump - gradients - master;
            break;
    }
    return figure;
}

// Which part each model state is under the estimator's branch, what ZeRO-3 gathers (4 bytes per
// parameter of the largest layer on this rank) and the estimator's CPU memory per node.
struct DeepSpeedLayout {
    DeepSpeedPart weights = DeepSpeedPart::None;
    DeepSpeedPart gradients = DeepSpeedPart::None;
    DeepSpeedPart master = DeepSpeedPart::None;
    DeepSpeedPart optimizer = DeepSpeedPart::None;
    bool weightsInLump = false;
    double gathered = 0;
    double cpu = 0;
};

DeepSpeedLayout deepSpeedLayout(const MemoryInputs& in, int zero, double psi, double gpus) {
    constexpr double kBufferFactor = 1.5;  // DeepSpeed's additional_buffer_factor default
    const Plan& plan = *in.plan;
    const double perNode =
        std::min(gpus, static_cast<double>(std::max(1, plan.cluster.gpusPerNode)));
    const double nodes = std::max(1.0, gpus / perNode);
    const bool offloadOptimizer = offloadsOptimizer(plan.parallel.offload);
    const bool offloadParams = offloadsParameters(plan.parallel.offload);
    DeepSpeedLayout layout;
    if (zero < 3) {
        layout.weights = DeepSpeedPart::Whole2;
        if (offloadOptimizer) {
            layout.cpu = psi * std::max(4.0 * gpus, 16.0) * kBufferFactor;
        } else {
            layout.gradients = DeepSpeedPart::LumpGradients;
            layout.master = DeepSpeedPart::LumpMaster;
            layout.optimizer = DeepSpeedPart::LumpRest;
            layout.cpu = psi * 4.0 * perNode * kBufferFactor;
        }
        return layout;
    }
    const double largest = std::floor(static_cast<double>(in.model->largestModule) / in.tp);
    layout.gathered = 4.0 * largest;
    if (offloadOptimizer && offloadParams) {
        layout.cpu = psi * 18.0 / nodes * kBufferFactor;
    } else if (offloadOptimizer) {
        layout.weights = DeepSpeedPart::Sharded2;
        layout.cpu = psi * 16.0 / nodes * kBufferFactor;
    } else {
        layout.weightsInLump = true;
        layout.weights = DeepSpeedPart::LumpWeights;
        layout.gradients = DeepSpeedPart::LumpGradients;
        layout.master = DeepSpeedPart::LumpMaster;
        layout.optimizer = DeepSpeedPart::LumpRest;
        layout.cpu = largest * 4.0 * perNode * kBufferFactor;
    }
    return layout;
}

// ZeRO-3's gathered parameters, which the ZeRO-2 estimator does not count.
MemoryItem deepSpeedGathered(bool explain, const DeepSpeedShape& shape, double gathered) {
    if (gathered <= 0) {
        return zeroItem(explain, "not counted by DeepSpeed's ZeRO-2 estimator", shape.source);
    }
    ExplainedFigure figure;
    if (explain) {
        figure.source = shape.source;
        figure.expression = 4.0 * figure.term("M", "parameters of the largest layer on this rank",
                                              gathered / 4.0, units::kParameters);
    }
    return makeItem(gathered, std::move(figure));
}

}  // namespace

double deepSpeedStage(const MemoryInputs& in, const StageShare& share, StageMemory& stage) {
    const int zero = std::clamp(in.plan->parallel.zeroStage, 0, 3);
    // DeepSpeed counts whole parameters (int); ZeRO-0 has no estimator: one rank's share.
    const double psi = std::floor(share.total());
    const double gpus = zero == 0 ? 1.0 : std::max(1.0, in.denseShards);
    const DeepSpeedLayout layout = deepSpeedLayout(in, zero, psi, gpus);
    const DeepSpeedShape shape{psi, gpus, layout.weightsInLump,
                               zero < 3 ? "DeepSpeed estimate_zero2_model_states_mem_needs"
                                        : "DeepSpeed estimate_zero3_model_states_mem_needs"};
    const std::pair<MemoryCategory, DeepSpeedPart> parts[] = {
        {MemoryCategory::Weights, layout.weights},
        {MemoryCategory::Gradients, layout.gradients},
        {MemoryCategory::MasterWeights, layout.master},
        {MemoryCategory::OptimizerStates, layout.optimizer}};
    for (const auto& [category, part] : parts) {
        const double bytes = deepSpeedBytes(shape, part);
        categoryItem(stage, category) =
            in.explain ? makeItem(bytes, deepSpeedFigure(shape, part)) : makeItem(bytes);
    }
    leaveOut(in.explain, stage, "DeepSpeed's model-state estimator");
    categoryItem(stage, MemoryCategory::CommBuffers) =
        deepSpeedGathered(in.explain, shape, layout.gathered);
    return layout.cpu;
}

}  // namespace fourfold::core::detail
