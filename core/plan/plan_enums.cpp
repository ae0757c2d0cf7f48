// SPDX-License-Identifier: MIT
#include "core/plan/plan_enums.h"

#include <array>
#include <iterator>
#include <string>

namespace fourfold::core {
namespace {

template <typename Enum>
struct EnumTraits;

template <>
struct EnumTraits<Precision> {
    static constexpr Precision values[] = {Precision::Fp32, Precision::Fp16, Precision::Bf16,
                                           Precision::Fp8};
};
template <>
struct EnumTraits<MlpKind> {
    static constexpr MlpKind values[] = {MlpKind::Gelu, MlpKind::Swiglu};
};
template <>
struct EnumTraits<OptimizerKind> {
    static constexpr OptimizerKind values[] = {OptimizerKind::Adam,     OptimizerKind::AdamW,
                                               OptimizerKind::Sgd,      OptimizerKind::SgdMomentum,
                                               OptimizerKind::Adam8bit, OptimizerKind::Adafactor,
                                               OptimizerKind::Lion};
};
template <>
struct EnumTraits<Recompute> {
    static constexpr Recompute values[] = {Recompute::None, Recompute::Selective,
                                           Recompute::SelectiveOp, Recompute::Full};
};
template <>
struct EnumTraits<Offload> {
    static constexpr Offload values[] = {Offload::None, Offload::OptimizerCpu,
                                         Offload::OptimizerAndParamsCpu, Offload::Nvme};
};
template <>
struct EnumTraits<ScheduleKind> {
    static constexpr auto values = [] {
        std::array<ScheduleKind, kScheduleKindCount> kinds{};
        for (std::size_t index = 0; index < kinds.size(); ++index) {
            kinds[index] = kScheduleKeys[index].kind;
        }
        return kinds;
    }();
};
template <>
struct EnumTraits<GradSync> {
    static constexpr GradSync values[] = {GradSync::Auto, GradSync::PerStep,
                                          GradSync::PerMicroBatch};
};
template <>
struct EnumTraits<ParamGather> {
    static constexpr ParamGather values[] = {ParamGather::Auto, ParamGather::PerMicroBatch,
                                             ParamGather::PerStep};
};
template <>
struct EnumTraits<MemoryConvention> {
    static constexpr MemoryConvention values[] = {
        MemoryConvention::Fourfold, MemoryConvention::ZeroPaper, MemoryConvention::DeepSpeed,
        MemoryConvention::Megatron};
};

template <>
struct EnumTraits<FineTune> {
    static constexpr FineTune values[] = {FineTune::Full, FineTune::Lora, FineTune::Qlora};
};

}  // namespace

std::string_view toString(Precision value) {
    switch (value) {
        case Precision::Fp32:
            return "fp32";
        case Precision::Fp16:
            return "fp16";
        case Precision::Bf16:
            return "bf16";
        case Precision::Fp8:
            return "fp8";
    }
    return "bf16";
}

std::string_view toString(MlpKind value) { return value == MlpKind::Gelu ? "gelu" : "swiglu"; }

std::string_view toString(OptimizerKind value) {
    switch (value) {
        case OptimizerKind::Adam:
            return "adam";
        case OptimizerKind::AdamW:
            return "adamw";
        case OptimizerKind::Sgd:
            return "sgd";
        case OptimizerKind::SgdMomentum:
            return "sgd_momentum";
        case OptimizerKind::Adam8bit:
            return "adam_8bit";
        case OptimizerKind::Adafactor:
            return "adafactor";
        case OptimizerKind::Lion:
            return "lion";
    }
    return "adamw";
}

std::string_view toString(Recompute value) {
    switch (value) {
        case Recompute::None:
            return "none";
        case Recompute::Selective:
            return "selective";
        case Recompute::SelectiveOp:
            return "selective_op";
        case Recompute::Full:
            return "full";
    }
    return "none";
}

std::string_view toString(Offload value) {
    switch (value) {
        case Offload::None:
            return "none";
        case Offload::OptimizerCpu:
            return "optimizer_cpu";
        case Offload::OptimizerAndParamsCpu:
            return "optimizer_and_params_cpu";
        case Offload::Nvme:
            return "nvme";
    }
    return "none";
}

std::string_view toString(ScheduleKind value) {
    const auto index = static_cast<std::size_t>(value);
    return index < std::size(kScheduleKeys) ? kScheduleKeys[index].key : "1f1b";
}

std::string_view toString(GradSync value) {
    switch (value) {
        case GradSync::Auto:
            return "auto";
        case GradSync::PerStep:
            return "per_step";
        case GradSync::PerMicroBatch:
            return "per_micro_batch";
    }
    return "auto";
}

std::string_view toString(ParamGather value) {
    switch (value) {
        case ParamGather::Auto:
            return "auto";
        case ParamGather::PerMicroBatch:
            return "per_micro_batch";
        case ParamGather::PerStep:
            return "per_step";
    }
    return "auto";
}

std::string_view toString(MemoryConvention value) {
    switch (value) {
        case MemoryConvention::Fourfold:
            return "fourfold";
        case MemoryConvention::ZeroPaper:
            return "zero_paper";
        case MemoryConvention::DeepSpeed:
            return "deepspeed";
        case MemoryConvention::Megatron:
            return "megatron";
    }
    return "fourfold";
}

std::string_view toString(FineTune value) {
    switch (value) {
        case FineTune::Full:
            return "full";
        case FineTune::Lora:
            return "lora";
        case FineTune::Qlora:
            return "qlora";
    }
    return "full";
}

std::string loraTargetNames() {
    std::string names;
    for (const LoraTargetKey& target : kLoraTargetKeys) {
        if (!names.empty()) names += '|';
        names += target.key;
    }
    return names;
}

template <typename Enum>
std::optional<Enum> enumFromString(std::string_view name) {
    for (Enum value : EnumTraits<Enum>::values) {
        if (toString(value) == name) return value;
    }
    return std::nullopt;
}

template <typename Enum>
std::vector<Enum> allValues() {
    return {std::begin(EnumTraits<Enum>::values), std::end(EnumTraits<Enum>::values)};
}

template <typename Enum>
std::string acceptedNames() {
    std::string names;
    for (Enum value : EnumTraits<Enum>::values) {
        if (!names.empty()) names += '|';
        names += toString(value);
    }
    return names;
}

#define FOURFOLD_INSTANTIATE_ENUM(Enum)                                  \
    template std::optional<Enum> enumFromString<Enum>(std::string_view); \
    template std::vector<Enum> allValues<Enum>();                        \
    template std::string acceptedNames<Enum>();

FOURFOLD_INSTANTIATE_ENUM(Precision)
FOURFOLD_INSTANTIATE_ENUM(MlpKind)
FOURFOLD_INSTANTIATE_ENUM(OptimizerKind)
FOURFOLD_INSTANTIATE_ENUM(Recompute)
FOURFOLD_INSTANTIATE_ENUM(Offload)
FOURFOLD_INSTANTIATE_ENUM(ScheduleKind)
FOURFOLD_INSTANTIATE_ENUM(GradSync)
FOURFOLD_INSTANTIATE_ENUM(ParamGather)
FOURFOLD_INSTANTIATE_ENUM(MemoryConvention)
FOURFOLD_INSTANTIATE_ENUM(FineTune)

#undef FOURFOLD_INSTANTIATE_ENUM

}  // namespace fourfold::core
