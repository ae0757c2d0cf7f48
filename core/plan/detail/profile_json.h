// SPDX-License-Identifier: MIT
// A calibration profile ↔ JSON (docs/calibration.md): the object a profile file holds and the
// one a plan pastes under cluster.profile. Reading checks each key's type and range as the plan
// reader does; writing keeps the documented key order and leaves out what was not fitted.
#pragma once

#include "core/plan/plan.h"
#include "core/plan/plan_json_fields.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace fourfold::core::detail {

// Reads every key of a profile object into `profile` ("schema" is checked by the caller).
void readProfileObject(ObjectReader& reader, CalibrationProfile& profile,
                       std::vector<Diagnostic>& out);

// The profile as an object in the documented key order; `withSchema` adds "schema" first (a
// profile file has it, a profile pasted into a plan need not).
[[nodiscard]] nlohmann::ordered_json profileJsonValue(const CalibrationProfile& profile,
                                                      bool withSchema);

}  // namespace fourfold::core::detail
