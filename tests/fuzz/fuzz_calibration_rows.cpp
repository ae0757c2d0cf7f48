// SPDX-License-Identifier: MIT
// What an accepted calibration input must satisfy, besides fuzz_formats' shared checks:
// - runs file: exit 0 only with a fitted profile that reads back without an error (every fitted
//   value inside the range the plan gives it) and finite, non-negative figures; a range error
//   names its JSON pointer, the value and the range;
// - training log: exit 0 only with a "measured" block that a plan accepts without a range error;
// - profile: a profile that does not read is never applied (the evaluation warns with
//   cluster.profile_invalid or cluster.profile_unreadable); one that reads gives a plan inside
//   its ranges and an evaluation whose figures are finite and non-negative.
#include "tests/fuzz/fuzz_calibration_rows.h"

#include "tests/fuzz/fuzz_mutator.h"

#include "core/calibrate/runs_file.h"
#include "core/measure/measured_log.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <unistd.h>

#ifndef FOURFOLD_SOURCE_DIR
#define FOURFOLD_SOURCE_DIR "."
#endif

namespace fourfold::fuzz {
namespace {

namespace fs = std::filesystem;

// A folder of this process's own, removed at exit, holding the input under test as a file:
// beside a runs file, the plans and logs it names (links to tests/data/fuzz/runs-files).
class Scratch {
public:
    Scratch() {
        folder_ = fs::temp_directory_path() / ("fourfold-fuzz-" + std::to_string(::getpid()));
        fs::create_directories(folder_);
        const fs::path fixtures = fs::path(FOURFOLD_SOURCE_DIR) / "tests/data/fuzz/runs-files";
        for (const char* name : {"plans", "logs"}) {
            std::error_code ignored;
            fs::create_directory_symlink(fs::absolute(fixtures / name), folder_ / name, ignored);
        }
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(folder_, ignored);
    }

    // Writes `text` to NAME in the folder; its path.
    std::string write(const char* name, std::string_view text) const {
        const fs::path path = folder_ / name;
        std::ofstream(path, std::ios::binary | std::ios::trunc)
            .write(text.data(), static_cast<std::streamsize>(text.size()));
        return path.string();
    }

private:
    fs::path folder_;
};

const Scratch& scratch() {
    static const Scratch folder;
    return folder;
}

bool hasSeverity(const Json& json, std::string_view severity) {
    const Json& diagnostics = json.contains("diagnostics") ? json["diagnostics"] : Json::array();
    return std::any_of(diagnostics.begin(), diagnostics.end(), [&](const Json& item) {
        return item.value("severity", std::string()) == severity;
    });
}

bool hasCode(const Json& json, std::string_view code) {
    const Json& diagnostics = json.contains("diagnostics") ? json["diagnostics"] : Json::array();
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Json& item) { return item.value("code", std::string()) == code; });
}

// A value out of range is refused at its JSON pointer, with the value found and the range in
// the sentence ("`/runs/2/measured/mfu` must be a number from 0 to 1, got 2").
void checkRangeErrors(const Json& json, std::string_view input) {
    if (!json.contains("diagnostics")) return;
    for (const Json& item : json["diagnostics"]) {
        const std::string code = item.value("code", std::string());
        if (!code.starts_with("json.expected_number")) continue;
        const Json& args = item["args"];
        const bool bounded =
            code == "json.expected_number_between" || code == "json.expected_number_below";
        if (item.value("path", std::string()).empty() || !args.contains("found") ||
            (bounded && (!args.contains("minimum") || !args.contains("maximum"))))
            fail("a range error without its pointer, value or range: " + item.dump(), input);
    }
}

// The shared part of a --json command's outcome: exit 2 (with a reason) only past the size cap,
// else 0 or 1 with one JSON object holding the reasons, its range errors complete. The object,
// or nothing after exit 2.
std::optional<Json> readOutcome(const CliResult& result, std::size_t cap, std::string_view input) {
    expectExit(
        result,
        input.size() > cap ? std::initializer_list<int>{2} : std::initializer_list<int>{0, 1},
        input);
    if (result.exitCode == 2) {
        expectReason(result, input);
        return std::nullopt;
    }
    Json json = expectJsonObject(result, input);
    checkRangeErrors(json, input);
    return json;
}

void checkPlanInRange(const Plan& plan, const std::string& what, std::string_view input) {
    for (const Diagnostic& problem : validate(plan)) {
        if (isBoundsError(problem))
            fail("exit 0 with " + what + " out of bounds: " + problem.message, input);
    }
}

Plan withProfileFile(const std::string& path) {
    Plan plan = defaultPlan();
    plan.cluster.profile.path = path;
    return plan;
}

}  // namespace

std::vector<std::string> seedFiles(const char* folder) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(FOURFOLD_SOURCE_DIR) / folder)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<std::string> seeds;
    for (const auto& file : files) seeds.push_back(readFile(file));
    return seeds;
}

std::vector<std::string> runsSeeds() { return seedFiles("tests/data/fuzz/runs"); }
std::vector<std::string> logSeeds() { return seedFiles("tests/data/fuzz/logs"); }
std::vector<std::string> profileSeeds() { return seedFiles("tests/data/fuzz/profiles"); }

int runsInput(std::string_view input) {
    const std::string path = scratch().write("runs.json", input);
    const CliResult result = runCommand({"calibrate", path, "--json", "--date", "2026-12-01"}, {});
    const auto outcome = readOutcome(result, kMaxRunsBytes, input);
    if (!outcome) return result.exitCode;
    const Json& json = *outcome;
    if (result.exitCode == 1) {
        if (!hasSeverity(json, "error")) fail("exit 1 with no error in the JSON", input);
        return result.exitCode;
    }
    checkNumbers(json, "", input);
    if (!json.contains("profile")) fail("exit 0 with no profile", input);
    const ProfileParse profile = parseProfile(json["profile"].dump());
    if (!profile.profile) {
        fail("exit 0 with a fitted profile that does not read back: " +
                 (profile.diagnostics.empty() ? std::string() : profile.diagnostics[0].message),
             input);
    }
    return result.exitCode;
}

int logInput(std::string_view input) {
    const CliResult result = runCommand({"measured", "-", "--json"}, input);
    const auto outcome = readOutcome(result, kMaxLogBytes, input);
    if (!outcome) return result.exitCode;
    const Json& json = *outcome;
    // Exit 1: no figure found, or one out of range (an error in the object).
    if (result.exitCode == 1 && !json["figures"].empty() && !hasSeverity(json, "error"))
        fail("exit 1 with figures and no error", input);
    if (result.exitCode == 0) {
        if (hasSeverity(json, "error")) fail("exit 0 with an error", input);
        checkNumbers(json, "", input);
        if (!json.contains("measured")) fail("exit 0 with no measured block", input);
        // "ready to paste into a plan": pasted, it breaks none of the plan's ranges.
        Json plan = Json::parse(planToJson(defaultPlan()));
        plan["measured"] = json["measured"];
        const PlanParse parse = parsePlan(plan.dump());
        if (!parse.plan) {
            fail("exit 0 with a measured block a plan refuses: " +
                     (parse.diagnostics.empty() ? std::string() : parse.diagnostics[0].message),
                 input);
        }
        checkPlanInRange(*parse.plan, "a measured figure", input);
    }
    return result.exitCode;
}

int profileInput(std::string_view input) {
    const std::string path = scratch().write("profile.json", input);
    const CliResult result = runCommand({"evaluate", "-", "--json", "--no-ops", "--no-groups"},
                                        planToJson(withProfileFile(path)));
    // A profile is the plan's: one that cannot be read or is too large is a warning, the plan
    // evaluated with the built-in efficiencies.
    expectExit(result, {0, 1}, input);
    const Json json = expectJsonObject(result, input);
    if (result.exitCode == 1 && !hasSeverity(json, "error"))
        fail("exit 1 with no error in the JSON", input);
    checkRangeErrors(json, input);
    const ProfileParse parse =
        parseProfile(input.size() > kMaxProfileBytes ? std::string_view() : input);
    if (!parse.profile) {
        if (!hasCode(json, "cluster.profile_invalid") &&
            !hasCode(json, "cluster.profile_unreadable"))
            fail("a profile that does not read was used without a warning", input);
        return result.exitCode;
    }
    Plan applied = withProfileFile(path);
    applied.cluster.profile.profile = parse.profile;
    checkPlanInRange(applyProfile(applied), "a plan with the profile applied", input);
    if (result.exitCode == 0) checkNumbers(json, "", input);
    return result.exitCode;
}

}  // namespace fourfold::fuzz
