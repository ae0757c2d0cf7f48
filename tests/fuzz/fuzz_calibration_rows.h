// SPDX-License-Identifier: MIT
// fuzz_formats' rows for the calibration inputs: the runs file (fourfold-cli calibrate RUNS
// --json), the training log (fourfold-cli measured - --json) and the calibration profile a
// plan's cluster.profile names (fourfold-cli evaluate - --json). Seeds are the files of
// tests/data/fuzz/, written as the unit tests and docs/calibration.md write them.
#pragma once

#include "tests/fuzz/fuzz_cli.h"

#include <string>
#include <string_view>
#include <vector>

namespace fourfold::fuzz {

// Every file of a folder of the source tree, in a fixed order.
[[nodiscard]] std::vector<std::string> seedFiles(const char* folder);

[[nodiscard]] std::vector<std::string> runsSeeds();
[[nodiscard]] std::vector<std::string> logSeeds();
[[nodiscard]] std::vector<std::string> profileSeeds();

// Each runs the input through its command and checks what came out; returns the exit status.
int runsInput(std::string_view input);
int logInput(std::string_view input);
int profileInput(std::string_view input);

}  // namespace fourfold::fuzz
