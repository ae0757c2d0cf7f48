// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/controls/control_ranges.h"

#include <QtGlobal>

#include <string>

namespace fourfold::ui {

const core::KeyRange& documentedRange(std::string_view pointer) {
    const core::KeyRange* range = core::findKeyRange(pointer);
    if (range == nullptr) qFatal("no documented range for %s", std::string(pointer).c_str());
    return *range;
}

}  // namespace fourfold::ui
