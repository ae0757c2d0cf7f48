// SPDX-License-Identifier: MIT
// fourfold-cli's commands (presets, validate, evaluate), as a function so tests can run it.
// Exit status: 0 evaluated (warnings allowed), 1 the plan has errors, 2 usage or file error.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace fourfold::app {

[[nodiscard]] int runCli(const std::vector<std::string>& args, std::ostream& out,
                         std::ostream& err);

}  // namespace fourfold::app
