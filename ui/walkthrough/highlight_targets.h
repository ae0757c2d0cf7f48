// SPDX-License-Identifier: GPL-3.0-or-later
// Where a lesson's highlight id (core::lessonHighlightIds(), docs/lessons.md) is on screen: the
// control editing that plan field, or the chart and the area of it that shows the element (a
// memory category's band, the pipeline's activation timeline, a step-time tab). Resolving also
// reveals it: expands the control's group and scrolls to it, or switches to the tab holding it.
#pragma once

#include <QRect>
#include <QString>

#include <functional>
#include <string_view>

class QWidget;

namespace fourfold::ui {

class HighlightOverlay;
class WalkthroughHost;

struct HighlightTarget {
    QWidget* widget = nullptr;    // null when the id names nothing in this window
    std::function<QRect()> area;  // the part of `widget` (its coordinates); unset: all of it
};

[[nodiscard]] HighlightTarget findHighlightTarget(WalkthroughHost& window, std::string_view id);
// Resolves `id` and points the overlay at it (following a chart's replots); false, with the
// overlay hidden, when the id names nothing here.
bool showHighlight(WalkthroughHost& window, std::string_view id, HighlightOverlay* overlay);

}  // namespace fourfold::ui
