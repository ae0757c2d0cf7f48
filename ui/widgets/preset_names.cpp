// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/preset_names.h"

#include <array>

namespace fourfold::ui {
namespace {

// The names in resources/presets/*.json that hold words rather than only proper names.
constexpr std::array kWorded = {
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "Generic"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "Generic 7B"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "NVLink 3 (A100, 600 GB/s total)"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "NVLink 4 (H100, 900 GB/s total)"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "NVLink 4 (H800, 400 GB/s total)"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "NVLink 5 (B200, 1.8 TB/s total)"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "InfiniBand HDR 200 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "InfiniBand NDR 400 Gb/s per GPU"),
    QT_TRANSLATE_NOOP("fourfold::ui::PresetNames", "RoCE v2 100 Gb/s Ethernet per GPU"),
};

}  // namespace

QString PresetNames::shown(const std::string& name) {
    for (const char* worded : kWorded) {
        if (name == worded) return tr(worded);
    }
    return QString::fromStdString(name);
}

}  // namespace fourfold::ui
