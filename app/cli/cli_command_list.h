// SPDX-License-Identifier: MIT
// The commands fourfold-cli knows, one per file (cli_<name>.cpp). To add a command: write its
// file, declare it here and list it in cli_commands.cpp's table.
#pragma once

#include "app/cli/cli_common.h"

namespace fourfold::app {

extern const CliCommand kPresetsCommand;
extern const CliCommand kNewCommand;
extern const CliCommand kValidateCommand;
extern const CliCommand kEvaluateCommand;
extern const CliCommand kLessonCommand;
extern const CliCommand kSearchCommand;
extern const CliCommand kCompareCommand;
extern const CliCommand kExportCommand;  // cli_frameworks.cpp, with import
extern const CliCommand kImportCommand;
extern const CliCommand kMeasuredCommand;   // cli_measured.cpp
extern const CliCommand kCalibrateCommand;  // cli_calibrate.cpp

}  // namespace fourfold::app
