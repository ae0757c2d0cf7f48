// SPDX-License-Identifier: MIT
#include "core/search/search_fields.h"

#include "core/plan/plan_enums.h"

#include <array>

namespace fourfold::core {
namespace {

constexpr std::array kFields = {
    LayoutField::Dp,
    LayoutField::Tp,
    LayoutField::Pp,
    LayoutField::Cp,
    LayoutField::Ep,
    LayoutField::Etp,
    LayoutField::VirtualStages,
    LayoutField::Schedule,
    LayoutField::ZeroStage,
    LayoutField::Offload,
    LayoutField::SequenceParallel,
    LayoutField::Recompute,
    LayoutField::MicroBatch,
    LayoutField::GradAccumulation,
    LayoutField::OverlapGradReduce,
    LayoutField::OverlapParamGather,
    LayoutField::OverlapTpComm,
    LayoutField::OverlapP2p,
};

template <typename Enum>
int positionOf(Enum value) {
    const std::vector<Enum> values = allValues<Enum>();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] == value) return static_cast<int>(i);
    }
    return -1;
}

std::string onOff(bool value) { return value ? "on" : "off"; }

}  // namespace

std::span<const LayoutField> layoutFields() { return kFields; }

std::string_view layoutFieldKey(LayoutField field) {
    switch (field) {
        case LayoutField::Dp:
            return "dp";
        case LayoutField::Tp:
            return "tp";
        case LayoutField::Pp:
            return "pp";
        case LayoutField::Cp:
            return "cp";
        case LayoutField::Ep:
            return "ep";
        case LayoutField::Etp:
            return "etp";
        case LayoutField::VirtualStages:
            return "virtual_stages";
        case LayoutField::Schedule:
            return "schedule";
        case LayoutField::ZeroStage:
            return "zero_stage";
        case LayoutField::Offload:
            return "offload";
        case LayoutField::SequenceParallel:
            return "sequence_parallel";
        case LayoutField::Recompute:
            return "recompute";
        case LayoutField::MicroBatch:
            return "micro_batch";
        case LayoutField::GradAccumulation:
            return "grad_accumulation";
        case LayoutField::OverlapGradReduce:
            return "overlap_grad_reduce";
        case LayoutField::OverlapParamGather:
            return "overlap_param_gather";
        case LayoutField::OverlapTpComm:
            return "overlap_tp_comm";
        case LayoutField::OverlapP2p:
            return "overlap_p2p";
    }
    return "";
}

std::string layoutFieldText(const SearchLayout& layout, LayoutField field) {
    switch (field) {
        case LayoutField::Etp:
            return layout.etp == 0 ? "= tp" : std::to_string(layout.etp);
        case LayoutField::Schedule:
            return std::string(toString(layout.schedule));
        case LayoutField::Offload:
            return std::string(toString(layout.offload));
        case LayoutField::Recompute:
            return std::string(toString(layout.recompute));
        case LayoutField::SequenceParallel:
            return onOff(layout.sequenceParallel);
        case LayoutField::OverlapGradReduce:
            return onOff(layout.overlapGradReduce);
        case LayoutField::OverlapParamGather:
            return onOff(layout.overlapParamGather);
        case LayoutField::OverlapTpComm:
            return onOff(layout.overlapTpComm);
        case LayoutField::OverlapP2p:
            return onOff(layout.overlapP2p);
        default:
            return std::to_string(layoutFieldOrder(layout, field));
    }
}

int layoutFieldOrder(const SearchLayout& layout, LayoutField field) {
    switch (field) {
        case LayoutField::Dp:
            return layout.dp;
        case LayoutField::Tp:
            return layout.tp;
        case LayoutField::Pp:
            return layout.pp;
        case LayoutField::Cp:
            return layout.cp;
        case LayoutField::Ep:
            return layout.ep;
        case LayoutField::Etp:
            return layout.etp;
        case LayoutField::VirtualStages:
            return layout.virtualStages;
        case LayoutField::Schedule:
            return positionOf(layout.schedule);
        case LayoutField::ZeroStage:
            return layout.zeroStage;
        case LayoutField::Offload:
            return positionOf(layout.offload);
        case LayoutField::SequenceParallel:
            return layout.sequenceParallel ? 1 : 0;
        case LayoutField::Recompute:
            return positionOf(layout.recompute);
        case LayoutField::MicroBatch:
            return layout.microBatch;
        case LayoutField::GradAccumulation:
            return layout.gradAccumulation;
        case LayoutField::OverlapGradReduce:
            return layout.overlapGradReduce ? 1 : 0;
        case LayoutField::OverlapParamGather:
            return layout.overlapParamGather ? 1 : 0;
        case LayoutField::OverlapTpComm:
            return layout.overlapTpComm ? 1 : 0;
        case LayoutField::OverlapP2p:
            return layout.overlapP2p ? 1 : 0;
    }
    return 0;
}

std::vector<LayoutField> varyingFields(const std::vector<SearchPoint>& points) {
    std::vector<LayoutField> varying;
    if (points.empty()) return varying;
    const SearchLayout& first = points.front().layout;
    for (const LayoutField field : kFields) {
        const int value = layoutFieldOrder(first, field);
        for (const SearchPoint& point : points) {
            if (layoutFieldOrder(point.layout, field) != value) {
                varying.push_back(field);
                break;
            }
        }
    }
    return varying;
}

}  // namespace fourfold::core
