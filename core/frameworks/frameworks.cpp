// SPDX-License-Identifier: MIT
#include "core/frameworks/frameworks.h"

#include "core/frameworks/detail/framework_parts.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <array>
#include <exception>

namespace fourfold::core {
namespace {

using Json = nlohmann::json;

bool contains(std::string_view text, std::string_view word) {
    return text.find(word) != std::string_view::npos;
}

ImportKind detectJson(const Json& json) {
    if (!json.is_object()) return ImportKind::Unknown;
    if (json.contains("schema") && json["schema"].is_string() &&
        json["schema"].get<std::string>().starts_with("fourfold.plan")) {
        return ImportKind::FourfoldPlan;
    }
    for (const char* key : {"train_batch_size", "train_micro_batch_size_per_gpu",
                            "gradient_accumulation_steps", "zero_optimization"}) {
        if (json.contains(key)) return ImportKind::DeepSpeedConfig;
    }
    if (json.contains("model_type") || json.contains("architectures")) {
        return ImportKind::HuggingFaceConfig;
    }
    return ImportKind::Unknown;
}

PlanImport importFourfoldPlan(std::string_view text) {
    PlanParse parse = parsePlan(text);
    PlanImport result;
    result.kind = ImportKind::FourfoldPlan;
    result.plan = std::move(parse.plan);
    result.diagnostics = std::move(parse.diagnostics);
    return result;
}

PlanImport importKnown(const Plan& base, std::string_view text, ImportKind kind) {
    switch (kind) {
        case ImportKind::FourfoldPlan:
            return importFourfoldPlan(text);
        case ImportKind::HuggingFaceConfig:
            return detail::importHuggingFace(base, text);
        case ImportKind::MegatronArguments:
            return detail::importMegatron(base, text);
        case ImportKind::DeepSpeedConfig:
            return detail::importDeepSpeed(base, text);
        case ImportKind::TorchtitanJobConfig:
            return detail::importTorchtitan(base, text);
        case ImportKind::Unknown:
            break;
    }
    PlanImport result;
    result.diagnostics.push_back(makeDiagnostic(Severity::Error, "", "import.unknown_kind"));
    return result;
}

}  // namespace

std::string_view toString(Framework framework) {
    switch (framework) {
        case Framework::Megatron:
            return "megatron";
        case Framework::DeepSpeed:
            return "deepspeed";
        case Framework::Torchtitan:
            return "torchtitan";
    }
    return "megatron";
}

std::optional<Framework> frameworkFromString(std::string_view name) {
    for (const Framework framework :
         {Framework::Megatron, Framework::DeepSpeed, Framework::Torchtitan}) {
        if (toString(framework) == name) return framework;
    }
    return std::nullopt;
}

std::string_view toString(ImportKind kind) {
    switch (kind) {
        case ImportKind::Unknown:
            return "unknown";
        case ImportKind::FourfoldPlan:
            return "fourfold-plan";
        case ImportKind::HuggingFaceConfig:
            return "huggingface";
        case ImportKind::MegatronArguments:
            return "megatron";
        case ImportKind::DeepSpeedConfig:
            return "deepspeed";
        case ImportKind::TorchtitanJobConfig:
            return "torchtitan";
    }
    return "unknown";
}

FrameworkExport exportPlan(const Plan& plan, Framework framework) {
    const auto write = [&](const std::vector<std::string>& unexpressed) {
        switch (framework) {
            case Framework::Megatron:
                return detail::megatronArguments(plan, unexpressed);
            case Framework::DeepSpeed:
                return detail::deepSpeedConfig(plan, unexpressed);
            case Framework::Torchtitan:
                return detail::torchtitanJobConfig(plan, unexpressed);
        }
        return std::string();
    };
    // Write a draft, read it back onto the default plan, and name every run field that did
    // not come back: that list goes into the final file.
    const std::string draft = write({});
    const PlanImport back = importPlan(defaultPlan(), draft);
    FrameworkExport result;
    result.unexpressed = detail::unexpressedFields(plan, back);
    result.text = write(result.unexpressed);
    static constexpr std::array<const char*, 3> kNames = {"megatron_args.sh", "ds_config.json",
                                                          "torchtitan.toml"};
    result.fileName = kNames[static_cast<std::size_t>(framework)];
    return result;
}

ImportKind detectImportKind(std::string_view text) {
    if (text.size() > kMaxImportBytes) return ImportKind::Unknown;
    const Json json = Json::parse(text, nullptr, false, true);
    if (!json.is_discarded()) return detectJson(json);
    for (const char* section : {"[parallelism]", "[training]", "[activation_checkpoint]"}) {
        if (contains(text, section)) return ImportKind::TorchtitanJobConfig;
    }
    for (const char* flag :
         {"--tensor-model-parallel-size", "--pipeline-model-parallel-size", "--micro-batch-size",
          "--global-batch-size", "--num-layers", "--hidden-size", "pretrain_gpt"}) {
        if (contains(text, flag)) return ImportKind::MegatronArguments;
    }
    return ImportKind::Unknown;
}

PlanImport importPlan(const Plan& base, std::string_view text, ImportKind kind) {
    if (text.size() > kMaxImportBytes) {
        PlanImport result;
        result.kind = kind;
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "import.too_large",
                           {{"size", text.size()}, {"limit", kMaxImportBytes}}));
        return result;
    }
    // The readers check types before use; this is the backstop that keeps the API nothrow.
    try {
        return importKnown(base, text, kind);
    } catch (const std::exception& error) {
        PlanImport result;
        result.kind = kind;
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "import.unreadable", {{"reason", error.what()}}));
        return result;
    }
}

PlanImport importPlan(const Plan& base, std::string_view text) {
    if (text.size() > kMaxImportBytes) return importPlan(base, text, ImportKind::Unknown);
    return importPlan(base, text, detectImportKind(text));
}

}  // namespace fourfold::core
