// SPDX-License-Identifier: MIT
// From plan to run and back: the plan as the launch configuration a training framework reads
// (Megatron-LM arguments, a DeepSpeed ds_config.json, a torchtitan TOML job config), and the
// files people already have (a Hugging Face config.json, Megatron arguments, a ds_config.json,
// a torchtitan TOML) read back into a plan. The formats are rows of one table
// (frameworkFormats(); the rows themselves are in detail/framework_table.h), which the CLI and
// the app read rather than naming formats. Mappings: docs/frameworks.md. What a format cannot
// say is listed in the exported file, never dropped silently.
#pragma once

#include "core/plan/plan.h"
#include "core/plan/plan_json.h"
#include "core/text/diagnostic.h"
#include "core/text/language.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// The largest file an import reads: 1 MiB, as for a plan file (a config is a few kilobytes).
// Larger text is refused before any parsing; the front ends read no more than this from a file
// (app/cli/cli_common.h, ui/shell/framework_file_actions.cpp), so a huge file costs nothing.
inline constexpr std::size_t kMaxImportBytes = kMaxPlanBytes;
// How deep objects and arrays (JSON) or tables and arrays (TOML) may nest in a file to import.
// A launch config nests three levels at most (zero_optimization.offload_optimizer.device) and a
// config.json four (rope_scaling, quantization_config); deeper text is refused before any
// parser reads it, since the JSON parser recurses once per level (docs/frameworks.md).
inline constexpr int kMaxImportNesting = 64;

struct PlanImport;

// One format Fourfold writes or reads besides its own plan: a training framework's launch
// configuration, or a model's config.json.
struct FrameworkFormat {
    std::string_view key;  // "megatron": `fourfold-cli export --to`, coded name framework.<key>
    std::string_view fileName;  // an export's conventional name, "megatron_args.sh"
    std::string_view patterns;  // file-name patterns for file dialogs: "*.sh *.txt"
    // How an import recognises it from the text alone: a JSON object with one of `markers` as
    // a top-level key (json), or text holding one of them (not JSON).
    bool json = false;
    std::span<const std::string_view> markers;
    // The file's text for a plan, with the `unexpressed` lines written into it; nullptr when
    // the format is only read.
    std::string (*write)(const Plan& plan, const std::vector<std::string>& unexpressed) = nullptr;
    // The text read on top of `base`; never throws.
    PlanImport (*read)(const Plan& base, std::string_view text) = nullptr;
    // Errors found on the text before `read` runs (its values' bounds), when the reader does not
    // check them itself; nullptr when it does. importPlan refuses the text on any.
    std::vector<Diagnostic> (*bounds)(std::string_view text) = nullptr;
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
    // The format read; nullptr when the text was a Fourfold plan, or nothing Fourfold reads.
    const FrameworkFormat* format = nullptr;
    // JSON pointers of the plan fields the file set ("/model/hidden", "/parallel/tp", ...).
    std::vector<std::string> carried;
    std::vector<Diagnostic> diagnostics;  // errors, and notes on what was assumed
};

// Every format, in the order the CLI's help and the app's menus list them.
[[nodiscard]] std::span<const FrameworkFormat> frameworkFormats();
// The format with this key ("megatron", "deepspeed", "torchtitan", "huggingface"); nullptr if none.
[[nodiscard]] const FrameworkFormat* findFrameworkFormat(std::string_view key);
// What the format's files are, in a language ("Megatron-LM arguments" in English).
[[nodiscard]] std::string frameworkName(const FrameworkFormat& format, Language language);

// The plan in the format (which must have `write`). Never throws.
[[nodiscard]] FrameworkExport exportPlan(const Plan& plan, const FrameworkFormat& format);

// Whether the text is a Fourfold plan ("schema": "fourfold.plan/N"), which File → Open reads.
[[nodiscard]] bool isFourfoldPlan(std::string_view text);
// The format the text is in, from its content alone (not its file name); nullptr for a
// Fourfold plan or a text no format recognises.
[[nodiscard]] const FrameworkFormat* detectFormat(std::string_view text);

// Reads the text as `format` on top of `base`: a Hugging Face config replaces the model; a
// framework config replaces the parallel and training sections it carries. Everything the
// file does not carry keeps base's value. Never throws; problems come back as diagnostics.
[[nodiscard]] PlanImport importPlan(const Plan& base, std::string_view text,
                                    const FrameworkFormat& format);
// The same with the format detected from the text; a Fourfold plan is read as a plan.
[[nodiscard]] PlanImport importPlan(const Plan& base, std::string_view text);

}  // namespace fourfold::core
