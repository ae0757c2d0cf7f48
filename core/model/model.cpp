// SPDX-License-Identifier: MIT
// Parameter counts from the shape, layer placement over pipeline stages, and model FLOPs.
// Placement (core/model/pipeline_layout.h): the plan's chunks, by default ⌊L/(p·v)⌋ layers each
// and the first L mod (p·v) chunks one more; the stage with the loss chunk holds the final norm
// and LM head (with a copy of a tied embedding when pp > 1, as Megatron-LM keeps one). FLOPs:
// Narayanan et al. 2021 eq. 3.
#include "core/model/model.h"

#include "core/model/model_shapes.h"
#include "core/text/format.h"

#include <algorithm>

namespace fourfold::core {
namespace {

// Beyond this many stages the per-stage list is left empty (validation reports the plan).
constexpr int kMaxStages = 1 << 16;

}  // namespace

ModelReport analyzeModel(const Plan& plan) {
    using detail::toCount;
    const ModelSpec& spec = plan.model;
    const detail::LayerShape shape = detail::layerShape(spec);
    const int layers = std::max(0, spec.layers);
    const int stages = std::max(1, plan.parallel.pp);
    const double embedding = detail::embeddingParameters(spec);
    const double finalNorm = detail::finalNormParameters(spec);
    const double headMatrix = detail::lmHeadMatrix(spec);
    const double head = finalNorm + (spec.tiedEmbeddings ? 0.0 : headMatrix);
    const double tiedCopy = spec.tiedEmbeddings && stages > 1 ? headMatrix : 0.0;
    const double shapeTotal = static_cast<double>(layers) * shape.total() + embedding + head;

    ModelReport report;
    report.layer.attention = toCount(shape.attention);
    report.layer.mlp = toCount(shape.mlp);
    report.layer.router = toCount(shape.router);
    report.layer.norms = toCount(shape.norms);
    report.layer.total = toCount(shape.total());
    report.embedding = toCount(embedding);
    report.head = toCount(head);
    report.finalNorm = toCount(finalNorm);
    report.tiedHeadCopy = toCount(tiedCopy);
    report.shapeParameters = toCount(shapeTotal);
    const bool given = spec.parameters > 0;
    report.parameters = given ? toCount(spec.parameters) : report.shapeParameters;
    report.scale = given && shapeTotal > 0 ? spec.parameters / shapeTotal : 1.0;
    const double activeLayer = shape.attention + shape.activeMlp + shape.router + shape.norms;
    report.activeParameters =
        toCount((static_cast<double>(layers) * activeLayer + embedding + head) * report.scale);
    report.largestModule = toCount(detail::largestModuleParameters(spec));

    const double layerFlops = detail::layerForwardFlopsPerToken(spec);
    const double headFlops = detail::headForwardFlopsPerToken(spec);
    report.forwardFlopsPerToken = static_cast<double>(layers) * layerFlops + headFlops;
    // Backward costs twice the forward (input and weight gradients): 3 × forward (≈ 6N).
    report.flopsPerToken = 3.0 * report.forwardFlopsPerToken;

    if (stages <= kMaxStages) {
        const double tokens = static_cast<double>(std::max(0, plan.training.microBatch)) *
                              static_cast<double>(std::max(0, spec.sequence));
        report.layout = pipelineLayout(plan);
        const std::vector<int> counts = stageLayerCounts(report.layout);
        std::vector<int> firstLayers(static_cast<std::size_t>(stages), -1);
        std::vector<char> embeddingOn(static_cast<std::size_t>(stages), 0);
        std::vector<char> headOn(static_cast<std::size_t>(stages), 0);
        int first = 0;
        for (std::size_t c = 0; c < report.layout.chunks.size(); ++c) {
            const LayoutChunk& chunk = report.layout.chunks[c];
            const std::size_t rank = c % static_cast<std::size_t>(stages);
            if (firstLayers[rank] < 0) firstLayers[rank] = first;
            embeddingOn[rank] = static_cast<char>(embeddingOn[rank] || chunk.embedding);
            headOn[rank] = static_cast<char>(headOn[rank] || chunk.loss);
            first += chunk.layers;
        }
        report.stages.reserve(static_cast<std::size_t>(stages));
        for (int s = 0; s < stages; ++s) {
            const auto index = static_cast<std::size_t>(s);
            StageParameters stage;
            stage.stage = s;
            stage.firstLayer = std::max(0, firstLayers[index]);
            stage.layerCount = counts[index];
            stage.hasEmbedding = embeddingOn[index] != 0;
            stage.hasHead = headOn[index] != 0;
            double count = static_cast<double>(stage.layerCount) * shape.total();
            double flops = static_cast<double>(stage.layerCount) * layerFlops;
            if (stage.hasEmbedding) count += embedding;
            if (stage.hasHead) {
                count += head + tiedCopy;
                flops += headFlops;
            }
            stage.parameters = toCount(count * report.scale);
            stage.forwardFlopsPerMicroBatch = flops * tokens;
            report.stages.push_back(stage);
        }
    }

    report.formula = "P = " + std::to_string(layers) + " × " + formatCount(shape.total()) + " + " +
                     formatCount(embedding) + " (embedding) + " + formatCount(head) +
                     " (head) = " + formatCount(shapeTotal);
    if (given) report.formula += "; memory uses the given " + formatCount(spec.parameters);
    return report;
}

}  // namespace fourfold::core
