// SPDX-License-Identifier: MIT
#include "core/plan/catalog.h"

#include "core/plan/detail/catalog_parse.h"
#include "core/plan/detail/embedded_presets.h"
#include "core/plan/detail/model_family.h"

#include <algorithm>
#include <cassert>

namespace fourfold::core {
namespace {

Catalog loadBuiltinCatalog() {
    detail::CatalogParse parsed = detail::parseCatalog(detail::embeddedPresets());
    // The presets are compiled in: a malformed file is a bug in this repository, not user input.
    assert(parsed.problems.empty() && "resources/presets/*.json is malformed");
    return std::move(parsed.catalog);
}

template <typename Preset, typename Name>
std::optional<Preset> findByName(const std::vector<Preset>& presets, std::string_view name,
                                 Name nameOf) {
    const auto it = std::find_if(presets.begin(), presets.end(),
                                 [&](const Preset& preset) { return nameOf(preset) == name; });
    if (it == presets.end()) return std::nullopt;
    return *it;
}

}  // namespace

const Catalog& builtinCatalog() {
    static const Catalog catalog = loadBuiltinCatalog();
    return catalog;
}

std::optional<ModelPreset> findModelPreset(std::string_view name) {
    return findByName(builtinCatalog().models, name,
                      [](const ModelPreset& preset) -> const std::string& { return preset.name; });
}

std::optional<GpuPreset> findGpuPreset(std::string_view name) {
    return findByName(
        builtinCatalog().gpus, name,
        [](const GpuPreset& preset) -> const std::string& { return preset.spec.name; });
}

std::optional<LinkPreset> findLinkPreset(std::string_view name) {
    return findByName(
        builtinCatalog().links, name,
        [](const LinkPreset& preset) -> const std::string& { return preset.spec.name; });
}

ModelSpec shapeForParameterCount(double parameters) {
    ModelSpec spec = detail::familyShape(parameters);
    spec.parameters = parameters;  // the count model-state memory uses, as typed
    return spec;
}

Plan defaultPlan() {
    Plan plan;
    plan.name = "Llama-2 7B on 8 x H100";
    const auto model = findModelPreset("llama2-7b");
    const auto gpu = findGpuPreset("h100-sxm-80gb");
    const auto intra = findLinkPreset("nvlink4");
    const auto inter = findLinkPreset("ib-400g");
    assert(model && gpu && intra && inter && "default presets missing from the catalog");
    if (model) plan.model = model->spec;
    if (gpu) plan.cluster.gpu = gpu->spec;
    if (intra) plan.cluster.intraNode = intra->spec;
    if (inter) plan.cluster.interNode = inter->spec;

    plan.training.precision = Precision::Bf16;
    plan.training.masterWeights = true;
    plan.training.gradDtype = Precision::Fp32;
    plan.training.optimizer = OptimizerKind::AdamW;
    plan.training.microBatch = 1;
    plan.training.gradAccumulation = 8;
    plan.training.globalBatch.reset();

    plan.parallel = ParallelSpec{};
    plan.parallel.dp = 8;

    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 1;
    return plan;
}

}  // namespace fourfold::core
