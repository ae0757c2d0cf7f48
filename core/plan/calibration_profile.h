// SPDX-License-Identifier: MIT
// Calibration profiles (docs/calibration.md): the efficiencies `fourfold-cli calibrate` fits to a
// cluster's measured runs, as a file ("schema": "fourfold.profile/1") that a plan names under
// cluster.profile, by path or pasted whole. Applying one sets each plan value the profile fitted
// where the plan does not set that value itself; a plan without a profile is evaluated as before.
// The engine reads no files: whoever reads a plan's file reads the profile it names.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

inline constexpr std::string_view kProfileSchema = "fourfold.profile/1";
// The largest profile file read; a profile of a thousand runs is about 150 KB.
inline constexpr std::size_t kMaxProfileBytes = 1 << 20;

struct ProfileParse {
    std::optional<CalibrationProfile> profile;  // set exactly when no diagnostic is an error
    std::vector<Diagnostic> diagnostics;
};

// Reads a profile file's text. Never throws.
[[nodiscard]] ProfileParse parseProfile(std::string_view text);
// The profile as a file: the documented key order, two-space indentation, a final newline.
[[nodiscard]] std::string profileToJson(const CalibrationProfile& profile);

// `plan` with the profile's fitted values where the plan does not set its own:
// - a GPU efficiency the plan leaves at 0, when the profile was fitted on the plan's GPU;
// - a link whose name is the profile's link's, unless the plan gives that preset figures of its
//   own (a link named after no preset takes the profile's figures);
// - performance.overlap_contention, memory.framework_bytes and memory.fragmentation at their
//   defaults.
// Applying the same profile twice gives the same plan.
[[nodiscard]] Plan applyProfile(const Plan& plan, const CalibrationProfile& profile);
// The plan with its own cluster.profile applied (the plan itself when it names none, or names a
// file that was not read).
[[nodiscard]] Plan applyProfile(const Plan& plan);
// Whether the profile's GPU efficiencies apply to the plan's GPU.
[[nodiscard]] bool profileFitsGpu(const CalibrationProfile& profile, const GpuSpec& gpu);

// Reads the text of the profile file `plan` names (cluster.profile.path) into the plan. Problems
// come back as warnings at /cluster/profile naming the file; the plan then keeps no profile
// contents and is evaluated with the built-in efficiencies.
void attachProfile(Plan& plan, std::string_view text, std::vector<Diagnostic>& out);
// The warning for a named profile file that could not be read (`reason` says why).
[[nodiscard]] Diagnostic profileUnreadable(const std::string& path, const std::string& reason);

}  // namespace fourfold::core
