// SPDX-License-Identifier: GPL-3.0-or-later
// Every colour the app draws with, in one place:
// - the light and dark QPalettes of the two themes (Fusion style, both legible);
// - the fixed chart colours: memory categories, F/B/W pipeline ops with a lighter shade per
//   model chunk, one colour per pipeline rank, and the marks for capacity, margin, overflow
//   and idle time. Based on the Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008,
//   "Color Universal Design"); vermillion is kept back for overflow so red always means
//   "does not fit";
// - the rank map's colours for the values of a parallel axis: Okabe–Ito for up to eight
//   values, a perceptually uniform ramp (viridis) beyond;
// - followPalette: QCustomPlot paints its own background, axes, grid and text in fixed
//   light-theme colours, so each plot follows its widget palette, now and on every change.
#pragma once

#include "core/memory/memory.h"
#include "core/schedule/schedule.h"

#include <QColor>
#include <QPalette>

class QCustomPlot;

namespace fourfold::ui {

// System: the desktop's own palette (see ui/settings/theme.h for what that is on Qt 6.4).
enum class Theme { Light, Dark, System };

// The palette of Light or Dark; for System an empty palette, which the application resolves
// against the desktop's (QGuiApplication::setPalette fills every unset role from it).
[[nodiscard]] QPalette paletteFor(Theme theme);

// Applies the plot's palette to its background, axes, grid, legends and text elements, and
// again whenever the palette changes.
void followPalette(QCustomPlot* plot);

}  // namespace fourfold::ui

namespace fourfold::ui::palette {

// A memory category's colour: its colour role (core/memory/memory_category.h) mapped here.
[[nodiscard]] QColor memoryColour(core::MemoryColourRole role);
[[nodiscard]] QColor memoryCategory(core::MemoryCategory category);
[[nodiscard]] QColor opKind(core::OpKind kind);
// The op colour lightened for chunk `chunk` of `chunks` (chunk 0 is the full colour).
[[nodiscard]] QColor opChunk(core::OpKind kind, int chunk, int chunks);
// Forward and backward work sharing a pixel of the Gantt's overview, by the forward share of
// its time: the backward colour at 0, the steady state's own hue (reddish purple) at a third,
// the forward colour at 1.
[[nodiscard]] QColor opBlend(double forwardShare);
// One colour per pipeline rank on a dark-to-light ramp (readable on white).
[[nodiscard]] QColor rankSeries(int rank, int ranks);
// Value `value` of `count` values of a parallel axis (the rank map's cell colours); grey for
// an unknown value.
[[nodiscard]] QColor axisValue(int value, int count);

[[nodiscard]] QColor capacityLine();
[[nodiscard]] QColor marginBand();
[[nodiscard]] QColor overflow();
[[nodiscard]] QColor measured();
[[nodiscard]] QColor idleFill();
[[nodiscard]] QColor idleHatch();
// Black or white, whichever reads better on `background`: black above `threshold` relative
// luminance (ITU-R BT.709 weights).
[[nodiscard]] QColor textOn(const QColor& background, double threshold = 0.5);
// `colour` as drawn on `background`: on a dark background, dark colours (the rank ramp's
// start, the grey idle fill) are lifted or dimmed so they keep their contrast.
[[nodiscard]] QColor onBackground(const QColor& colour, const QColor& background);
[[nodiscard]] QColor idleFillOn(const QColor& background);

}  // namespace fourfold::ui::palette
