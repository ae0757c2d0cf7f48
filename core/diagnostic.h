// SPDX-License-Identifier: MIT
// Diagnostics: validation and parse problems as data (severity, JSON pointer, a plain sentence).
// Nothing in the core throws across its API; every problem a person can act on becomes one of
// these.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

enum class Severity { Error, Warning, Info };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string path;     // JSON pointer into the plan, e.g. "/parallel/tp"; "" for the whole plan
    std::string message;  // one sentence a person can act on
    int line = 0;         // 1-based position in the source text, 0 when not from text
    int column = 0;

    bool operator==(const Diagnostic&) const = default;
};

[[nodiscard]] std::string_view severityName(Severity severity);
[[nodiscard]] bool hasErrors(const std::vector<Diagnostic>& diagnostics);
// True when some error's path starts with one of the given prefixes ("/model", ...).
[[nodiscard]] bool hasErrorsUnder(const std::vector<Diagnostic>& diagnostics,
                                  std::initializer_list<std::string_view> prefixes);
// "error /parallel/tp: ..." (with "line L, column C" when known), as the CLI prints it.
[[nodiscard]] std::string describe(const Diagnostic& diagnostic);

}  // namespace fourfold::core
