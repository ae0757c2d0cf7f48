// SPDX-License-Identifier: GPL-3.0-or-later
// Memory over time under the Gantt: each pipeline rank's activation memory as a step line on
// the Gantt's time axis, its stage's headroom for activations as a dashed line, and a marker
// where each rank first reaches its peak.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/text/format.h"

#include <QString>

class QCPAxisRect;

namespace fourfold::ui {

struct MemoryTimelineInfo {
    bool inBytes = false;  // false: the y axis counts activation sets (no memory report)
    int series = 0;        // ranks drawn as lines
    int every = 1;         // 1: every rank has a line; k: every k-th (plus peak and tightest)
    QString peakText;      // "peak 12.3 GB on rank 0 at 45.6 ms"
    QString note;          // shown in the chart, e.g. when some rank has no headroom at all
};

// Replaces what the rect showed with `evaluation`'s schedule; x is time in ms, bytes in `units`.
MemoryTimelineInfo drawMemoryTimeline(QCPAxisRect* rect, const core::Evaluation& evaluation,
                                      core::ByteUnits units = core::ByteUnits::Decimal);

}  // namespace fourfold::ui
