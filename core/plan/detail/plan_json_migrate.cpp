// SPDX-License-Identifier: MIT
#include "core/plan/detail/plan_json_migrate.h"

#include "core/plan/plan_json.h"
#include "core/plan/plan_json_text.h"

#include <optional>
#include <string>
#include <string_view>

namespace fourfold::core::detail {
namespace {

constexpr std::string_view kPlanSchemaPrefix = "fourfold.plan/";
constexpr std::string_view kSchemaPointer = "/schema";

std::string currentSchemaName() {
    return std::string(kPlanSchemaPrefix) + std::to_string(kPlanSchemaVersion);
}

// The N of "fourfold.plan/N" (digits only, no sign, no leading zero), if it is that form.
std::optional<int> planSchemaNumber(std::string_view name) {
    if (name.substr(0, kPlanSchemaPrefix.size()) != kPlanSchemaPrefix) return std::nullopt;
    const std::string_view digits = name.substr(kPlanSchemaPrefix.size());
    if (digits.empty() || digits.size() > 6 || digits.front() == '0') return std::nullopt;
    int number = 0;
    for (const char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        number = number * 10 + (c - '0');
    }
    return number;
}

Diagnostic schemaError(std::string code, DiagnosticArgs args) {
    return makeDiagnostic(Severity::Error, std::string(kSchemaPointer), std::move(code),
                          std::move(args));
}

std::string shown(const nlohmann::json& value) {
    return shortenUtf8(value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 60);
}

// The document's revision on the migration chain, or nullopt (with an error) when unreadable.
std::optional<int> documentRevision(const nlohmann::json& document, std::vector<Diagnostic>& out) {
    const auto schema = document.find("schema");
    if (schema == document.end()) {
        out.push_back(makeDiagnostic(Severity::Info, "", "schema.missing",
                                     {{"schema", currentSchemaName()}}));
        return kPlanSchemaVersion;
    }
    if (schema->is_number_integer() && schema->get<std::int64_t>() == 1) {
        return kEarlyIntegerSchemaRevision;
    }
    if (!schema->is_string()) {
        out.push_back(schemaError("schema.not_a_string",
                                  {{"schema", currentSchemaName()}, {"found", shown(*schema)}}));
        return std::nullopt;
    }
    const auto& name = schema->get_ref<const std::string&>();
    const std::optional<int> number = planSchemaNumber(name);
    if (!number) {
        const bool otherFourfold = name.rfind("fourfold.", 0) == 0;
        out.push_back(
            schemaError(otherFourfold ? "schema.other_fourfold_kind" : "schema.not_a_plan",
                        {{"found", shown(*schema)}, {"schema", currentSchemaName()}}));
        return std::nullopt;
    }
    if (*number > kPlanSchemaVersion) {
        out.push_back(
            schemaError("schema.newer", {{"found", name}, {"schema", currentSchemaName()}}));
        return std::nullopt;
    }
    return *number;
}

}  // namespace

nlohmann::json migrateEarlyIntegerSchema(nlohmann::json document) {
    document["schema"] = std::string(kPlanSchemaPrefix) + "1";
    return document;
}

const std::vector<PlanMigration>& planMigrations() {
    static const std::vector<PlanMigration> chain = {&migrateEarlyIntegerSchema};
    return chain;
}

bool migrateToCurrentSchema(nlohmann::json& document, std::vector<Diagnostic>& out) {
    const std::optional<int> start = documentRevision(document, out);
    if (!start) return false;
    const auto& chain = planMigrations();
    static_assert(kPlanSchemaVersion >= 1);
    for (int revision = *start; revision < kPlanSchemaVersion; ++revision) {
        document = chain.at(static_cast<std::size_t>(revision))(std::move(document));
    }
    if (*start == kEarlyIntegerSchemaRevision) {
        out.push_back(makeDiagnostic(Severity::Info, std::string(kSchemaPointer),
                                     "schema.early_converted",
                                     {{"early", 1}, {"schema", currentSchemaName()}}));
    }
    return true;
}

}  // namespace fourfold::core::detail
