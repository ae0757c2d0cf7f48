// SPDX-License-Identifier: MIT
#include "core/catalog.h"

namespace fourfold::core {

const Catalog& builtinCatalog() {
    static const Catalog catalog;  // placeholder
    return catalog;
}

std::optional<ModelPreset> findModelPreset(std::string_view) { return std::nullopt; }
std::optional<GpuPreset> findGpuPreset(std::string_view) { return std::nullopt; }
std::optional<LinkPreset> findLinkPreset(std::string_view) { return std::nullopt; }

ModelSpec shapeForParameterCount(double parameters) {
    ModelSpec spec;
    spec.parameters = parameters;
    return spec;
}

Plan defaultPlan() {
    Plan plan;
    plan.name = "Llama-2 7B on 8 x H100";
    plan.model.preset = "llama2-7b";
    plan.cluster.gpu = {"h100-sxm-80gb", 85'899'345'920ULL, {989, 989, 1979, 67}, 3350};
    plan.cluster.intraNode = {"nvlink4", 450, 3};
    plan.cluster.interNode = {"ib-400g", 50, 5};
    return plan;
}

}  // namespace fourfold::core
