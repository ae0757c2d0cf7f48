// SPDX-License-Identifier: GPL-3.0-or-later
// A figure's label whose text is copied from its context menu ("Copy"). A mouse-selectable
// QLabel lays its text out as a rich-text document at every change and every size query, which
// cost more than anything else a figure redraws in a drag; plain text with a copy action keeps
// the text easy to take away at the price of a plain label.
#pragma once

class QLabel;

namespace fourfold::ui {

// Makes `label` plain text with a "Copy" context-menu action that copies its whole text.
void makeCopyable(QLabel* label);

}  // namespace fourfold::ui
