// SPDX-License-Identifier: MIT
#include "core/schedule/schedule_kinds.h"

#include "core/schedule/detail/schedule_1f1b.h"
#include "core/schedule/detail/schedule_bubble.h"
#include "core/schedule/detail/schedule_gpipe.h"
#include "core/schedule/detail/schedule_interleaved_1f1b.h"
#include "core/schedule/detail/schedule_zero_bubble.h"

#include <iterator>

namespace fourfold::core {
namespace {

using Kind = ScheduleKind;

// In ScheduleKind order (checked below).
constexpr ScheduleKindInfo kScheduleKinds[] = {
    {.kind = Kind::Gpipe,
     .nameCode = "schedule.gpipe",
     .usesVirtualStages = false,
     .splitsWeightGrad = false,
     .generate = &detail::generateGpipe,
     .onWholeStages = Kind::Gpipe,
     .inFlight = &detail::gpipeInFlight,
     .describeBubble = &detail::describeClosedFormBubble},
    {.kind = Kind::OneFOneB,
     .nameCode = "schedule.1f1b",
     .usesVirtualStages = false,
     .splitsWeightGrad = false,
     .generate = &detail::generateOneFOneB,
     .onWholeStages = Kind::OneFOneB,
     .inFlight = &detail::oneFOneBInFlight,
     .describeBubble = &detail::describeClosedFormBubble},
    // On one chunk (or when m is not a multiple of p) interleaving is exactly 1F1B.
    {.kind = Kind::Interleaved1F1B,
     .nameCode = "schedule.interleaved_1f1b",
     .usesVirtualStages = true,
     .splitsWeightGrad = false,
     .generate = &detail::generateInterleavedOneFOneB,
     .onWholeStages = Kind::OneFOneB,
     .inFlight = &detail::interleavedInFlight,
     .describeBubble = &detail::describeClosedFormBubble},
    {.kind = Kind::ZbH1,
     .nameCode = "schedule.zb_h1",
     .usesVirtualStages = false,
     .splitsWeightGrad = true,
     .generate = &detail::generateZeroBubbleH1,
     .onWholeStages = Kind::ZbH1,
     .inFlight = &detail::zeroBubbleH1InFlight,
     .describeBubble = &detail::describeZeroBubbleH1},
    {.kind = Kind::ZbH2,
     .nameCode = "schedule.zb_h2",
     .usesVirtualStages = false,
     .splitsWeightGrad = true,
     .generate = &detail::generateZeroBubbleH2,
     .onWholeStages = Kind::ZbH2,
     .inFlight = &detail::zeroBubbleH2InFlight,
     .describeBubble = &detail::describeZeroBubbleH2},
};
static_assert(std::size(kScheduleKinds) == std::size(kScheduleKeys), "one row per ScheduleKind");
static_assert([] {
    for (std::size_t index = 0; index < std::size(kScheduleKinds); ++index) {
        if (static_cast<std::size_t>(kScheduleKinds[index].kind) != index) return false;
    }
    return true;
}());

}  // namespace

std::span<const ScheduleKindInfo> scheduleKinds() { return kScheduleKinds; }

const ScheduleKindInfo& scheduleInfo(ScheduleKind kind) {
    const auto index = static_cast<std::size_t>(kind);
    return index < std::size(kScheduleKinds) ? kScheduleKinds[index]
                                             : kScheduleKinds[static_cast<int>(Kind::OneFOneB)];
}

}  // namespace fourfold::core
