// SPDX-License-Identifier: MIT
// Diagnostics: validation and parse problems as data (severity, JSON pointer, a stable code and
// the values the sentence quotes). Nothing in the core throws across its API; every problem a
// person can act on becomes one of these. The English sentence is rendered from code + args in
// one place (core/text/diagnostic_text.cpp); a front end may render its own translation instead.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace fourfold::core {

enum class Severity { Error, Warning, Info };

// One value a diagnostic quotes: an integer, a real number or a piece of text (a key, a name).
struct DiagnosticArg {
    std::string name;
    std::variant<std::int64_t, double, std::string> value;

    DiagnosticArg(std::string argName, int v) : name(std::move(argName)), value(std::int64_t{v}) {}
    DiagnosticArg(std::string argName, long v) : name(std::move(argName)), value(std::int64_t{v}) {}
    DiagnosticArg(std::string argName, long long v)
        : name(std::move(argName)), value(static_cast<std::int64_t>(v)) {}
    // Unsigned counts beyond int64 (only hostile byte counts) are kept as a real number.
    DiagnosticArg(std::string argName, unsigned long v);
    DiagnosticArg(std::string argName, unsigned long long v);
    DiagnosticArg(std::string argName, unsigned v)
        : name(std::move(argName)), value(std::int64_t{v}) {}
    DiagnosticArg(std::string argName, double v) : name(std::move(argName)), value(v) {}
    DiagnosticArg(std::string argName, std::string v)
        : name(std::move(argName)), value(std::move(v)) {}
    DiagnosticArg(std::string argName, std::string_view v)
        : name(std::move(argName)), value(std::string(v)) {}
    DiagnosticArg(std::string argName, const char* v)
        : name(std::move(argName)), value(std::string(v)) {}

    bool operator==(const DiagnosticArg&) const = default;
};

// Ordered as the sentence quotes them; names are unique within one diagnostic.
using DiagnosticArgs = std::vector<DiagnosticArg>;

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string path;     // JSON pointer into the plan, e.g. "/parallel/tp"; "" for the whole plan
    std::string message;  // the English sentence, rendered from code and args
    int line = 0;         // 1-based position in the source text, 0 when not from text
    int column = 0;
    std::string code{};  // stable, e.g. "parallel.tp_divides_heads" (diagnosticCodes() lists all)
    DiagnosticArgs args{};  // every number and name the message quotes

    bool operator==(const Diagnostic&) const = default;
};

// A diagnostic with its English message rendered from `code` and `args`.
[[nodiscard]] Diagnostic makeDiagnostic(Severity severity, std::string path, std::string code,
                                        DiagnosticArgs args = {});

[[nodiscard]] const DiagnosticArg* findArg(const Diagnostic& diagnostic, std::string_view name);

[[nodiscard]] std::string_view severityName(Severity severity);
[[nodiscard]] bool hasErrors(const std::vector<Diagnostic>& diagnostics);
// True when some error's path starts with one of the given prefixes ("/model", ...).
[[nodiscard]] bool hasErrorsUnder(const std::vector<Diagnostic>& diagnostics,
                                  std::initializer_list<std::string_view> prefixes);
// "error /parallel/tp: ..." (with "line L, column C" when known), as the CLI prints it.
[[nodiscard]] std::string describe(const Diagnostic& diagnostic);

}  // namespace fourfold::core
