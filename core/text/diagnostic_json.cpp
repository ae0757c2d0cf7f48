// SPDX-License-Identifier: MIT
#include "core/text/diagnostic_json.h"

#include "core/text/diagnostic_text.h"

#include <cmath>

namespace fourfold::core {

nlohmann::ordered_json diagnosticToJson(const Diagnostic& diagnostic) {
    nlohmann::ordered_json item;
    item["severity"] = std::string(severityName(diagnostic.severity));
    item["code"] = diagnostic.code;
    item["path"] = diagnostic.path;
    auto args = nlohmann::ordered_json::object();
    for (const DiagnosticArg& arg : diagnostic.args) {
        if (const auto* i = std::get_if<std::int64_t>(&arg.value)) {
            args[arg.name] = *i;
        } else if (const auto* d = std::get_if<double>(&arg.value); d && std::isfinite(*d)) {
            args[arg.name] = *d;
        } else {
            args[arg.name] = argText(arg);
        }
    }
    item["args"] = std::move(args);
    item["message"] = diagnostic.message;
    if (diagnostic.line > 0) {
        item["line"] = diagnostic.line;
        item["column"] = diagnostic.column;
    }
    return item;
}

nlohmann::ordered_json diagnosticsToJson(const std::vector<Diagnostic>& diagnostics) {
    auto array = nlohmann::ordered_json::array();
    for (const Diagnostic& diagnostic : diagnostics) array.push_back(diagnosticToJson(diagnostic));
    return array;
}

}  // namespace fourfold::core
