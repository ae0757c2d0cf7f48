// SPDX-License-Identifier: MIT
// One row of the table behind tst_validate (validate_rules_for_tests.h): an edit of
// defaultPlan() and the diagnostic it must produce (severity, JSON pointer, values named).
#pragma once

#include "core/plan/catalog.h"
#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace fourfold::core::testing {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Rule {
    const char* name;
    std::function<void(Plan&)> edit;  // applied to defaultPlan()
    Severity severity;
    const char* path;
    std::vector<std::string> mentions;  // the values the message must name
};

inline ModelSpec presetModel(const char* name) { return findModelPreset(name)->spec; }

inline void useGpus(Plan& plan, int dp, int tp, int pp, int cp, int nodes) {
    plan.parallel.dp = dp;
    plan.parallel.tp = tp;
    plan.parallel.pp = pp;
    plan.parallel.cp = cp;
    plan.cluster.nodes = nodes;
}

}  // namespace fourfold::core::testing
