// SPDX-License-Identifier: MIT
#include "core/plan/plan_patch.h"

#include "core/plan/detail/plan_json_writer.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {
namespace {

using OrderedJson = nlohmann::ordered_json;

// RFC 7396 section 2 read backwards: objects recurse, a removed key becomes null, any other
// difference is the new value.
OrderedJson mergeDiff(const OrderedJson& from, const OrderedJson& to) {
    if (!from.is_object() || !to.is_object()) return to;
    OrderedJson patch = OrderedJson::object();
    for (const auto& [key, value] : from.items()) {
        if (!to.contains(key)) patch[key] = nullptr;
    }
    for (const auto& [key, value] : to.items()) {
        const auto old = from.find(key);
        if (old == from.end()) {
            patch[key] = value;
        } else if (*old != value) {
            patch[key] = mergeDiff(*old, value);
        }
    }
    return patch;
}

}  // namespace

std::string planPatch(const Plan& from, const Plan& to) {
    return mergeDiff(detail::planToJsonValue(from), detail::planToJsonValue(to)).dump();
}

PlanParse applyPlanPatch(const Plan& plan, std::string_view patch) {
    const OrderedJson change = OrderedJson::parse(patch.begin(), patch.end(), nullptr, false);
    if (change.is_discarded() || !change.is_object()) {
        PlanParse result;
        result.diagnostics.push_back(makeDiagnostic(Severity::Error, "", "plan.patch_not_object"));
        return result;
    }
    OrderedJson document = detail::planToJsonValue(plan);
    document.merge_patch(change);
    return parsePlan(document.dump());
}

}  // namespace fourfold::core
