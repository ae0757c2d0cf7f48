// SPDX-License-Identifier: GPL-3.0-or-later
// PresetNames: the catalogue's preset names and model families as the interface shows them.
// Names of products and models ("Llama-2 7B", "NVIDIA H100 SXM5 80 GB") are proper names, the
// same in every language; the few with words in them ("Generic 7B", "… per GPU") are
// translated here, so the Chinese choosers read in Chinese.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>

namespace fourfold::ui {

class PresetNames {
    Q_DECLARE_TR_FUNCTIONS(fourfold::ui::PresetNames)
public:
    // A preset's display name or a family ("Generic"), in the interface's language.
    [[nodiscard]] static QString shown(const std::string& name);
};

}  // namespace fourfold::ui
