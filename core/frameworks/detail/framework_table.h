// SPDX-License-Identifier: MIT
// The formats, one row each (core/frameworks/frameworks.h's FrameworkFormat): key, export file
// name, file patterns, how an import recognises the text, and the functions that write and read
// it, each defined in the format's own files. The CLI's help, the app's menus and file dialogs,
// export and import all read this table; adding a format takes its files, its row and the
// declarations here, and its name (framework.<key>) in core/text/coded_text.cpp and
// coded_text_zh.cpp.
#pragma once

#include "core/frameworks/frameworks.h"

#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core::detail {

// Megatron-LM arguments: megatron_export.cpp, megatron_import.cpp.
[[nodiscard]] std::string megatronArguments(const Plan& plan,
                                            const std::vector<std::string>& unexpressed);
[[nodiscard]] PlanImport importMegatron(const Plan& base, std::string_view text);
// A DeepSpeed ds_config.json: deepspeed_export.cpp, deepspeed_import.cpp.
[[nodiscard]] std::string deepSpeedConfig(const Plan& plan,
                                          const std::vector<std::string>& unexpressed);
[[nodiscard]] PlanImport importDeepSpeed(const Plan& base, std::string_view text);
// A torchtitan TOML job config: torchtitan_export.cpp, torchtitan_import.cpp.
[[nodiscard]] std::string torchtitanJobConfig(const Plan& plan,
                                              const std::vector<std::string>& unexpressed);
[[nodiscard]] PlanImport importTorchtitan(const Plan& base, std::string_view text);
// A Hugging Face config.json, read only: hf_import.cpp, its bounds config_json_bounds.cpp.
[[nodiscard]] PlanImport importHuggingFace(const Plan& base, std::string_view text);
[[nodiscard]] std::vector<Diagnostic> huggingFaceBounds(std::string_view text);

// Words only a launch command or script of Megatron-LM holds.
inline constexpr std::string_view kMegatronMarkers[] = {"--tensor-model-parallel-size",
                                                        "--pipeline-model-parallel-size",
                                                        "--micro-batch-size",
                                                        "--global-batch-size",
                                                        "--num-layers",
                                                        "--hidden-size",
                                                        "pretrain_gpt"};
// DeepSpeed's batch and ZeRO keys.
inline constexpr std::string_view kDeepSpeedMarkers[] = {
    "train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps",
    "zero_optimization"};
// torchtitan's section headers.
inline constexpr std::string_view kTorchtitanMarkers[] = {"[parallelism]", "[training]",
                                                          "[activation_checkpoint]"};
// What every transformers configuration writes.
inline constexpr std::string_view kHuggingFaceMarkers[] = {"model_type", "architectures"};

// In the order the CLI and the app list them; detection tries the rows in this order too (a
// ds_config.json that also names a model_type is a ds_config).
inline constexpr FrameworkFormat kFrameworkFormats[] = {
    {"megatron", "megatron_args.sh", "*.sh *.txt", false, kMegatronMarkers, megatronArguments,
     importMegatron, nullptr},
    {"deepspeed", "ds_config.json", "*.json", true, kDeepSpeedMarkers, deepSpeedConfig,
     importDeepSpeed, nullptr},
    {"torchtitan", "torchtitan.toml", "*.toml", false, kTorchtitanMarkers, torchtitanJobConfig,
     importTorchtitan, nullptr},
    {"huggingface", "", "*.json", true, kHuggingFaceMarkers, nullptr, importHuggingFace,
     huggingFaceBounds},
};

}  // namespace fourfold::core::detail
