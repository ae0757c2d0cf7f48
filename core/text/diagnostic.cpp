// SPDX-License-Identifier: MIT
#include "core/text/diagnostic.h"

#include "core/text/diagnostic_text.h"

#include <algorithm>
#include <limits>

namespace fourfold::core {
namespace {

std::variant<std::int64_t, double, std::string> unsignedValue(unsigned long long v) {
    constexpr auto kMax = static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max());
    if (v <= kMax) return static_cast<std::int64_t>(v);
    return static_cast<double>(v);
}

}  // namespace

DiagnosticArg::DiagnosticArg(std::string argName, unsigned long v)
    : name(std::move(argName)), value(unsignedValue(v)) {}

DiagnosticArg::DiagnosticArg(std::string argName, unsigned long long v)
    : name(std::move(argName)), value(unsignedValue(v)) {}

Diagnostic makeDiagnostic(Severity severity, std::string path, std::string code,
                          DiagnosticArgs args) {
    Diagnostic diagnostic;
    diagnostic.severity = severity;
    diagnostic.path = std::move(path);
    diagnostic.message = renderDiagnostic(code, args);
    diagnostic.code = std::move(code);
    diagnostic.args = std::move(args);
    return diagnostic;
}

const DiagnosticArg* findArg(const Diagnostic& diagnostic, std::string_view name) {
    for (const DiagnosticArg& arg : diagnostic.args) {
        if (arg.name == name) return &arg;
    }
    return nullptr;
}

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
