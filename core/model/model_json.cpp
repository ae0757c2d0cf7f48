// SPDX-License-Identifier: MIT
// ModelReport → JSON: PLAN_FORMAT.md's "parameters" and "flops_per_token", then the layer and
// stage breakdown.
#include "core/model/model_json.h"

namespace fourfold::core {

nlohmann::ordered_json toJson(const ModelReport& report) {
    nlohmann::ordered_json json;
    json["parameters"] = report.parameters;
    json["flops_per_token"] = report.flopsPerToken;
    json["shape_parameters"] = report.shapeParameters;
    json["active_parameters"] = report.activeParameters;
    json["formula"] = report.formula;
    json["layer"] = {{"attention", report.layer.attention},
                     {"mlp", report.layer.mlp},
                     {"router", report.layer.router},
                     {"norms", report.layer.norms},
                     {"total", report.layer.total}};
    json["embedding"] = report.embedding;
    json["head"] = report.head;
    json["final_norm"] = report.finalNorm;
    json["tied_head_copy"] = report.tiedHeadCopy;
    // Written only for a model with multi-token prediction, so other reports read as before.
    if (report.mtpParameters > 0) {
        json["mtp_parameters"] = report.mtpParameters;
        json["mtp_forward_flops_per_token"] = report.mtpForwardFlopsPerToken;
    }
    auto stages = nlohmann::ordered_json::array();
    for (const StageParameters& stage : report.stages) {
        stages.push_back({{"stage", stage.stage},
                          {"first_layer", stage.firstLayer},
                          {"layer_count", stage.layerCount},
                          {"has_embedding", stage.hasEmbedding},
                          {"has_head", stage.hasHead},
                          {"parameters", stage.parameters},
                          {"forward_flops_per_micro_batch", stage.forwardFlopsPerMicroBatch}});
    }
    json["stages"] = std::move(stages);
    return json;
}

}  // namespace fourfold::core
