// SPDX-License-Identifier: MIT
// `fourfold-cli calibrate` over 30 runs: the fit and its 30 held-out fits, on the synthetic runs
// the tests fit back (tests/core/calibration_synthetic.h: thirty layouts of five models on one to
// eight nodes, step times and peaks), and the same with the runs file read and written as JSON.
// Reports the median of several runs, wall and processor time, and the model evaluations taken.
#include "tests/core/calibration_synthetic.h"

#include "app/allocator_tuning.h"
#include "core/calibrate/calibrate.h"
#include "core/calibrate/runs_file.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/plan_json.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace fourfold::core;

namespace {

// The runs as a runs file with each plan pasted, as a person would hand it to the CLI.
std::string runsFile(const std::vector<CalibrationRun>& runs) {
    nlohmann::ordered_json file;
    file["schema"] = "fourfold.runs/1";
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const CalibrationRun& run : runs) {
        Plan plan = run.plan;
        plan.measured = {};
        nlohmann::ordered_json entry;
        entry["source"] = run.source;
        entry["plan"] = nlohmann::ordered_json::parse(planToJson(plan));
        entry["measured"] = {{"step_time_s", *run.measured.stepTimeS},
                             {"peak_memory_bytes", *run.measured.peakBytes}};
        list.push_back(std::move(entry));
    }
    file["runs"] = std::move(list);
    return file.dump(2);
}

double processorSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int main() {
    fourfold::app::tuneAllocatorForReuse();  // as the app and the CLI do at start-up
    const std::vector<CalibrationRun> runs =
        fourfold::test::syntheticRuns(fourfold::test::syntheticTruth(), 0.01);
    const std::string text = runsFile(runs);
    std::vector<double> walls;
    std::vector<double> cpus;
    int predictions = 0;
    double heldOut = 0;
    for (int repeat = 0; repeat < 7; ++repeat) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = processorSeconds();
        const RunsParse parse = parseRuns(text, nullptr);
        const Calibration fit = calibrate(parse.runs, {"bench", "2025-06-30"});
        const std::string profile = profileToJson(fit.profile);
        cpus.push_back(processorSeconds() - cpuStart);
        walls.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        predictions = fit.predictions;
        heldOut = fit.stepHeldOut.mean;
        if (profile.empty() || fit.rows.size() != runs.size()) return 1;
    }
    std::sort(walls.begin(), walls.end());
    std::sort(cpus.begin(), cpus.end());
    std::printf("calibrate, %zu runs (fit + %zu held-out fits, runs file read, profile written):\n",
                runs.size(), runs.size());
    std::printf("  wall median %.3f s (min %.3f, max %.3f), processor median %.3f s\n",
                walls[walls.size() / 2], walls.front(), walls.back(), cpus[cpus.size() / 2]);
    std::printf("  %d model evaluations; held-out mean step error %.2f %%\n", predictions,
                heldOut * 100);
    return 0;
}
