// SPDX-License-Identifier: GPL-3.0-or-later
// The fixed colours the charts share: memory categories, F/B/W pipeline ops with a lighter
// shade per model chunk, and the marks for capacity, margin, overflow and idle time.
// Based on the Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008, "Color Universal Design");
// vermillion is kept back for overflow so red always means "does not fit".
#pragma once

#include "core/memory.h"
#include "core/schedule.h"

#include <QColor>

namespace fourfold::ui::palette {

[[nodiscard]] QColor memoryCategory(core::MemoryCategory category);
[[nodiscard]] QColor opKind(core::OpKind kind);
// The op colour lightened for chunk `chunk` of `chunks` (chunk 0 is the full colour).
[[nodiscard]] QColor opChunk(core::OpKind kind, int chunk, int chunks);
// One colour per pipeline rank on a dark-to-light ramp (readable on white).
[[nodiscard]] QColor rankSeries(int rank, int ranks);

[[nodiscard]] QColor capacityLine();
[[nodiscard]] QColor marginBand();
[[nodiscard]] QColor overflow();
[[nodiscard]] QColor measured();
[[nodiscard]] QColor idleFill();
[[nodiscard]] QColor idleHatch();
// Black or white, whichever reads better on `background`.
[[nodiscard]] QColor textOn(const QColor& background);
// `colour` as drawn on `background`: on a dark background, dark colours (the rank ramp's
// start, the grey idle fill) are lifted or dimmed so they keep their contrast.
[[nodiscard]] QColor onBackground(const QColor& colour, const QColor& background);
[[nodiscard]] QColor idleFillOn(const QColor& background);

}  // namespace fourfold::ui::palette
