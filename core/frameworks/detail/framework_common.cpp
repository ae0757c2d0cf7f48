// SPDX-License-Identifier: MIT
#include "core/frameworks/detail/framework_parts.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate_ranges.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cassert>
#include <utility>

namespace fourfold::core::detail {
namespace {

using Json = nlohmann::json;

// The run's fields: what a launch configuration could carry. The preset is only a label for
// a shape and the global batch is checked as micro × accumulation × dp, so neither is listed.
bool isRunField(const std::string& pointer) {
    if (pointer == "/model/preset" || pointer == "/training/global_batch") return false;
    return pointer.starts_with("/model/") || pointer.starts_with("/training/") ||
           pointer.starts_with("/parallel/") || pointer == "/cluster/gpus_per_node" ||
           pointer == "/cluster/nodes";
}

void flatten(const Json& value, const std::string& pointer,
             std::vector<std::pair<std::string, Json>>& out) {
    if (value.is_object()) {
        for (const auto& [key, item] : value.items()) flatten(item, pointer + "/" + key, out);
        return;
    }
    out.emplace_back(pointer, value);
}

// The overlap the step time assumes wherever the plan has the traffic it hides: a launch
// configuration sets it too (Megatron-LM defaults every overlap off, PyTorch DDP and FSDP on), so
// an export writes it as the framework's flag or lists it.
void addAssumedOverlap(const Plan& plan, std::vector<std::pair<std::string, Json>>& fields) {
    const ParallelSpec& parallel = plan.parallel;
    const PerformanceOptions& options = plan.performance;
    const bool replicas = std::int64_t{parallel.dp} * parallel.cp > 1;
    if (replicas)
        fields.emplace_back("/performance/overlap_grad_reduce", options.overlapGradReduce);
    if (replicas && parallel.zeroStage >= 1) {
        fields.emplace_back("/performance/overlap_param_gather", options.overlapParamGather);
    }
    if (parallel.tp > 1) fields.emplace_back("/performance/overlap_tp_comm", options.overlapTpComm);
}

std::vector<std::pair<std::string, Json>> runFields(const Plan& plan) {
    std::vector<std::pair<std::string, Json>> fields;
    // Without the preset's name the file writes every model key that is not at its default,
    // also those a preset would have supplied (its head size, window, latent attention).
    Plan unnamed = plan;
    unnamed.model.preset.clear();
    flatten(Json::parse(planToJson(unnamed)), "", fields);
    std::erase_if(fields, [](const auto& field) { return !isRunField(field.first); });
    addAssumedOverlap(plan, fields);
    return fields;
}

Diagnostic withDetail(Severity severity, std::string path, const char* code,
                      const CodedText& detail) {
    DiagnosticArgs args{{"detail", renderCodedText(detail, Language::English)}};
    appendCodedArgs(args, "detail", detail);
    return makeDiagnostic(severity, std::move(path), code, std::move(args));
}

}  // namespace

FieldRange fieldRange(std::string_view pointer) {
    const KeyRange* range = findKeyRange(pointer);
    assert(range != nullptr && range->integer);
    if (range == nullptr) return {};
    return {static_cast<std::int64_t>(range->minimum), static_cast<std::int64_t>(range->maximum)};
}

CodedText outOfRangeProblem(std::string_view name, const std::string& found, std::string_view field,
                            std::int64_t maximum) {
    // A config value must be positive even where the plan field allows 0 (etp, experts).
    const std::int64_t minimum = std::max<std::int64_t>(1, fieldRange(field).minimum);
    return {"import_problem.out_of_range",
            {{"name", name},
             {"found", found},
             {"field", field},
             {"minimum", minimum},
             {"maximum", maximum}}};
}

void ImportBuilder::carry(std::string_view pointer) {
    if (std::find(carried.begin(), carried.end(), pointer) == carried.end()) {
        carried.emplace_back(pointer);
    }
}

Diagnostic& ImportBuilder::error(std::string path, const CodedText& detail) {
    return diagnostics.emplace_back(
        withDetail(Severity::Error, std::move(path), "import.problem", detail));
}

void ImportBuilder::note(std::string path, const CodedText& detail) {
    diagnostics.push_back(withDetail(Severity::Info, std::move(path), "import.note", detail));
}

bool ImportBuilder::setDerived(int& target, std::int64_t value, std::string_view field,
                               std::string_view formula) {
    const FieldRange range = fieldRange(field);
    if (value < range.minimum || value > range.maximum) {
        error(std::string(field), {"import_problem.derived_out_of_range",
                                   {{"field", field},
                                    {"formula", formula},
                                    {"value", value},
                                    {"minimum", range.minimum},
                                    {"maximum", range.maximum}}});
        return false;
    }
    target = static_cast<int>(value);
    carry(field);
    return true;
}

PlanImport ImportBuilder::finish() && {
    PlanImport result;
    result.carried = std::move(carried);
    result.diagnostics = std::move(diagnostics);
    if (!hasErrors(result.diagnostics)) result.plan = std::move(plan);
    return result;
}

std::optional<std::int64_t> ConfigValues::integer(std::string_view name, std::string_view field,
                                                  bool allowMinusOne) {
    const std::optional<Found> found = find(name);
    if (!found) return std::nullopt;
    const FieldRange range = fieldRange(field);
    const bool integer = found->kind == Found::Kind::Integer;
    if (found->kind == Found::Kind::TooLarge || (integer && found->value > range.maximum)) {
        fail(name, outOfRangeProblem(name, found->shown, field, range.maximum));
        return std::nullopt;
    }
    if (integer && (found->value > 0 || (allowMinusOne && found->value == -1))) {
        return found->value;
    }
    fail(name, {"import_problem.positive_integer", {{"name", name}, {"found", found->shown}}});
    return std::nullopt;
}

void ConfigValues::read(std::string_view name, int& target, std::string_view field, bool carry) {
    if (const auto value = integer(name, field)) {
        target = static_cast<int>(*value);
        if (carry) builder_.carry(field);
    }
}

void readDegrees(ConfigValues& in, ImportBuilder& builder, const DegreeNames& names) {
    ParallelSpec& parallel = builder.plan.parallel;
    parallel.tp = 1;
    parallel.pp = 1;
    parallel.cp = 1;
    parallel.ep = 1;
    in.read(names.tp, parallel.tp, "/parallel/tp");
    in.read(names.pp, parallel.pp, "/parallel/pp");
    in.read(names.cp, parallel.cp, "/parallel/cp");
    in.read(names.ep, parallel.ep, "/parallel/ep");
    const int fallback = names.expertTensorDefault > 0 ? names.expertTensorDefault : parallel.tp;
    const std::int64_t etp = in.integer(names.etp, "/parallel/etp").value_or(fallback);
    parallel.etp = etp == parallel.tp ? 0 : static_cast<int>(etp);
    parallel.order = "tp-cp-ep-dp-pp";
    for (const char* pointer :
         {"/parallel/tp", "/parallel/pp", "/parallel/cp", "/parallel/ep", "/parallel/etp",
          "/parallel/virtual_stages", "/parallel/schedule", "/parallel/sequence_parallel",
          "/parallel/zero_stage", "/parallel/offload", "/parallel/order"}) {
        builder.carry(pointer);
    }
}

void setBatchFromGlobal(ImportBuilder& builder, std::int64_t globalBatch, std::string_view path,
                        std::string_view globalName) {
    // Both ints, so their product fits 64 bits.
    const std::int64_t micro = builder.plan.training.microBatch;
    const std::int64_t dp = builder.plan.parallel.dp;
    if (globalBatch <= 0 || micro <= 0 || dp <= 0 || globalBatch % (micro * dp) != 0) {
        builder.error(std::string(path), {"import_problem.global_batch",
                                          {{"global", globalBatch}, {"micro", micro}, {"dp", dp}}});
        return;
    }
    (void)builder.setDerived(builder.plan.training.gradAccumulation, globalBatch / (micro * dp),
                             "/training/grad_accumulation",
                             std::string(globalName) + " / (micro_batch × dp)");
}

std::vector<std::string> unexpressedFields(const Plan& original, const PlanImport& reimported) {
    std::vector<std::string> lines;
    const auto before = runFields(original);
    std::vector<std::pair<std::string, Json>> after;
    if (reimported.plan) after = runFields(*reimported.plan);
    for (const auto& [pointer, value] : before) {
        const bool carried = std::find(reimported.carried.begin(), reimported.carried.end(),
                                       pointer) != reimported.carried.end();
        const auto back = std::find_if(after.begin(), after.end(),
                                       [&](const auto& field) { return field.first == pointer; });
        if (carried && back != after.end() && back->second == value) continue;
        lines.push_back(pointer + " = " + value.dump());
    }
    return lines;
}

}  // namespace fourfold::core::detail
