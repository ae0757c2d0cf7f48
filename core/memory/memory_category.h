// SPDX-License-Identifier: MIT
// The memory categories, in one table: each category's key in the JSON ("optimizer_states"),
// its name as a coded text (core/text/coded_text.h renders it in any language), the role its
// colour plays in the charts (ui/charts/palette.cpp maps each role to a colour), whether it is
// one of ZeRO's model states and whether the caching allocator hands it out, and the function
// that builds it under the full accounting (reading its own plan options). The estimate, the
// reference conventions, the JSON, the text table and the memory view read this table, so a new
// category is its row and enum value here, its builder's own file and its name in the two
// catalogues (and a colour in the palette if it needs a role of its own).
#pragma once

#include "core/text/language.h"

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

namespace fourfold::core {

// The stacking order of the memory view, bottom up.
enum class MemoryCategory {
    Weights,
    MasterWeights,
    Gradients,
    OptimizerStates,
    Activations,
    CommBuffers,
    Framework,
    Fragmentation,
};

// What a category's colour says: model state in blues and green, activations apart, overheads
// in neutrals (ui/charts/palette.cpp).
enum class MemoryColourRole {
    Parameters,
    ParameterCopy,
    Gradients,
    OptimizerState,
    Activations,
    Transfer,
    Runtime,
    Slack,
};

struct MemoryItem;
namespace detail {
struct StageBuild;  // core/memory/detail/stage_build.h
// The builders of the full accounting, one per category (core/memory/detail/).
[[nodiscard]] MemoryItem weightsItem(const StageBuild& build);
[[nodiscard]] MemoryItem masterWeightsItem(const StageBuild& build);
[[nodiscard]] MemoryItem gradientsItem(const StageBuild& build);
[[nodiscard]] MemoryItem optimizerStatesItem(const StageBuild& build);
[[nodiscard]] MemoryItem activationsItem(const StageBuild& build);
// activationsItem less what a frozen base, chunked cross-entropy and activation offloading keep
// off the GPU (core/memory/finetune_memory.h).
[[nodiscard]] MemoryItem keptActivationsItem(const StageBuild& build);
[[nodiscard]] MemoryItem commBuffersItem(const StageBuild& build);
[[nodiscard]] MemoryItem frameworkItem(const StageBuild& build);
[[nodiscard]] MemoryItem fragmentationItem(const StageBuild& build);
}  // namespace detail

struct MemoryCategoryInfo {
    MemoryCategory category;
    std::string_view key;       // PLAN_FORMAT.md's key: "optimizer_states"
    std::string_view nameCode;  // "memory_category.optimizer_states": "optimizer states"
    MemoryColourRole colour;
    // Weights, master weights, gradients and optimizer states: ZeRO's model states
    // (Rajbhandari et al. 2020 §3), which every reference convention counts.
    bool modelState;
    // Handed out by the caching allocator, so fragmentation is a share of it.
    bool allocated;
    // Builds the category of one stage; the categories before it in this table are built.
    MemoryItem (*build)(const detail::StageBuild& build);
};

inline constexpr MemoryCategoryInfo kMemoryCategories[] = {
    {MemoryCategory::Weights, "weights", "memory_category.weights", MemoryColourRole::Parameters,
     true, true, &detail::weightsItem},
    {MemoryCategory::MasterWeights, "master_weights", "memory_category.master_weights",
     MemoryColourRole::ParameterCopy, true, true, &detail::masterWeightsItem},
    {MemoryCategory::Gradients, "gradients", "memory_category.gradients",
     MemoryColourRole::Gradients, true, true, &detail::gradientsItem},
    {MemoryCategory::OptimizerStates, "optimizer_states", "memory_category.optimizer_states",
     MemoryColourRole::OptimizerState, true, true, &detail::optimizerStatesItem},
    {MemoryCategory::Activations, "activations", "memory_category.activations",
     MemoryColourRole::Activations, false, true, &detail::keptActivationsItem},
    {MemoryCategory::CommBuffers, "comm_buffers", "memory_category.comm_buffers",
     MemoryColourRole::Transfer, false, true, &detail::commBuffersItem},
    {MemoryCategory::Framework, "framework", "memory_category.framework", MemoryColourRole::Runtime,
     false, false, &detail::frameworkItem},
    {MemoryCategory::Fragmentation, "fragmentation", "memory_category.fragmentation",
     MemoryColourRole::Slack, false, false, &detail::fragmentationItem},
};
inline constexpr int kMemoryCategoryCount = static_cast<int>(std::size(kMemoryCategories));
static_assert([] {
    for (int index = 0; index < kMemoryCategoryCount; ++index) {
        if (static_cast<int>(kMemoryCategories[index].category) != index) return false;
    }
    return true;
}());

// The table's row for `category` (rows are in enum order; the first for a value outside it).
[[nodiscard]] constexpr const MemoryCategoryInfo& categoryInfo(MemoryCategory category) {
    const auto index = static_cast<std::size_t>(category);
    return index < std::size(kMemoryCategories) ? kMemoryCategories[index] : kMemoryCategories[0];
}

// PLAN_FORMAT.md's key for a category ("optimizer_states").
[[nodiscard]] constexpr std::string_view categoryKey(MemoryCategory category) {
    return categoryInfo(category).key;
}

// The category's name in a language ("optimizer states" in English).
[[nodiscard]] std::string categoryName(MemoryCategory category, Language language);

}  // namespace fourfold::core
