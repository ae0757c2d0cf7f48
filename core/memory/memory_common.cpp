// SPDX-License-Identifier: MIT
#include "core/memory/memory_common.h"

#include "core/model/model_shapes.h"

#include <algorithm>

namespace fourfold::core::detail {
namespace {

int atLeastOne(int value) { return value > 0 ? value : 1; }

// Adafactor keeps one row and one column accumulator per matrix, a full vector per 1-D tensor
// (Shazeer & Stern 2018). Returns {matrix row+col elements, vector elements} of one layer.
std::pair<double, double> layerFactoredElements(const ModelSpec& spec) {
    const double h = static_cast<double>(std::max(0, spec.hidden));
    const double kv = kvWidth(spec);
    const double experts = isMoe(spec) ? static_cast<double>(spec.moe.experts) : 1.0;
    const double width = isMoe(spec) ? expertFfn(spec) : static_cast<double>(spec.ffnHidden);
    const double matrices = spec.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    double factored = 2.0 * (h + h) + 2.0 * (h + kv) + experts * matrices * (h + width);
    if (isMoe(spec)) factored += h + experts;  // router
    const LayerShape shape = layerShape(spec);
    const double vectors = shape.norms + (gptStyle(spec) ? (3.0 * h + 2.0 * kv + width + h) : 0.0);
    return {factored, vectors};
}

}  // namespace

double precisionBytes(Precision precision) {
    switch (precision) {
        case Precision::Fp32:
            return 4;
        case Precision::Fp16:
        case Precision::Bf16:
            return 2;
        case Precision::Fp8:
            return 1;
    }
    return 2;
}

double weightBytesPerParameter(Precision precision) {
    return precision == Precision::Fp8 ? 2.0 : precisionBytes(precision);
}

double masterBytesPerParameter(const TrainingSpec& training) {
    return training.masterWeights && training.precision != Precision::Fp32 ? 4.0 : 0.0;
}

double activationBytesPerElement(Precision precision) {
    return precision == Precision::Fp32 ? 4.0 : 2.0;
}

bool offloadsOptimizer(Offload offload) { return offload != Offload::None; }

bool offloadsParameters(Offload offload) {
    return offload == Offload::OptimizerAndParamsCpu || offload == Offload::Nvme;
}

bool parametersOffloaded(const ParallelSpec& parallel) {
    return parallel.zeroStage >= 3 && offloadsParameters(parallel.offload);
}

double optimizerBytesPerParameter(OptimizerKind kind) {
    switch (kind) {
        case OptimizerKind::Adam:
        case OptimizerKind::AdamW:
            return 8;  // two fp32 moments
        case OptimizerKind::SgdMomentum:
            return 4;
        case OptimizerKind::Sgd:
            return 0;
        case OptimizerKind::Adam8bit:
            return 2;  // two 8-bit moments
        case OptimizerKind::Adafactor:
            return 0;
        case OptimizerKind::Lion:
            return 4;  // one fp32 momentum
    }
    return 8;
}

std::string optimizerName(OptimizerKind kind) {
    switch (kind) {
        case OptimizerKind::Adam:
            return "Adam";
        case OptimizerKind::AdamW:
            return "AdamW";
        case OptimizerKind::Sgd:
            return "SGD";
        case OptimizerKind::SgdMomentum:
            return "SGD with momentum";
        case OptimizerKind::Adam8bit:
            return "8-bit Adam";
        case OptimizerKind::Adafactor:
            return "Adafactor";
        case OptimizerKind::Lion:
            return "Lion";
    }
    return "optimizer";
}

MemoryInputs memoryInputs(const Plan& plan, const ModelReport& model, bool explain) {
    const ParallelSpec& parallel = plan.parallel;
    MemoryInputs in;
    in.explain = explain;
    in.plan = &plan;
    in.model = &model;
    in.tp = atLeastOne(parallel.tp);
    in.pp = atLeastOne(parallel.pp);
    in.cp = atLeastOne(parallel.cp);
    in.ep = atLeastOne(parallel.ep);
    in.etp = atLeastOne(expertTensorParallel(parallel));
    in.dp = atLeastOne(parallel.dp);
    in.chunks = atLeastOne(parallel.virtualStages);
    in.microBatches = atLeastOne(plan.training.gradAccumulation);
    // CP ranks hold the same weights as DP ranks, so ZeRO shards over dp × cp, as Megatron's
    // distributed optimizer does. Expert weights are replicated over the expert data-parallel
    // group: world / (etp × ep × pp) = dp × cp × tp / (etp × ep) (Megatron-Core).
    const double denseGroup = static_cast<double>(in.dp) * in.cp;
    const double expertGroup =
        std::max(1.0, denseGroup * in.tp / (static_cast<double>(in.etp) * in.ep));
    const double chosen = parallel.shardingGroup > 0 ? parallel.shardingGroup : 0.0;
    in.denseShards = chosen > 0 ? std::min(chosen, denseGroup) : denseGroup;
    in.expertShards = chosen > 0 ? std::min(chosen, expertGroup) : expertGroup;
    in.weightBytes = weightBytesPerParameter(plan.training.precision);
    in.gradBytes = precisionBytes(plan.training.gradDtype);
    in.masterBytes = masterBytesPerParameter(plan.training);
    in.activationBytes = activationBytesPerElement(plan.training.precision);
    return in;
}

StageShare stageShare(const MemoryInputs& in, const StageParameters& stage) {
    const ModelReport& model = *in.model;
    const ModelSpec& spec = in.plan->model;
    const double scale = model.scale;
    const double tp = in.tp;
    const double experts = static_cast<double>(in.ep) * in.etp;
    const double layers = stage.layerCount;
    const auto count = [](std::uint64_t value) { return static_cast<double>(value); };
    const bool moe = isMoe(spec);

    const double layerSplit = count(model.layer.attention) + (moe ? 0.0 : count(model.layer.mlp));
    const double layerReplicated = count(model.layer.norms) + count(model.layer.router);
    const double layerExpert = moe ? count(model.layer.mlp) : 0.0;

    double split = layers * layerSplit;
    double replicated = layers * layerReplicated;
    auto [factored, vectors] = layerFactoredElements(spec);
    double factoredSplit = layers * factored;
    double factoredWhole = layers * vectors;
    if (stage.hasEmbedding) {
        split += count(model.embedding);
        factoredSplit += static_cast<double>(spec.vocab) + spec.hidden;
        if (gptStyle(spec)) factoredSplit += static_cast<double>(spec.sequence) + spec.hidden;
    }
    if (stage.hasHead) {
        split += count(model.head) - count(model.finalNorm) + count(model.tiedHeadCopy);
        replicated += count(model.finalNorm);
        if (!spec.tiedEmbeddings || in.pp > 1)
            factoredSplit += static_cast<double>(spec.vocab) + spec.hidden;
        factoredWhole += count(model.finalNorm);
    }

    StageShare share;
    share.tensorSplit = split * scale / tp;
    share.replicated = replicated * scale;
    share.expert = layers * layerExpert * scale / experts;
    share.layer = (layerSplit / tp + layerReplicated + layerExpert / experts) * scale;
    // Factored accumulators of a TP-sharded matrix: approximated as the whole one's / tp.
    share.factoredState = (factoredSplit / tp + factoredWhole) * scale;
    return share;
}

MemoryItem makeItem(double bytes, ExplainedFigure figure) {
    MemoryItem item{toCount(bytes), std::move(figure)};
    if (!item.explain.empty()) {
        orderTermsByFormula(item.explain);
        item.explain.value = static_cast<double>(item.bytes);
        item.explain.unit = std::string(units::kBytes);
    }
    return item;
}

MemoryItem zeroItem(bool explain, std::string note, std::string source) {
    if (!explain) return {};
    ExplainedFigure figure;
    figure.note = std::move(note);
    figure.source = std::move(source);
    return makeItem(0, std::move(figure));
}

double itemBytes(const StageMemory& stage, MemoryCategory category) {
    return static_cast<double>(stage.items[static_cast<std::size_t>(category)].bytes);
}

MemoryItem& categoryItem(StageMemory& stage, MemoryCategory category) {
    return stage.items[static_cast<std::size_t>(category)];
}

}  // namespace fourfold::core::detail
