// SPDX-License-Identifier: MIT
#include "app/cli/cli_common.h"

#include "core/plan_json.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

namespace fourfold::app {
namespace {

struct ReadResult {
    std::optional<std::string> text;
    std::string error;
};

ReadResult readInput(const std::string& path) {
    std::ostringstream buffer;
    if (path == "-") {
        buffer << std::cin.rdbuf();
        return {buffer.str(), {}};
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) return {std::nullopt, "cannot open '" + path + "' for reading"};
    buffer << file.rdbuf();
    if (file.bad()) return {std::nullopt, "cannot read '" + path + "'"};
    return {buffer.str(), {}};
}

}  // namespace

int usageError(std::ostream& err, const std::string& message, const char* help) {
    err << "fourfold-cli: " << message << "\n\n" << help;
    return kExitUsage;
}

bool PlanArgs::has(const std::string& flag) const {
    return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

PlanArgs parsePlanArgs(const std::vector<std::string>& args,
                       const std::vector<std::string>& allowedFlags) {
    PlanArgs parsed;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (std::find(allowedFlags.begin(), allowedFlags.end(), arg) != allowedFlags.end()) {
            parsed.flags.push_back(arg);
        } else if (arg.size() > 1 && arg[0] == '-') {
            parsed.error = "unknown option '" + arg + "'";
            return parsed;
        } else if (parsed.plan.empty()) {
            parsed.plan = arg;
        } else {
            parsed.error = "more than one PLAN given ('" + parsed.plan + "', '" + arg + "')";
            return parsed;
        }
    }
    if (parsed.error.empty() && parsed.plan.empty()) parsed.error = "missing PLAN";
    return parsed;
}

LoadedPlan loadPlan(const std::string& path) {
    LoadedPlan loaded;
    const ReadResult input = readInput(path);
    if (!input.text) {
        loaded.fileError = input.error;
        return loaded;
    }
    core::PlanParse parse = core::parsePlan(*input.text);
    loaded.plan = std::move(parse.plan);
    loaded.diagnostics = std::move(parse.diagnostics);
    return loaded;
}

}  // namespace fourfold::app
