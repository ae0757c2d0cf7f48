// SPDX-License-Identifier: MIT
// The fields a search layout sets (core/search/search.h), one by one: their names as PLAN_FORMAT.md
// spells them, their values as text and as a number to sort by, and which of them vary among
// a set of candidates (the columns a results table needs).
#pragma once

#include "core/search/search.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

enum class LayoutField {
    Dp,
    Tp,
    Pp,
    Cp,
    Ep,
    Etp,
    VirtualStages,
    Schedule,
    ZeroStage,
    Offload,
    SequenceParallel,
    Recompute,
    MicroBatch,
    GradAccumulation,
    OverlapGradReduce,
    OverlapParamGather,
    OverlapTpComm,
    OverlapP2p,
};

// Every field, in the order above (the parallel degrees first, the overlaps last).
[[nodiscard]] std::span<const LayoutField> layoutFields();
// The plan JSON key: "dp", "virtual_stages", "zero_stage", "overlap_grad_reduce", ...
[[nodiscard]] std::string_view layoutFieldKey(LayoutField field);
// The value as the plan JSON writes it: "4", "1f1b", "selective", "on" / "off"; etp 0 is
// "= tp" (expert tensor parallel follows the dense one).
[[nodiscard]] std::string layoutFieldText(const SearchLayout& layout, LayoutField field);
// The value as a number to sort by: the degree, the count, the enumeration's position, 0 or 1.
[[nodiscard]] int layoutFieldOrder(const SearchLayout& layout, LayoutField field);
// The fields whose value is not the same in every point, in layoutFields() order.
[[nodiscard]] std::vector<LayoutField> varyingFields(const std::vector<SearchPoint>& points);

}  // namespace fourfold::core
