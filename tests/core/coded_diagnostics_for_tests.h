// SPDX-License-Identifier: MIT
// A check shared by the validation and plan-JSON tests: a diagnostic carries a known code, its
// args are exactly the values its sentence quotes, and its message is the sentence rendered
// from them (so a translation from code + args says the same thing).
#pragma once

#include "core/text/diagnostic.h"
#include "core/text/diagnostic_text.h"

#include <QString>

#include <algorithm>
#include <string>

namespace fourfold::core::testing {

// Empty when the diagnostic is well formed, else what is wrong with it.
inline QString codedProblem(const Diagnostic& d) {
    const std::string_view text = diagnosticTemplate(d.code);
    const QString code = QString::fromStdString(d.code);
    if (text.empty()) return QStringLiteral("unknown code '%1': %2").arg(code, d.message.c_str());
    const std::vector<std::string> names = templateArgNames(text);
    for (const DiagnosticArg& arg : d.args) {
        // "choices.code", "choices.list": the parts of an arg that is itself a coded text.
        const std::string quoted = arg.name.substr(0, arg.name.find('.'));
        if (std::find(names.begin(), names.end(), quoted) == names.end()) {
            return QStringLiteral("%1: arg '%2' is not in the sentence")
                .arg(code, QString::fromStdString(arg.name));
        }
    }
    // Every placeholder outside an optional [[ ]] clause must have its arg.
    std::string required(text);
    for (auto open = required.find("[["); open != std::string::npos; open = required.find("[[")) {
        const auto close = required.find("]]", open);
        required.erase(open, close == std::string::npos ? std::string::npos : close + 2 - open);
    }
    for (const std::string& name : templateArgNames(required)) {
        if (findArg(d, name) == nullptr) {
            return QStringLiteral("%1: arg '%2' is missing")
                .arg(code, QString::fromStdString(name));
        }
    }
    if (d.message != renderDiagnostic(d.code, d.args)) {
        return QStringLiteral("%1: message is not rendered from code and args").arg(code);
    }
    return {};
}

}  // namespace fourfold::core::testing
