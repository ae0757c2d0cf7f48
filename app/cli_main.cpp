// SPDX-License-Identifier: MIT
// fourfold-cli: parse nothing here; core::runCli does the work so tests can drive it.
#include <iostream>
#include <string>
#include <vector>

#include "core/cli.h"

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    return fourfold::core::runCli(args, std::cout, std::cerr);
}
