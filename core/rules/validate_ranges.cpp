// SPDX-License-Identifier: MIT
#include "core/rules/validate_ranges.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

namespace fourfold::core {
namespace {

constexpr double kMaxBytes = 1e15;  // 1 PB: more than any GPU or host will hold for a decade
constexpr double kMaxRanks = 1e6;

// clang-format off
constexpr std::array kRanges = {
    KeyRange{"/model/parameters",                 0, 1e14,      false},
    KeyRange{"/model/layers",                     1, 1e5,       true},
    KeyRange{"/model/hidden",                     1, 1e6,       true},
    KeyRange{"/model/heads",                      1, 1e6,       true},
    KeyRange{"/model/kv_heads",                   1, 1e6,       true},
    KeyRange{"/model/ffn_hidden",                 1, 1e7,       true},
    KeyRange{"/model/vocab",                      1, 1e8,       true},
    KeyRange{"/model/sequence",                   1, 1e8,       true},
    KeyRange{"/model/moe/experts",                0, 1e6,       true},
    KeyRange{"/model/moe/top_k",                  0, 1e6,       true},
    KeyRange{"/model/moe/expert_ffn_hidden",      0, 1e7,       true},
    KeyRange{"/model/moe/shared_experts",         0, 1e6,       true},
    KeyRange{"/model/moe/shared_ffn_hidden",      0, 1e8,       true},
    KeyRange{"/model/moe/first_dense_layers",     0, 1e5,       true},
    KeyRange{"/model/moe/layer_step",             1, 1e5,       true},
    KeyRange{"/model/head_dim",                   0, 1e6,       true},
    KeyRange{"/model/sliding_window",             0, 1e8,       true},
    KeyRange{"/model/full_attention_every",       0, 1e5,       true},
    KeyRange{"/model/mla/kv_rank",                0, 1e6,       true},
    KeyRange{"/model/mla/q_rank",                 0, 1e6,       true},
    KeyRange{"/model/mla/rope_dim",               0, 1e6,       true},
    KeyRange{"/model/mla/v_head_dim",             0, 1e6,       true},
    KeyRange{"/model/mtp_layers",                 0, 1e3,       true},
    KeyRange{"/training/micro_batch",             1, 1e6,       true},
    KeyRange{"/training/grad_accumulation",       1, 1e6,       true},
    KeyRange{"/training/global_batch",            1, 1e12,      true},
    KeyRange{"/training/lora_rank",               1, 1e5,       true},
    KeyRange{"/training/loss_chunks",             1, 1e6,       true},
    KeyRange{"/parallel/dp",                      1, kMaxRanks, true},
    KeyRange{"/parallel/tp",                      1, kMaxRanks, true},
    KeyRange{"/parallel/pp",                      1, kMaxRanks, true},
    KeyRange{"/parallel/cp",                      1, kMaxRanks, true},
    KeyRange{"/parallel/ep",                      1, kMaxRanks, true},
    KeyRange{"/parallel/etp",                     0, kMaxRanks, true},
    KeyRange{"/parallel/virtual_stages",          1, 1e5,       true},
    KeyRange{"/parallel/zero_stage",              0, 3,         true},
    KeyRange{"/parallel/sharding_group",          0, kMaxRanks, true},
    KeyRange{"/parallel/first_stage_layers",      0, 1e5,       true},
    KeyRange{"/parallel/last_stage_layers",       0, 1e5,       true},
    KeyRange{"/cluster/gpus_per_node",            1, 1e4,       true},
    KeyRange{"/cluster/nodes",                    1, 1e6,       true},
    KeyRange{"/cluster/gpu/memory_bytes",         1, kMaxBytes, true},
    KeyRange{"/cluster/gpu/peak_tflops/bf16",     0, 1e6,       false},
    KeyRange{"/cluster/gpu/peak_tflops/fp16",     0, 1e6,       false},
    KeyRange{"/cluster/gpu/peak_tflops/fp8",      0, 1e6,       false},
    KeyRange{"/cluster/gpu/peak_tflops/fp32",     0, 1e6,       false},
    KeyRange{"/cluster/gpu/hbm_gbps",             0, 1e6,       false},
    KeyRange{"/cluster/intra_node/gbps",          0, 1e6,       false},
    KeyRange{"/cluster/intra_node/latency_us",    0, 1e6,       false},
    KeyRange{"/cluster/inter_node/gbps",          0, 1e6,       false},
    KeyRange{"/cluster/inter_node/latency_us",    0, 1e6,       false},
    KeyRange{"/memory/fragmentation",             0, 0.9,       false},
    KeyRange{"/memory/safety_margin",             0, 0.9,       false},
    KeyRange{"/memory/framework_bytes",           0, kMaxBytes, true},
    KeyRange{"/memory/ddp_bucket_bytes",          0, kMaxBytes, true},
    KeyRange{"/memory/zero3_prefetch_layers",     0, 1e5,       true},
    KeyRange{"/memory/logits_bytes_per_element",  0, 64,        false},
    KeyRange{"/measured/peak_bytes_per_stage",    0, kMaxBytes, true},
    KeyRange{"/measured/step_time_s",             0, 1e9,       false, true},
    KeyRange{"/measured/tokens_per_s_per_gpu",    0, 1e9,       false, true},
    KeyRange{"/measured/tflops_per_gpu",          0, 1e6,       false, true},
    KeyRange{"/measured/mfu",                     0, 1,         false, true},
    KeyRange{"/measured/samples_per_s",           0, 1e9,       false, true},
    KeyRange{"/measured/peak_bytes",              0, kMaxBytes, true},
};
// clang-format on

}  // namespace

std::span<const KeyRange> planKeyRanges() { return kRanges; }

const KeyRange* findKeyRange(std::string_view pointer) {
    for (const KeyRange& range : kRanges) {
        if (range.pointer == pointer) return &range;
    }
    return nullptr;
}

bool isBoundsError(const Diagnostic& diagnostic) {
    static constexpr std::array<std::string_view, 8> kCodes = {
        "range.out_of_range",
        "range.above_minimum",
        "arithmetic.overflow",
        "cluster.too_many_gpus",
        "model.shape_too_large",
        "parallel.world_size_too_large",
        "training.activations_too_large",
        "training.tokens_per_step_too_large",
    };
    return diagnostic.severity == Severity::Error &&
           std::find(kCodes.begin(), kCodes.end(), diagnostic.code) != kCodes.end();
}

bool inRange(const KeyRange& range, double value) {
    if (!std::isfinite(value)) return false;
    if (range.integer && std::floor(value) != value) return false;
    if (range.minimumExclusive ? value <= range.minimum : value < range.minimum) return false;
    return value <= range.maximum;
}

}  // namespace fourfold::core
