// SPDX-License-Identifier: MIT
// What every fourfold-cli command shares: exit codes, usage errors, reading PLAN, printing
// diagnostics. Each command lives in its own cli_<command>.cpp and is listed once in
// cli_commands.cpp's table.
#pragma once

#include "core/diagnostic.h"
#include "core/plan.h"

#include <optional>
#include <ostream>
#include <string>
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

// Prints "fourfold-cli: MESSAGE", a blank line and the help text on `err`; returns kExitUsage.
int usageError(std::ostream& err, const std::string& message, const char* help);

// A command's arguments: one positional PLAN and the flags the command accepts.
struct PlanArgs {
    std::string plan;
    std::vector<std::string> flags;  // the accepted flags that were given
    std::string error;               // non-empty on a usage error

    [[nodiscard]] bool has(const std::string& flag) const;
};
[[nodiscard]] PlanArgs parsePlanArgs(const std::vector<std::string>& args,
                                     const std::vector<std::string>& allowedFlags);

// PLAN read and parsed. `fileError` is set (exit 2) when the file could not be read.
struct LoadedPlan {
    std::optional<core::Plan> plan;
    std::vector<core::Diagnostic> diagnostics;
    std::string fileError;
};
[[nodiscard]] LoadedPlan loadPlan(const std::string& path);

}  // namespace fourfold::app
