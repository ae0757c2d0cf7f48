// SPDX-License-Identifier: MIT
#include "app/cli/plan_overrides.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

namespace fourfold::app {
namespace {

using Json = nlohmann::ordered_json;

// Fields a complete default plan does not write, but a plan may hold.
bool optionalField(const std::string& pointer) {
    return pointer == "/model/parameters" || pointer == "/training/global_batch" ||
           pointer == "/measured/peak_bytes_per_stage" || pointer == "/measured/step_time_s";
}

std::string keysOf(const Json& object) {
    std::string keys;
    for (const auto& [key, unused] : object.items()) keys += (keys.empty() ? "" : ", ") + key;
    return keys;
}

// "/parallel/tp" for "parallel.tp", checked against the plan's known fields.
std::optional<std::string> pointerFor(const std::string& path, const Json& known,
                                      std::string& error) {
    std::string pointer;
    const Json* level = &known;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? dot : dot - start);
        pointer += "/" + key;
        const bool last = dot == std::string::npos;
        if (key.empty()) {
            error = "empty field name in '" + path + "'";
            return std::nullopt;
        }
        if (level != nullptr && level->is_object() && level->contains(key)) {
            level = &(*level)[key];
        } else if (last && optionalField(pointer)) {
            level = nullptr;
        } else {
            error = "unknown plan field '" + path + "'";
            if (level != nullptr && level->is_object())
                error += " (known here: " + keysOf(*level) + ")";
            return std::nullopt;
        }
        if (last) break;
        start = dot + 1;
    }
    return pointer;
}

// Every field a plan may hold: the default plan with the sections and keys the writer leaves
// out at their defaults (performance, checkpoint, the data-parallel semantics) switched on.
Json knownFields() {
    core::Plan plan = core::defaultPlan();
    plan.performance.dataLoadingS = 1;
    plan.checkpoint.restartS = 1;
    plan.parallel.gradSync = core::GradSync::PerStep;
    plan.parallel.paramGather = core::ParamGather::PerStep;
    plan.parallel.reshardAfterForward = false;
    return Json::parse(core::planToJson(plan));
}

}  // namespace

OverrideResult applyPlanOverrides(std::string_view planText,
                                  const std::vector<std::string>& overrides) {
    Json plan = Json::parse(planText, nullptr, false);
    if (!plan.is_object()) return {std::string(planText), {}};
    const Json known = knownFields();
    for (const std::string& item : overrides) {
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos || equals == 0 || equals + 1 == item.size()) {
            return {std::nullopt, "--set " + item + ": expected FIELD=VALUE, e.g. parallel.tp=4"};
        }
        std::string error;
        const auto pointer = pointerFor(item.substr(0, equals), known, error);
        if (!pointer) return {std::nullopt, "--set " + item + ": " + error};
        const std::string valueText = item.substr(equals + 1);
        Json value = Json::parse(valueText, nullptr, false);
        if (value.is_discarded()) value = valueText;  // bare words: bf16, interleaved_1f1b
        try {
            plan[Json::json_pointer(*pointer)] = std::move(value);
        } catch (const Json::exception&) {
            return {std::nullopt, "--set " + item + ": the plan's " + *pointer +
                                      " sits inside a value that is not an object"};
        }
    }
    return {plan.dump(2) + "\n", {}};
}

}  // namespace fourfold::app
