// SPDX-License-Identifier: MIT
#include "core/frameworks/frameworks.h"

#include "core/frameworks/detail/framework_parts.h"
#include "core/frameworks/detail/framework_table.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json_text.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"
#include "core/text/coded_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>

namespace fourfold::core {
namespace {

using Json = nlohmann::json;

bool isPlanJson(const Json& json) {
    return json.is_object() && json.contains("schema") && json["schema"].is_string() &&
           json["schema"].get<std::string>().starts_with("fourfold.plan");
}

// What the text is: a Fourfold plan, one of the formats (the first row whose marker it holds),
// or neither.
struct Detected {
    bool plan = false;
    const FrameworkFormat* format = nullptr;
};

// The JSON nesting guard for a file to import (plan_json_text.h), run before any JSON parser.
std::optional<Diagnostic> tooDeep(std::string_view text) {
    return detail::jsonNestingError(text, kMaxImportNesting, "import.json_too_deep",
                                    {{"limit", kMaxImportNesting}});
}

// Whether the text opens as a JSON object would: the JSON formats' nesting guard applies then
// (a TOML or shell text may hold brackets of its own and has guards of its own).
bool opensAsObject(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{';
}

Detected detect(std::string_view text) {
    if (text.size() > kMaxImportBytes) return {};
    // Text nested too deep is no JSON format's: the parser would recurse once per level.
    const Json json =
        tooDeep(text) ? Json(Json::value_t::discarded) : Json::parse(text, nullptr, false, true);
    const bool isJson = !json.is_discarded();
    if (isJson && isPlanJson(json)) return {true, nullptr};
    for (const FrameworkFormat& format : frameworkFormats()) {
        if (format.json != isJson || format.read == nullptr) continue;
        const bool marked =
            std::any_of(format.markers.begin(), format.markers.end(), [&](std::string_view word) {
                return isJson ? json.is_object() && json.contains(std::string(word))
                              : text.find(word) != std::string_view::npos;
            });
        if (marked) return {false, &format};
    }
    return {};
}

PlanImport refused(std::string code, DiagnosticArgs args = {}) {
    PlanImport result;
    result.diagnostics.push_back(
        makeDiagnostic(Severity::Error, "", std::move(code), std::move(args)));
    return result;
}

PlanImport refusedTooDeep(Diagnostic problem) {
    PlanImport result;
    result.diagnostics.push_back(std::move(problem));
    return result;
}

// The readers check each value and each figure they derive against its plan field's range;
// this is the backstop behind them (and behind the config.json reader): an imported plan with a
// value outside a documented range or a combination past the plan's combined limits
// (validate_ranges.h) is refused with validation's own errors, never handed on.
void refuseOutOfBounds(PlanImport& imported) {
    if (!imported.plan) return;
    bool refused = false;
    for (Diagnostic& problem : validate(*imported.plan)) {
        if (!isBoundsError(problem)) continue;
        imported.diagnostics.push_back(std::move(problem));
        refused = true;
    }
    if (refused) imported.plan.reset();
}

PlanImport tooLarge(std::string_view text) {
    return refused("import.too_large", {{"size", text.size()}, {"limit", kMaxImportBytes}});
}

}  // namespace

std::span<const FrameworkFormat> frameworkFormats() { return detail::kFrameworkFormats; }

const FrameworkFormat* findFrameworkFormat(std::string_view key) {
    const auto formats = frameworkFormats();
    const auto found = std::find_if(formats.begin(), formats.end(),
                                    [key](const FrameworkFormat& row) { return row.key == key; });
    return found == formats.end() ? nullptr : &*found;
}

std::string frameworkName(const FrameworkFormat& format, Language language) {
    return renderCodedText({"framework." + std::string(format.key), {}}, language);
}

FrameworkExport exportPlan(const Plan& plan, const FrameworkFormat& format) {
    FrameworkExport result;
    if (format.write == nullptr) return result;
    // Write a draft, read it back onto the default plan, and name every run field that did
    // not come back: that list goes into the final file.
    const std::string draft = format.write(plan, {});
    const PlanImport back = importPlan(defaultPlan(), draft, format);
    result.unexpressed = detail::unexpressedFields(plan, back);
    result.text = format.write(plan, result.unexpressed);
    result.fileName = std::string(format.fileName);
    return result;
}

bool isFourfoldPlan(std::string_view text) { return detect(text).plan; }

const FrameworkFormat* detectFormat(std::string_view text) { return detect(text).format; }

PlanImport importPlan(const Plan& base, std::string_view text, const FrameworkFormat& format) {
    if (text.size() > kMaxImportBytes) return tooLarge(text);
    if (format.read == nullptr) return refused("import.unknown_kind");
    if (format.json) {
        if (auto deep = tooDeep(text)) return refusedTooDeep(std::move(*deep));
    }
    if (format.bounds != nullptr) {
        PlanImport bounded;
        bounded.diagnostics = format.bounds(text);
        if (hasErrors(bounded.diagnostics)) {
            bounded.format = &format;
            return bounded;
        }
    }
    // The readers check types before use; this is the backstop that keeps the API nothrow.
    PlanImport result;
    try {
        result = format.read(base, text);
    } catch (const std::exception& error) {
        result = refused("import.unreadable", {{"reason", error.what()}});
    }
    result.format = &format;
    refuseOutOfBounds(result);
    return result;
}

PlanImport importPlan(const Plan& base, std::string_view text) {
    if (text.size() > kMaxImportBytes) return tooLarge(text);
    // A JSON document nested too deep is refused by name rather than as "not a format".
    if (opensAsObject(text)) {
        if (auto deep = tooDeep(text)) return refusedTooDeep(std::move(*deep));
    }
    const Detected detected = detect(text);
    if (detected.format != nullptr) return importPlan(base, text, *detected.format);
    if (!detected.plan) return refused("import.unknown_kind");
    PlanParse parse = parsePlan(text);
    PlanImport result;
    result.plan = std::move(parse.plan);
    result.diagnostics = std::move(parse.diagnostics);
    return result;
}

}  // namespace fourfold::core
