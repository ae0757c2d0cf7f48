// SPDX-License-Identifier: MIT
// fourfold-cli export and import: a plan as a framework's launch config, and a config file
// (Hugging Face, Megatron-LM, DeepSpeed, torchtitan) as a plan. Exit status as runCli's.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace fourfold::app {

extern const char* const kExportHelp;
extern const char* const kImportHelp;

// args[0] is the command name ("export" / "import").
[[nodiscard]] int runExport(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err);
[[nodiscard]] int runImport(const std::vector<std::string>& args, std::ostream& out,
                            std::ostream& err);

}  // namespace fourfold::app
