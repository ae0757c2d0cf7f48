// SPDX-License-Identifier: MIT
// fourfold-cli: parse nothing here; core::runCli does the work so tests can drive it.
#include "app/allocator_tuning.h"
#include "app/cli/cli_commands.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    fourfold::app::tuneAllocatorForReuse();
    std::vector<std::string> args(argv + 1, argv + argc);
    return fourfold::app::runCli(args, std::cout, std::cerr);
}
