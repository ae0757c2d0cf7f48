// SPDX-License-Identifier: MIT
#include "core/diagnostic.h"

#include <algorithm>

namespace fourfold::core {

std::string_view severityName(Severity severity) {
    switch (severity) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Info:
            return "info";
    }
    return "error";
}

bool hasErrors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

bool hasErrorsUnder(const std::vector<Diagnostic>& diagnostics,
                    std::initializer_list<std::string_view> prefixes) {
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        if (d.severity != Severity::Error) return false;
        return std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view prefix) {
            return std::string_view(d.path).substr(0, prefix.size()) == prefix;
        });
    });
}

std::string describe(const Diagnostic& diagnostic) {
    std::string text(severityName(diagnostic.severity));
    if (diagnostic.line > 0) {
        text += " (line " + std::to_string(diagnostic.line) + ", column " +
                std::to_string(diagnostic.column) + ")";
    }
    if (!diagnostic.path.empty()) text += " " + diagnostic.path;
    text += ": " + diagnostic.message;
    return text;
}

}  // namespace fourfold::core
