// SPDX-License-Identifier: MIT
// The parallel axes, in one table: each axis' plan key, names, plan field and, for the axes
// ranks are laid out along, its rank coordinate and size in the topology. Sliders, undo ids,
// the rank map and the plan JSON all read this table, so adding an axis touches it alone (plus
// its rule in parallel_choices.cpp). Names follow Megatron-LM (Narayanan et al. 2021).
#pragma once

#include "core/plan/plan.h"
#include "core/topology/topology.h"

#include <iterator>
#include <string_view>

namespace fourfold::core {

// Listed in the order the rank map offers them as colourings (pipeline stages first).
enum class ParallelAxis { Pipeline, Tensor, Data, Context, Expert, VirtualStages, ShardingGroup };

struct ParallelAxisInfo {
    ParallelAxis axis;
    std::string_view key;              // the plan's /parallel key: "dp"
    std::string_view label;            // "DP"
    std::string_view name;             // "data parallel"
    std::string_view coordinateName;   // one index along the axis: "DP replica"; "" for none
    int ParallelSpec::*field;          // the plan's value
    int neutral;                       // the value that splits nothing (0: all DP ranks)
    int RankCoordinates::*coordinate;  // a rank's index along the axis; nullptr for none
    int TopologySizes::*size;          // ranks along the axis; nullptr for none
};

inline constexpr ParallelAxisInfo kParallelAxes[] = {
    {ParallelAxis::Pipeline, "pp", "PP", "pipeline parallel", "PP stage", &ParallelSpec::pp, 1,
     &RankCoordinates::pp, &TopologySizes::pp},
    {ParallelAxis::Tensor, "tp", "TP", "tensor parallel", "TP rank", &ParallelSpec::tp, 1,
     &RankCoordinates::tp, &TopologySizes::tp},
    {ParallelAxis::Data, "dp", "DP", "data parallel", "DP replica", &ParallelSpec::dp, 1,
     &RankCoordinates::dp, &TopologySizes::dp},
    {ParallelAxis::Context, "cp", "CP", "context parallel", "CP rank", &ParallelSpec::cp, 1,
     &RankCoordinates::cp, &TopologySizes::cp},
    {ParallelAxis::Expert, "ep", "EP", "expert parallel", "EP rank", &ParallelSpec::ep, 1,
     &RankCoordinates::ep, &TopologySizes::ep},
    {ParallelAxis::VirtualStages, "virtual_stages", "v", "virtual stages", "",
     &ParallelSpec::virtualStages, 1, nullptr, nullptr},
    {ParallelAxis::ShardingGroup, "sharding_group", "SG", "sharding group", "",
     &ParallelSpec::shardingGroup, 0, nullptr, nullptr},
};
inline constexpr int kParallelAxisCount = static_cast<int>(std::size(kParallelAxes));

// The table's row for `axis` (rows are in enum order).
[[nodiscard]] constexpr const ParallelAxisInfo& axisInfo(ParallelAxis axis) {
    return kParallelAxes[static_cast<int>(axis)];
}
static_assert([] {
    for (int index = 0; index < kParallelAxisCount; ++index) {
        if (static_cast<int>(kParallelAxes[index].axis) != index) return false;
    }
    return true;
}());

// The axis' value in the plan, and a copy of the plan with it set.
[[nodiscard]] int parallelValue(const Plan& plan, ParallelAxis axis);
void setParallelValue(Plan& plan, ParallelAxis axis, int value);
// A rank's index along an axis and the number of ranks along it (0 and 1 for an axis ranks
// are not laid out along).
[[nodiscard]] int axisCoordinate(const RankCoordinates& coordinates, ParallelAxis axis);
[[nodiscard]] int axisSize(const TopologySizes& sizes, ParallelAxis axis);

}  // namespace fourfold::core
