// SPDX-License-Identifier: MIT
// Uneven-pipeline rules, as Megatron-LM checks its flags (transformer_config.py; the layout
// string in pipeline_parallel_layer_layout.py): one way of placing layers at a time; first and
// last stage counts that leave the middle stages an even, chunk-divisible share; the embedding
// and loss counted as layers only where the sum divides into pp × v chunks; a layout string
// with pp × v chunks, every layer once, E first and L last. No pipeline rank may hold nothing.
#include "core/model/pipeline_layout.h"
#include "core/rules/validate_parts.h"

#include <string>
#include <vector>

namespace fourfold::core::detail {
namespace {

constexpr const char* kFirstPath = "/parallel/first_stage_layers";
constexpr const char* kLastPath = "/parallel/last_stage_layers";
constexpr const char* kLayoutPath = "/parallel/pipeline_layout";

// The keys a plan sets, by name, in the order the plan format lists them.
std::vector<std::string> setKeys(const ParallelSpec& p) {
    std::vector<std::string> keys;
    if (p.firstStageLayers != 0) keys.emplace_back("first_stage_layers");
    if (p.lastStageLayers != 0) keys.emplace_back("last_stage_layers");
    if (p.embeddingInSplit) keys.emplace_back("embedding_in_split");
    if (p.lossInSplit) keys.emplace_back("loss_in_split");
    if (!p.pipelineLayout.empty()) keys.emplace_back("pipeline_layout");
    return keys;
}

// Megatron-LM takes a layout string alone, and first/last counts without the account flags.
bool checkOneWay(const ParallelSpec& p, DiagnosticSink& sink) {
    const std::vector<std::string> keys = setKeys(p);
    const bool firstLast = p.firstStageLayers != 0 || p.lastStageLayers != 0;
    const bool accounted = p.embeddingInSplit || p.lossInSplit;
    const bool layout = !p.pipelineLayout.empty();
    if ((layout && keys.size() > 1) || (firstLast && accounted)) {
        const std::string path = layout ? kLayoutPath : "/parallel/" + keys.back();
        sink.error(path, "pipeline.split_keys_conflict",
                   {{"first_key", keys.front()}, {"second_key", keys.back()}});
        return false;
    }
    return true;
}

bool checkLayoutString(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const ParsedLayout parsed = parseLayoutString(p.pipelineLayout);
    if (parsed.errorAt >= 0) {
        sink.error(kLayoutPath, "pipeline.layout_syntax",
                   {{"position", parsed.errorAt + 1}, {"layout", p.pipelineLayout}});
        return false;
    }
    bool ok = true;
    const std::int64_t expected = std::int64_t{p.pp} * p.virtualStages;
    const auto chunks = static_cast<std::int64_t>(parsed.chunks.size());
    if (chunks != expected) {
        sink.error(kLayoutPath, "pipeline.layout_chunks",
                   {{"chunks", chunks},
                    {"pp", p.pp},
                    {"virtual_stages", p.virtualStages},
                    {"expected", expected}});
        ok = false;
    }
    if (parsed.layers() != plan.model.layers) {
        sink.error(kLayoutPath, "pipeline.layout_layers",
                   {{"counted", parsed.layers()}, {"layers", plan.model.layers}});
        ok = false;
    }
    if (parsed.embeddings != 1 || parsed.losses != 1 || !parsed.embeddingFirst ||
        !parsed.lossLast) {
        sink.error(kLayoutPath, "pipeline.layout_embedding_loss",
                   {{"embeddings", parsed.embeddings}, {"losses", parsed.losses}});
        ok = false;
    }
    return ok;
}

// --decoder-first/last-pipeline-num-layers: at most the model's layers, the rest shared evenly
// by the middle stages, every stage's count divisible by its chunks.
bool checkFirstLast(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const std::string path = p.firstStageLayers != 0 ? kFirstPath : kLastPath;
    if (!checkRange(sink, kFirstPath, p.firstStageLayers) ||
        !checkRange(sink, kLastPath, p.lastStageLayers)) {
        return false;
    }
    if (p.pp < 2) {
        sink.error(path, "pipeline.first_last_need_pipeline", {{"pp", p.pp}});
        return false;
    }
    const int layers = plan.model.layers;
    const std::int64_t given = std::int64_t{p.firstStageLayers} + p.lastStageLayers;
    const int middleStages =
        p.pp - (p.firstStageLayers != 0 ? 1 : 0) - (p.lastStageLayers != 0 ? 1 : 0);
    const std::int64_t middleLayers = layers - given;
    if (middleLayers < 0 || (middleStages == 0) != (middleLayers == 0)) {
        sink.error(path, "pipeline.first_last_layers",
                   {{"first", p.firstStageLayers},
                    {"last", p.lastStageLayers},
                    {"layers", layers},
                    {"middle_stages", middleStages}});
        return false;
    }
    if (middleStages > 0 && middleLayers % middleStages != 0) {
        sink.error(path, "pipeline.middle_layers_divide",
                   {{"middle_layers", middleLayers}, {"middle_stages", middleStages}});
        return false;
    }
    const int v = p.virtualStages;
    const auto dividesChunks = [&](const std::string& at, std::int64_t count) {
        if (v <= 1 || count % v == 0) return true;
        sink.error(at, "pipeline.stage_layers_divide_chunks",
                   {{"stage_layers", count}, {"virtual_stages", v}});
        return false;
    };
    if (p.firstStageLayers != 0 && !dividesChunks(kFirstPath, p.firstStageLayers)) return false;
    if (p.lastStageLayers != 0 && !dividesChunks(kLastPath, p.lastStageLayers)) return false;
    return middleStages == 0 || dividesChunks(path, middleLayers / middleStages);
}

// --account-for-embedding/loss-in-pipeline-split: layers plus the counted embedding and loss
// divide into pp × v chunks.
bool checkAccounted(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    const std::int64_t slots =
        std::int64_t{plan.model.layers} + (p.embeddingInSplit ? 1 : 0) + (p.lossInSplit ? 1 : 0);
    const std::int64_t chunks = std::int64_t{p.pp} * p.virtualStages;
    if (slots % chunks == 0) return true;
    sink.error(p.embeddingInSplit ? "/parallel/embedding_in_split" : "/parallel/loss_in_split",
               "pipeline.split_slots_divide",
               {{"slots", slots},
                {"layers", plan.model.layers},
                {"pp", p.pp},
                {"virtual_stages", p.virtualStages},
                {"chunks", chunks}});
    return false;
}

}  // namespace

void validatePipelineSplit(const Plan& plan, DiagnosticSink& sink) {
    const ParallelSpec& p = plan.parallel;
    if (!setsPipelineSplit(p) || !checkOneWay(p, sink)) return;
    bool ok = true;
    if (!p.pipelineLayout.empty()) {
        ok = checkLayoutString(plan, sink);
    } else if (p.firstStageLayers != 0 || p.lastStageLayers != 0) {
        ok = checkFirstLast(plan, sink);
    } else {
        ok = checkAccounted(plan, sink);
    }
    if (!ok) return;
    const PipelineLayout layout = pipelineLayout(plan);
    const std::vector<int> counts = stageLayerCounts(layout);
    std::vector<char> holds(counts.size(), 0);
    for (std::size_t c = 0; c < layout.chunks.size(); ++c) {
        const LayoutChunk& chunk = layout.chunks[c];
        if (chunk.layers > 0 || chunk.embedding || chunk.loss) holds[c % holds.size()] = 1;
    }
    for (std::size_t stage = 0; stage < holds.size(); ++stage) {
        if (holds[stage] == 0) {
            sink.error("/parallel/" + setKeys(p).front(), "pipeline.empty_stage",
                       {{"stage", static_cast<std::int64_t>(stage)}, {"pp", p.pp}});
            return;
        }
    }
}

}  // namespace fourfold::core::detail
