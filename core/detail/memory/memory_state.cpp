// SPDX-License-Identifier: MIT
#include "core/detail/memory/memory_state.h"

#include "core/format.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

struct Sharding {
    double dense = 1;
    double expert = 1;
};

std::string perParameter(double bytes) { return formatFixed(bytes, bytes < 1 ? 2 : 0) + " B"; }

// One state of bytesPerParameter × the GPU's parameters, sharded or not, on the GPU or moved.
MemoryItem stateItem(bool explain, const std::string& name, double bytesPerParameter,
                     const StageShare& share, Sharding sharding, const char* movedTo,
                     double& movedBytes, const std::string& note = {}) {
    const double bytes =
        bytesPerParameter * (share.dense() / sharding.dense + share.expert / sharding.expert);
    if (!explain) {
        if (movedTo != nullptr) movedBytes += bytes;
        return makeItem(movedTo != nullptr ? 0.0 : bytes, {});
    }
    std::string formula = name + " = " + perParameter(bytesPerParameter) + " × " +
                          shareText(share.dense(), sharding.dense, share.expert, sharding.expert) +
                          " = " + bytesText(bytes) + note;
    if (movedTo != nullptr) {
        movedBytes += bytes;
        return makeItem(0, formula + ", kept in " + movedTo + " (0 B on the GPU)");
    }
    return makeItem(bytes, formula);
}

}  // namespace

ModelStateBytes modelStateBytes(const MemoryInputs& in, const StageShare& share) {
    const Plan& plan = *in.plan;
    const int zero = std::clamp(plan.parallel.zeroStage, 0, 3);
    const Offload offload = plan.parallel.offload;
    const Sharding whole{};
    const Sharding sharded{in.denseShards, in.expertShards};
    // Optimizer offload (ZeRO-Offload, Ren et al. 2021 §4) moves master weights, optimizer
    // states and the gradients (reduced bucket by bucket, then copied to the CPU, as DeepSpeed
    // does); parameter offload (ZeRO-Infinity) needs ZeRO-3 and also moves the weight shards.
    const bool toNvme = offload == Offload::Nvme;
    const bool optimizerMoved = offload != Offload::None;
    const bool paramsMoved =
        zero == 3 && (offload == Offload::OptimizerAndParamsCpu || offload == Offload::Nvme);
    const char* destination = toNvme ? "NVMe" : "CPU memory";

    ModelStateBytes out;
    double moved = 0;
    double movedParams = 0;
    out.weights =
        stateItem(in.explain, "weights", in.weightBytes, share, zero >= 3 ? sharded : whole,
                  paramsMoved ? destination : nullptr, movedParams);
    if (in.masterBytes > 0) {
        out.masterWeights = stateItem(
            in.explain, "master weights", in.masterBytes, share, zero >= 1 ? sharded : whole,
            optimizerMoved ? destination : nullptr, moved, " (fp32 copy)");
    } else {
        out.masterWeights = makeItem(0, plan.training.precision == Precision::Fp32
                                            ? "master weights: none (training in fp32)"
                                            : "master weights: none (switched off)");
    }
    out.gradients =
        stateItem(in.explain, "gradients", in.gradBytes, share, zero >= 2 ? sharded : whole,
                  paramsMoved || optimizerMoved ? destination : nullptr, movedParams);

    const OptimizerKind kind = plan.training.optimizer;
    const Sharding optimizerSharding = zero >= 1 ? sharded : whole;
    if (kind == OptimizerKind::Adafactor) {
        // Factored second moments: 4 B × (rows + cols) per matrix, 4 B per vector element.
        const double bytes = 4.0 * share.factoredState / optimizerSharding.dense;
        std::string formula = "optimizer states = 4 B × " +
                              shareText(share.factoredState, optimizerSharding.dense, 0, 1) +
                              " row + column accumulators (Adafactor) = " + bytesText(bytes);
        if (optimizerMoved) {
            moved += bytes;
            out.optimizerStates =
                makeItem(0, formula + ", kept in " + destination + " (0 B on the GPU)");
        } else {
            out.optimizerStates = makeItem(bytes, formula);
        }
    } else {
        const double perParameter = optimizerBytesPerParameter(kind);
        out.optimizerStates =
            stateItem(in.explain, "optimizer states", perParameter, share, optimizerSharding,
                      optimizerMoved && perParameter > 0 ? destination : nullptr, moved,
                      " (" + optimizerName(kind) + ")");
    }
    (toNvme ? out.nvmeBytes : out.hostBytes) += moved + movedParams;
    return out;
}

}  // namespace fourfold::core::detail
