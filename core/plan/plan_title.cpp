// SPDX-License-Identifier: MIT
#include "core/plan/plan_title.h"

#include "core/plan/catalog.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

namespace fourfold::core {
namespace {

// Model and GPU names are proper names, the same in every language; the words around them
// come from the catalogue ("plan_name." codes).
std::string modelName(const ModelSpec& model, Language language) {
    if (const auto preset = findModelPreset(model.preset)) return preset->displayName;
    if (model.parameters > 0) {
        return renderCodedText(
            {"plan_name.sized_model", {{"parameters", formatCount(model.parameters)}}}, language);
    }
    return renderCodedText({"plan_name.layered_model", {{"layers", std::to_string(model.layers)}}},
                           language);
}

// "A100 40 GB" from "NVIDIA A100 SXM4 40 GB": the vendor and the form factor say little here.
std::string gpuName(const GpuSpec& gpu) {
    std::string name = gpu.name;
    if (const auto preset = findGpuPreset(gpu.name)) name = preset->displayName;
    for (const std::string_view noise : {"NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD "}) {
        if (name.rfind(noise, 0) == 0) name.erase(0, noise.size());
    }
    for (const std::string_view noise : {" SXM4", " SXM5", " SXM"}) {
        if (const auto at = name.find(noise); at != std::string::npos) name.erase(at, noise.size());
    }
    return name.empty() ? "GPU" : name;
}

// "H100" from "NVIDIA H100 SXM5 80 GB": the family, without the memory size.
std::string gpuFamily(const GpuSpec& gpu) {
    std::string name = gpuName(gpu);
    const auto unit = name.rfind(" GB");
    if (unit != std::string::npos && unit + 3 == name.size()) {
        const auto space = name.rfind(' ', unit - 1);
        if (space != std::string::npos) name.erase(space);
    }
    return name;
}

}  // namespace

std::string derivedPlanName(const Plan& plan, Language language) {
    // The count as a string: "1024 x A100", never a grouped "1,024".
    return renderCodedText({"plan_name.derived",
                            {{"model", modelName(plan.model, language)},
                             {"gpus", std::to_string(worldSize(plan))},
                             {"gpu", gpuFamily(plan.cluster.gpu)}}},
                           language);
}

bool nameFollowsContent(const Plan& plan) {
    return plan.name.empty() || plan.name == derivedPlanName(plan);
}

Plan withFollowingName(const Plan& before, Plan after) {
    if (after.name != before.name || before.name.empty() || !nameFollowsContent(before)) {
        return after;
    }
    after.name = derivedPlanName(after);
    return after;
}

std::string planTitle(const Plan& plan, Language language) {
    // A name made from the content is stored in English (so it is recognised as following
    // it) and shown in the reader's language.
    if (!plan.name.empty()) {
        return plan.name == derivedPlanName(plan) ? derivedPlanName(plan, language) : plan.name;
    }
    const ParallelSpec& parallel = plan.parallel;
    std::string title = modelName(plan.model, language) + " · " + std::to_string(worldSize(plan)) +
                        " × " + gpuName(plan.cluster.gpu) + " ·";
    const auto axis = [&title](const char* label, int degree, bool always) {
        if (always || degree > 1) title += std::string(" ") + label + " " + std::to_string(degree);
    };
    axis("TP", parallel.tp, true);
    axis("PP", parallel.pp, true);
    axis("CP", parallel.cp, false);
    axis("EP", parallel.ep, false);
    axis("DP", parallel.dp, true);
    return title;
}

}  // namespace fourfold::core
