// SPDX-License-Identifier: MIT
// fourfold-cli's dispatcher: one table of commands; the main help is built from it.
#include "app/cli/cli_commands.h"

#include "app/cli/cli_command_list.h"

#include <array>
#include <cstring>
#include <iomanip>
#include <sstream>

namespace fourfold::app {
namespace {

const std::array<const CliCommand*, 11> kCommands = {
    &kPresetsCommand, &kNewCommand,      &kValidateCommand, &kEvaluateCommand,
    &kSearchCommand,  &kCompareCommand,  &kExportCommand,   &kImportCommand,
    &kLessonCommand,  &kMeasuredCommand, &kCalibrateCommand};

std::string mainHelp() {
    std::ostringstream text;
    text << "Usage: fourfold-cli COMMAND [OPTIONS]\n"
            "       fourfold-cli --version | --help\n"
            "\n"
            "Plan distributed training runs from the command line.\n"
            "\n"
            "Commands:\n";
    for (const CliCommand* command : kCommands) {
        const std::string usage = command->usage;
        if (usage.size() <= 26) {
            text << "  " << std::left << std::setw(28) << usage << command->summary << "\n";
        } else {
            text << "  " << usage << "\n" << std::string(30, ' ') << command->summary << "\n";
        }
    }
    text << "\n"
            "PLAN is a plan JSON file, or - for standard input.\n"
            "Run 'fourfold-cli COMMAND --help' for a command's options, 'fourfold-cli --version'\n"
            "for the version. Data goes to standard output; diagnostics go to standard error\n"
            "as FILE:LINE:COLUMN: severity: message (or inside the JSON with --json).\n"
            "Exit status: 0 done (warnings allowed), 1 the plan has errors, 2 usage or file "
            "error.\n";
    return text.str();
}

bool wantsHelp(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h") return true;
    }
    return false;
}

}  // namespace

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const std::string help = mainHelp();
    if (args.empty()) return usageError(err, "missing COMMAND", help.c_str());
    const std::string& name = args.front();
    if (name == "--help" || name == "-h" || name == "help") {
        out << help;
        return kExitOk;
    }
    if (name == "--version" || name == "-V") {
        out << generatorName() << "\n";
        return kExitOk;
    }
    for (const CliCommand* command : kCommands) {
        if (name != command->name) continue;
        if (wantsHelp(args)) {
            out << command->help;
            return kExitOk;
        }
        return command->run(args, out, err);
    }
    return usageError(err, "unknown command '" + name + "'", help.c_str());
}

}  // namespace fourfold::app
