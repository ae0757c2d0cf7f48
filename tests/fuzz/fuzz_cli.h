// SPDX-License-Identifier: MIT
// How fuzz_formats runs fourfold-cli in process (app/cli's runCli, standard input swapped for the
// input) and the checks every row applies to what it printed and how it exited; a row of its
// table of formats (fuzz_formats.cpp, fuzz_calibration_rows.cpp) is a Format.
#pragma once

#include "tests/fuzz/fuzz_checks.h"

#include "app/cli/cli_commands.h"

#include <initializer_list>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::fuzz {

struct CliResult {
    int exitCode = 0;
    std::string out;
    std::string err;
};

// fourfold-cli with `input` as its standard input.
inline CliResult runCommand(const std::vector<std::string>& args, std::string_view input) {
    std::istringstream in{std::string(input)};
    std::streambuf* saved = std::cin.rdbuf(in.rdbuf());
    std::cin.clear();
    std::ostringstream out;
    std::ostringstream err;
    const int code = fourfold::app::runCli(args, out, err);
    std::cin.rdbuf(saved);
    std::cin.clear();
    return {code, std::move(out).str(), std::move(err).str()};
}

inline void expectExit(const CliResult& result, std::initializer_list<int> allowed,
                       std::string_view input) {
    for (const int code : allowed) {
        if (result.exitCode == code) return;
    }
    fail("exit status " + std::to_string(result.exitCode) + " is not documented here\n" +
             result.err.substr(0, 2000),
         input);
}

// Exit 1 and 2 say why on standard error.
inline void expectReason(const CliResult& result, std::string_view input) {
    if (result.exitCode != 0 && result.err.empty()) fail("a refusal without a reason", input);
}

// --json output: one JSON object, whatever the exit.
inline Json expectJsonObject(const CliResult& result, std::string_view input) {
    Json json = Json::parse(result.out, nullptr, false);
    if (json.is_discarded() || !json.is_object()) fail("--json printed no JSON object", input);
    return json;
}

// One row of the table: a format, its seeds and how fourfold-cli reads it.
struct Format {
    const char* name;
    std::vector<std::string> (*seeds)();
    std::vector<std::string> command;  // fourfold-cli's arguments; "-" reads the input
    std::size_t maxBytes;              // the format's size cap: past it, exit 2
    // What an exit 0 must satisfy besides the shared checks; nullptr for nothing more.
    void (*checkAccepted)(const CliResult& result, std::string_view input);
    // Runs the input its own way instead of through `command` (--set makes arguments of it, a
    // runs file or a profile is read from a file); returns the exit status.
    int (*run)(std::string_view input) = nullptr;
};

}  // namespace fourfold::fuzz
