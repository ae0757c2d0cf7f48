// SPDX-License-Identifier: MIT
#include "app/cli/plan_overrides.h"

#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_json_text.h"

#include <nlohmann/json.hpp>

namespace fourfold::app {
namespace {

using Json = nlohmann::ordered_json;

std::string keysOf(const Json& object) {
    std::string keys;
    for (const auto& [key, unused] : object.items()) keys += (keys.empty() ? "" : ", ") + key;
    return keys;
}

// "/parallel/tp" for "parallel.tp", checked against the fields a plan may hold.
std::optional<std::string> pointerFor(const std::string& path, const Json& known,
                                      std::string& error) {
    std::string pointer;
    const Json* level = &known;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? dot : dot - start);
        // Two appends: GCC 12 at -O3 sees a false overlap (-Wrestrict) in "/" + std::string&&.
        pointer += '/';
        pointer += core::detail::escapePointerToken(key);
        const bool last = dot == std::string::npos;
        if (key.empty()) {
            error = "empty field name in '" + path + "'";
            return std::nullopt;
        }
        if (!level->is_object() || !level->contains(key)) {
            error = "unknown plan field '" + path + "'";
            if (level->is_object()) error += " (known here: " + keysOf(*level) + ")";
            return std::nullopt;
        }
        level = &(*level)[key];
        if (last) break;
        start = dot + 1;
    }
    return pointer;
}

// A preset given by name (cluster.gpu "h100-sxm-80gb") becomes its object form {"name": ...}
// before one of its fields is set, so the other fields keep the preset's values
// (docs/plan-format.md, GPU object); a section the plan leaves out starts from the default
// plan's preset the same way.
void openPresets(Json& plan, const Json& defaults, const Json& known, const std::string& pointer) {
    // Pointers here name known fields only, so contains() meets objects and strings alone.
    std::size_t slash = pointer.find('/', 1);
    while (slash != std::string::npos) {
        const Json::json_pointer prefix(pointer.substr(0, slash));
        slash = pointer.find('/', slash + 1);
        if (!known.contains(prefix) || !known[prefix].is_object()) return;
        const Json* name = nullptr;
        if (plan.contains(prefix)) {
            name = &plan[prefix];
        } else if (defaults.contains(prefix)) {
            name = &defaults[prefix];
        }
        if (name != nullptr && name->is_string()) plan[prefix] = Json{{"name", *name}};
        if (plan.contains(prefix) && !plan[prefix].is_object()) return;  // the reader says so
    }
}

}  // namespace

OverrideResult applyPlanOverrides(std::string_view planText,
                                  const std::vector<std::string>& overrides) {
    // The plan file's own bounds come first: text nested too deep (or too large) goes to the
    // plan reader unparsed, which refuses it by name, as it refuses the file without --set.
    if (planText.size() > core::kMaxPlanBytes ||
        core::detail::findExcessiveNesting(planText, core::detail::kMaxPlanNesting)) {
        return {std::string(planText), {}};
    }
    Json plan = Json::parse(planText, nullptr, false);
    if (!plan.is_object()) return {std::string(planText), {}};
    const Json known = Json::parse(core::planJsonWithEveryKey());
    const Json defaults = Json::parse(core::planToJson(core::defaultPlan()));
    for (const std::string& item : overrides) {
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos || equals == 0 || equals + 1 == item.size()) {
            return {std::nullopt, "--set " + item + ": expected FIELD=VALUE, e.g. parallel.tp=4"};
        }
        const std::string field = item.substr(0, equals);
        std::string error;
        const auto pointer = pointerFor(field, known, error);
        if (!pointer) return {std::nullopt, "--set " + item + ": " + error};
        const std::string valueText = item.substr(equals + 1);
        // A value is held to a plan file's bounds before it is parsed.
        if (valueText.size() > core::kMaxPlanBytes) {
            return {std::nullopt, "--set " + field + ": the value is larger than the " +
                                      std::to_string(core::kMaxPlanBytes) +
                                      " bytes a plan file may hold"};
        }
        if (core::detail::findExcessiveNesting(valueText, core::detail::kMaxPlanNesting)) {
            return {std::nullopt, "--set " + field + ": the value nests deeper than " +
                                      std::to_string(core::detail::kMaxPlanNesting) +
                                      " levels, more than a plan file may"};
        }
        Json value = Json::parse(valueText, nullptr, false);
        if (value.is_discarded()) value = valueText;  // bare words: bf16, interleaved_1f1b
        try {
            openPresets(plan, defaults, known, *pointer);
            plan[Json::json_pointer(*pointer)] = std::move(value);
        } catch (const Json::exception&) {
            return {std::nullopt, "--set " + item + ": the plan's " + *pointer +
                                      " sits inside a value that is not an object"};
        }
    }
    // Keys nested inside a value count towards the plan's own bound, which the reader checks
    // on this text as on a file.
    // A bare word need not be UTF-8; the reader then sees U+FFFD, as in a saved plan.
    return {plan.dump(2, ' ', false, Json::error_handler_t::replace) + "\n", {}};
}

}  // namespace fourfold::app
