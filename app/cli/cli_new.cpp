// SPDX-License-Identifier: MIT
// fourfold-cli new: the built-in default plan as plan JSON.
#include "app/cli/cli_command_list.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

namespace fourfold::app {
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli new\n"
    "\n"
    "Print the built-in default plan (Llama-2 7B on 8 x H100) as plan JSON, a starting\n"
    "point to edit: fourfold-cli new > plan.json\n";

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() > 1) return usageError(err, "'new' takes no arguments", kHelp);
    out << core::planToJson(core::defaultPlan());
    return kExitOk;
}

}  // namespace

const CliCommand kNewCommand = {"new", "new", "print the built-in default plan as JSON", kHelp,
                                run};

}  // namespace fourfold::app
