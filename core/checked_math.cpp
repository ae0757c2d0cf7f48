// SPDX-License-Identifier: MIT
#include "core/checked_math.h"

namespace fourfold::core {

Diagnostic overflowDiagnostic(std::string path, std::string_view what) {
    Diagnostic diagnostic;
    diagnostic.severity = Severity::Error;
    diagnostic.path = std::move(path);
    diagnostic.message = "The " + std::string(what) +
                         " overflows 64-bit arithmetic; lower the values it is made of.";
    return diagnostic;
}

}  // namespace fourfold::core
