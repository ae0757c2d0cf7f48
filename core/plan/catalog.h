// SPDX-License-Identifier: MIT
// Presets compiled in from resources/presets/*.json: model families, GPUs and links, each
// value with its public source. Also: a shape for a model known only by its parameter count.
#pragma once

#include "core/plan/plan.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

struct ModelPreset {
    std::string name;         // "llama2-7b"
    std::string displayName;  // "Llama-2 7B"
    std::string family;       // "Llama": the group the model chooser lists it under
    ModelSpec spec;           // preset field set to name; parameters 0 (count the shape)
    std::string source;

    bool operator==(const ModelPreset&) const = default;
};

struct GpuPreset {
    std::string displayName;
    GpuSpec spec;  // spec.name is the preset name
    std::string source;

    bool operator==(const GpuPreset&) const = default;
};

struct LinkPreset {
    std::string displayName;
    LinkSpec spec;  // spec.name is the preset name
    std::string source;

    bool operator==(const LinkPreset&) const = default;
};

struct Catalog {
    std::vector<ModelPreset> models;
    std::vector<GpuPreset> gpus;
    std::vector<LinkPreset> links;

    bool operator==(const Catalog&) const = default;
};

// The built-in catalog (parsed once from the embedded presets; immutable).
[[nodiscard]] const Catalog& builtinCatalog();

[[nodiscard]] std::optional<ModelPreset> findModelPreset(std::string_view name);
[[nodiscard]] std::optional<GpuPreset> findGpuPreset(std::string_view name);
[[nodiscard]] std::optional<LinkPreset> findLinkPreset(std::string_view name);

// A shape for a model given only by its parameter count, from a documented family
// (see README), whose own count is within 2 % of `parameters`. spec.parameters = parameters.
[[nodiscard]] ModelSpec shapeForParameterCount(double parameters);

// The built-in default plan: Llama-2 7B, bf16 AdamW, DP 8 on one node of 8 × H100 SXM 80 GB.
[[nodiscard]] Plan defaultPlan();

}  // namespace fourfold::core
