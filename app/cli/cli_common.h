// SPDX-License-Identifier: MIT
// What every fourfold-cli command shares: exit codes, usage errors, reading PLAN (size-capped),
// printing diagnostics as FILE:LINE:COLUMN lines on stderr, and the version stamp of JSON
// outputs. Each command lives in its own cli_<command>.cpp and is listed once in
// cli_commands.cpp's table.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitPlanErrors = 1;
inline constexpr int kExitUsage = 2;

// One command: its name, the usage line and summary for the main help, its own help text and
// the function that runs it (args[0] is the command's name).
struct CliCommand {
    const char* name;
    const char* usage;
    const char* summary;
    const char* help;
    int (*run)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
};

// The version CMake's project() sets, e.g. "0.1.0".
[[nodiscard]] const char* cliVersion();
// "fourfold-cli 0.1.0": the "generator" every JSON output carries.
[[nodiscard]] std::string generatorName();

// The codes --lang takes, from core::kLanguages: "en or zh_CN".
[[nodiscard]] std::string languageChoices();

// Prints "fourfold-cli: MESSAGE", a blank line and the help text on `err`; returns kExitUsage.
int usageError(std::ostream& err, const std::string& message, const char* help);

// A command's arguments: one positional PLAN and the flags the command accepts. A command that
// accepts "--lang" takes it with a value ("--lang zh_CN" or "--lang=zh_CN").
struct PlanArgs {
    std::string plan;
    std::vector<std::string> flags;                     // the accepted flags that were given
    std::string error;                                  // non-empty on a usage error
    core::Language language = core::Language::English;  // --lang

    [[nodiscard]] bool has(const std::string& flag) const;
};
[[nodiscard]] PlanArgs parsePlanArgs(const std::vector<std::string>& args,
                                     const std::vector<std::string>& allowedFlags);

// A file read whole, or why not: missing, a directory, unreadable, or larger than `limit` bytes
// (then no more than limit + 1 bytes are read). "-" reads standard input. `what` names the file
// in messages: "a plan file", "a file to import".
struct ReadResult {
    std::optional<std::string> text;
    std::string error;
};
[[nodiscard]] ReadResult readInput(const std::string& path, std::size_t limit,
                                   std::string_view what);

// PLAN read and parsed. `fileError` is set (exit 2) when the file could not be read: missing,
// a directory, unreadable, or larger than core::kMaxPlanBytes (read no further than that).
struct LoadedPlan {
    std::optional<core::Plan> plan;
    std::vector<core::Diagnostic> diagnostics;
    std::string text;
    std::string fileError;
};
// A plan naming a calibration profile file (cluster.profile) has it read too, relative to the
// plan's file; a profile that cannot be read is a warning (core/plan/calibration_profile.h).
[[nodiscard]] LoadedPlan loadPlan(const std::string& path);
// Reads the profile file `plan` names, relative to `planPath`, into the plan.
void loadProfile(core::Plan& plan, const std::string& planPath,
                 std::vector<core::Diagnostic>& diagnostics);

// PLAN did not read as a plan: its diagnostics, as one JSON object {schema, generator,
// diagnostics} on `out` when `json` is set, else as lines on `err` (printDiagnostics). Returns
// kExitPlanErrors.
int reportUnreadablePlan(std::ostream& out, std::ostream& err, const PlanArgs& parsed,
                         const LoadedPlan& loaded, bool json, const char* schema);

// The name diagnostics give the file: the path, or "<stdin>" for "-".
[[nodiscard]] std::string displayName(const std::string& path);

// Prints each diagnostic as "FILE:LINE:COLUMN: severity: message [pointer]", the form editors
// and CI logs pick up; "FILE: severity: ..." when the problem has no place in the text.
// With a language the message is rendered in it from the diagnostic's code (the severity word
// stays as editors parse it).
void printDiagnostics(std::ostream& err, const std::string& file,
                      const std::vector<core::Diagnostic>& diagnostics,
                      core::Language language = core::Language::English);

// What every JSON output opens with: `body`'s "schema", "generator" ("fourfold-cli 0.1.0"), then
// `fields` (the input's name, ...), then the rest of `body` in its order.
[[nodiscard]] nlohmann::ordered_json stampedJson(
    const nlohmann::ordered_json& body,
    const nlohmann::ordered_json& fields = nlohmann::ordered_json::object());

// Writes `bytes` to the file of a command's -o, replaced whole or not at all
// (core/text/atomic_file.h, the code the app's saves share): true when written, else false after
// printing "fourfold-cli: Could not write "PATH": REASON" on `err` (the caller exits kExitUsage).
// On a full disk the old file stays byte for byte as it was.
[[nodiscard]] bool writeOutputFile(const std::string& path, std::string_view bytes,
                                   std::ostream& err);

// Writes a JSON document on `out`. A non-finite number anywhere in it (which the plan's ranges
// should make impossible) is not written as null: the function returns its JSON pointer and
// writes nothing, so the caller can report it.
[[nodiscard]] std::optional<std::string> writeJson(std::ostream& out,
                                                   const nlohmann::ordered_json& document);
// The first non-finite number's JSON pointer, if any.
[[nodiscard]] std::optional<std::string> findNonFinite(const nlohmann::ordered_json& value,
                                                       const std::string& pointer = {});

}  // namespace fourfold::app
