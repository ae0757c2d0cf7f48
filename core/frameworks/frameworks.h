// SPDX-License-Identifier: MIT
// From plan to run and back: the plan as the launch configuration a training framework reads
// (Megatron-LM arguments, a DeepSpeed ds_config.json, a torchtitan TOML job config), and the
// files people already have (a Hugging Face config.json, Megatron arguments, a ds_config.json,
// a torchtitan TOML) read back into a plan. Formats and mappings: docs/frameworks.md.
// What a format cannot say is listed in the exported file, never dropped silently.
#pragma once

#include "core/plan/plan.h"
#include "core/plan/plan_json.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// The largest file an import reads: 1 MiB, as for a plan file (a config is a few kilobytes).
// Larger text is refused before any parsing; the front ends read no more than this from a file
// (app/cli/cli_common.h, ui/shell/framework_file_actions.cpp), so a huge file costs nothing.
inline constexpr std::size_t kMaxImportBytes = kMaxPlanBytes;

enum class Framework { Megatron, DeepSpeed, Torchtitan };

// What a file to import holds, as detected from its text.
enum class ImportKind {
    Unknown,
    FourfoldPlan,         // a plan JSON ("schema": "fourfold.plan/N")
    HuggingFaceConfig,    // a model's config.json ("model_type" / "architectures")
    MegatronArguments,    // a Megatron-LM command line or argument list
    DeepSpeedConfig,      // a ds_config.json
    TorchtitanJobConfig,  // a torchtitan TOML job config
};

struct FrameworkExport {
    std::string text;      // the file's contents, ending in a newline
    std::string fileName;  // a conventional name: "megatron_args.sh", "ds_config.json", ...
    // "/parallel/zero_stage = 2"-style lines: plan fields the file does not carry (they are
    // also written into the file itself, as comments or under "_fourfold_unexpressed").
    std::vector<std::string> unexpressed;

    bool operator==(const FrameworkExport&) const = default;
};

struct PlanImport {
    std::optional<Plan> plan;  // set exactly when no diagnostic is an error
    ImportKind kind = ImportKind::Unknown;
    // JSON pointers of the plan fields the file set ("/model/hidden", "/parallel/tp", ...).
    std::vector<std::string> carried;
    std::vector<Diagnostic> diagnostics;  // errors, and notes on what was assumed
};

[[nodiscard]] std::string_view toString(Framework framework);  // "megatron", ...
[[nodiscard]] std::optional<Framework> frameworkFromString(std::string_view name);
[[nodiscard]] std::string_view toString(ImportKind kind);  // "huggingface", ...

// The plan in the framework's own configuration format. Never throws.
[[nodiscard]] FrameworkExport exportPlan(const Plan& plan, Framework framework);

// What the text is, from its content alone (not its file name).
[[nodiscard]] ImportKind detectImportKind(std::string_view text);

// Reads the text as `kind` on top of `base`: a Hugging Face config replaces the model; a
// framework config replaces the parallel and training sections it carries. Everything the
// file does not carry keeps base's value. Never throws; problems come back as diagnostics.
[[nodiscard]] PlanImport importPlan(const Plan& base, std::string_view text, ImportKind kind);
// The same, with the kind detected from the text.
[[nodiscard]] PlanImport importPlan(const Plan& base, std::string_view text);

}  // namespace fourfold::core
