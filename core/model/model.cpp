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
    // Layers summed one by one: DeepSeek's first dense layers and Llama 4's interleaved MoE
    // layers differ from the rest.
    const bool uniform = shape == detail::layerShapeAt(spec, 0);
    auto layersTotal = [&](int first, int count) {
        if (uniform) return static_cast<double>(count) * shape.total();
        double sum = 0;
        for (int layer = first; layer < first + count; ++layer) {
            sum += detail::layerShapeAt(spec, layer).total();
        }
        return sum;
    };
    auto layersFlops = [&](int first, int count, double mean) {
        if (uniform) return static_cast<double>(count) * mean;
        double sum = 0;
        for (int layer = first; layer < first + count; ++layer) {
            sum += detail::layerForwardFlopsAt(spec, layer);
        }
        return sum;
    };
    const double shapeTotal = layersTotal(0, layers) + embedding + head;
    const double mtp =
        static_cast<double>(std::max(0, spec.mtpLayers)) * detail::mtpModuleParameters(spec);

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
    report.mtpParameters = toCount(mtp);
    const double activeLayer = shape.attention + shape.activeMlp + shape.router + shape.norms;
    report.activeParameters =
        toCount((static_cast<double>(layers) * activeLayer + embedding + head) * report.scale);
    report.largestModule = toCount(detail::largestModuleParameters(spec));

    const double layerFlops = detail::layerForwardFlopsPerToken(spec);
    const double headFlops = detail::headForwardFlopsPerToken(spec);
    report.forwardFlopsPerToken = layersFlops(0, layers, layerFlops) + headFlops;
    // Backward costs twice the forward (input and weight gradients): 3 × forward (≈ 6N).
    report.flopsPerToken = 3.0 * report.forwardFlopsPerToken;
    const double mtpFlops =
        static_cast<double>(std::max(0, spec.mtpLayers)) * detail::mtpForwardFlopsPerToken(spec);
    report.mtpForwardFlopsPerToken = mtpFlops;

    if (stages <= kMaxStages) {
        const double tokens = static_cast<double>(std::max(0, plan.training.microBatch)) *
                              static_cast<double>(std::max(0, spec.sequence));
        report.layout = pipelineLayout(plan);
        const std::vector<int> counts = stageLayerCounts(report.layout);
        std::vector<int> firstLayers(static_cast<std::size_t>(stages), -1);
        std::vector<char> embeddingOn(static_cast<std::size_t>(stages), 0);
        std::vector<char> headOn(static_cast<std::size_t>(stages), 0);
        // Summed chunk by chunk: under interleaving a stage's layers are not contiguous, and
        // layers may differ (first dense layers, interleaved MoE).
        std::vector<double> layerParameters(static_cast<std::size_t>(stages), 0.0);
        std::vector<double> layerForwardFlops(static_cast<std::size_t>(stages), 0.0);
        int first = 0;
        for (std::size_t c = 0; c < report.layout.chunks.size(); ++c) {
            const LayoutChunk& chunk = report.layout.chunks[c];
            const std::size_t rank = c % static_cast<std::size_t>(stages);
            if (firstLayers[rank] < 0) firstLayers[rank] = first;
            embeddingOn[rank] = static_cast<char>(embeddingOn[rank] || chunk.embedding);
            headOn[rank] = static_cast<char>(headOn[rank] || chunk.loss);
            layerParameters[rank] += layersTotal(first, chunk.layers);
            layerForwardFlops[rank] += layersFlops(first, chunk.layers, layerFlops);
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
            double count = layerParameters[index];
            double flops = layerForwardFlops[index];
            if (stage.hasEmbedding) count += embedding;
            if (stage.hasHead) {
                count += head + tiedCopy;
                flops += headFlops + mtpFlops;
            }
            stage.parameters = toCount(count * report.scale + (stage.hasHead ? mtp : 0.0));
            stage.forwardFlopsPerMicroBatch = flops * tokens;
            report.stages.push_back(stage);
        }
    }

    report.formula = "P = " + std::to_string(layers) + " × " + formatCount(shape.total()) + " + " +
                     formatCount(embedding) + " (embedding) + " + formatCount(head) +
                     " (head) = " + formatCount(shapeTotal);
    if (given) report.formula += "; memory uses the given " + formatCount(spec.parameters);
    if (mtp > 0) {
        report.formula += "; + " + std::to_string(spec.mtpLayers) + " × " +
                          formatCount(detail::mtpModuleParameters(spec)) +
                          " (MTP module, last stage)";
    }
    return report;
}

}  // namespace fourfold::core
