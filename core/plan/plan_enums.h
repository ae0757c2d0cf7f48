// SPDX-License-Identifier: MIT
// The names of the plan's enumerations as PLAN_FORMAT.md spells them ("bf16", "1f1b", ...),
// shared by the JSON reader and writer, the CLI and the UI so all say the same words.
#pragma once

#include "core/plan/plan.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

[[nodiscard]] std::string_view toString(Precision value);
[[nodiscard]] std::string_view toString(MlpKind value);
[[nodiscard]] std::string_view toString(OptimizerKind value);
[[nodiscard]] std::string_view toString(Recompute value);
[[nodiscard]] std::string_view toString(Offload value);
[[nodiscard]] std::string_view toString(ScheduleKind value);
[[nodiscard]] std::string_view toString(GradSync value);
[[nodiscard]] std::string_view toString(ParamGather value);
[[nodiscard]] std::string_view toString(MemoryConvention value);
[[nodiscard]] std::string_view toString(FineTune value);

// The LoRA target modules in the order plans list them, each with its key ("q" ... "down").
struct LoraTargetKey {
    unsigned bit;
    std::string_view key;
};
inline constexpr LoraTargetKey kLoraTargetKeys[] = {
    {kLoraQuery, "q"},   {kLoraKey, "k"}, {kLoraValue, "v"},   {kLoraOutput, "o"},
    {kLoraGate, "gate"}, {kLoraUp, "up"}, {kLoraDown, "down"},
};
// "q|k|v|o|gate|up|down", for messages.
[[nodiscard]] std::string loraTargetNames();

// Parse a name; std::nullopt when it is not one of the documented names.
template <typename Enum>
[[nodiscard]] std::optional<Enum> enumFromString(std::string_view name);

// Every value of an enumeration in documented order (for menus and error messages).
template <typename Enum>
[[nodiscard]] std::vector<Enum> allValues();

// "fp32|fp16|bf16|fp8": the accepted names, for messages.
template <typename Enum>
[[nodiscard]] std::string acceptedNames();

}  // namespace fourfold::core
