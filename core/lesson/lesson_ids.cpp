// SPDX-License-Identifier: MIT
// The highlight ids a lesson step may name. They are a contract between lesson files and the
// app (which maps each to a widget or chart element), so they are listed once, here, and
// documented in docs/lessons.md; a lesson naming any other id is refused when it is read.
#include "core/lesson/lesson.h"

#include <algorithm>
#include <array>

namespace fourfold::core {
namespace {

constexpr std::array<std::string_view, 46> kHighlightIds = {
    // Controls (the plan's inputs).
    "control.model",
    "control.precision",
    "control.optimizer",
    "control.micro_batch",
    "control.grad_accumulation",
    "control.global_batch",
    "control.sequence",
    "control.dp",
    "control.tp",
    "control.pp",
    "control.cp",
    "control.ep",
    "control.virtual_stages",
    "control.sequence_parallel",
    "control.zero_stage",
    "control.offload",
    "control.recompute",
    "control.schedule",
    "control.gpu",
    "control.gpus_per_node",
    "control.nodes",
    "control.order",
    "control.checkpoint",
    // Memory stack: the card's lines and each category's band.
    "memory.capacity",
    "memory.usable",
    "memory.weights",
    "memory.master_weights",
    "memory.gradients",
    "memory.optimizer_states",
    "memory.activations",
    "memory.comm_buffers",
    "memory.framework",
    "memory.fragmentation",
    // Pipeline Gantt.
    "pipeline.bubble",
    "pipeline.in_flight",
    "pipeline.stages",
    // Rank map: the groups of each kind and the node boundaries.
    "rank_map.tp_groups",
    "rank_map.dp_groups",
    "rank_map.pp_groups",
    "rank_map.nodes",
    // Step time.
    "step_time.breakdown",
    "step_time.collectives",
    "step_time.scaling",
    "step_time.checkpoint",
    "step_time.throughput",
    // The global batch figure with its formula.
    "batch.global_batch",
};

}  // namespace

std::span<const std::string_view> lessonHighlightIds() { return kHighlightIds; }

bool isLessonHighlight(std::string_view id) {
    return std::find(kHighlightIds.begin(), kHighlightIds.end(), id) != kHighlightIds.end();
}

}  // namespace fourfold::core
