// SPDX-License-Identifier: MIT
// A calibration as JSON ("schema": "fourfold.calibration/1", `fourfold-cli calibrate --json`:
// the profile, every parameter before and after, the per-run table and the error summaries) and
// as a readable report in the reader's language (the "calibrate." coded texts).
#pragma once

#include "core/calibrate/calibrate.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <string>

namespace fourfold::core {

// The caller adds "generator" and the runs file's name.
[[nodiscard]] nlohmann::ordered_json calibrationToJson(const Calibration& calibration);

// Parameters, then each run's measured step and peak beside the predictions before, after and
// held out, then the mean and worst errors.
[[nodiscard]] std::string calibrationReport(const Calibration& calibration, Language language);

}  // namespace fourfold::core
