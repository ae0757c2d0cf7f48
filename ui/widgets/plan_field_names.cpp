// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/plan_field_names.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace fourfold::ui {
namespace {

struct Row {
    std::string_view pointer;
    const char* name;
};

// Sorted by pointer, looked up by binary search (PLAN_FORMAT.md names the keys).
constexpr std::array kRows = {
    Row{"/cluster", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Cluster")},
    Row{"/cluster/gpu", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "GPU")},
    Row{"/cluster/gpu/hbm_gbps",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "HBM bandwidth")},
    Row{"/cluster/gpu/memory_bytes",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "GPU memory")},
    Row{"/cluster/gpu/peak_tflops",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Peak TFLOP/s")},
    Row{"/cluster/gpus_per_node",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "GPUs per node")},
    Row{"/cluster/inter_node",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Link between nodes")},
    Row{"/cluster/intra_node",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Link inside a node")},
    Row{"/cluster/nodes", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Nodes")},
    Row{"/cluster/profile",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Calibration profile")},
    Row{"/measured", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured")},
    Row{"/measured/mfu", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured MFU")},
    Row{"/measured/peak_bytes",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured peak memory")},
    Row{"/measured/peak_bytes_per_stage",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Peak per stage (GB)")},
    Row{"/measured/samples_per_s",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured samples/s")},
    Row{"/measured/step_time_s",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured step time")},
    Row{"/measured/tflops_per_gpu",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Measured TFLOP/s per GPU")},
    Row{"/measured/tokens_per_s_per_gpu",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Tokens/s per GPU")},
    Row{"/memory", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Memory")},
    Row{"/memory/convention",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Memory accounting")},
    Row{"/memory/ddp_bucket_bytes",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Gradient bucket size")},
    Row{"/memory/fragmentation",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Fragmentation")},
    Row{"/memory/framework_bytes",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Framework memory")},
    Row{"/memory/logits_bytes_per_element",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Logits bytes per element")},
    Row{"/memory/safety_margin",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Safety margin")},
    Row{"/memory/zero3_prefetch_layers",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "ZeRO-3 prefetched layers")},
    Row{"/model", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Model")},
    Row{"/model/ffn_hidden", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "FFN size")},
    Row{"/model/full_attention_every",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Full attention every")},
    Row{"/model/head_dim", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Head size")},
    Row{"/model/heads", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Attention heads")},
    Row{"/model/hidden", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Hidden size")},
    Row{"/model/kv_heads", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Key/value heads")},
    Row{"/model/layers", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Layers")},
    Row{"/model/mla", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Latent attention")},
    Row{"/model/mlp", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "MLP")},
    Row{"/model/moe", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Mixture of experts")},
    Row{"/model/moe/expert_ffn_hidden",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Expert FFN size")},
    Row{"/model/moe/experts", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Experts")},
    Row{"/model/moe/first_dense_layers",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Dense layers first")},
    Row{"/model/moe/layer_step",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Expert layer every")},
    Row{"/model/moe/shared_experts",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Shared experts")},
    Row{"/model/moe/shared_ffn_hidden",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Shared expert FFN size")},
    Row{"/model/moe/top_k", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Experts per token")},
    Row{"/model/mtp_layers",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Multi-token prediction layers")},
    Row{"/model/parameters", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Parameters")},
    Row{"/model/preset", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Model")},
    Row{"/model/qk_norm", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Query/key norm")},
    Row{"/model/sequence", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Sequence length")},
    Row{"/model/sliding_window",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Sliding window")},
    Row{"/model/tied_embeddings",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Tied embeddings")},
    Row{"/model/vocab", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Vocabulary")},
    Row{"/name", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Plan name")},
    Row{"/parallel", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Parallelism")},
    Row{"/parallel/cp", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Context parallel")},
    Row{"/parallel/dp", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Data parallel")},
    Row{"/parallel/embedding_in_split",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Embedding in the split")},
    Row{"/parallel/ep", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Expert parallel")},
    Row{"/parallel/etp",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Expert tensor parallel")},
    Row{"/parallel/first_stage_layers",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Layers on the first stage")},
    Row{"/parallel/last_stage_layers",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Layers on the last stage")},
    Row{"/parallel/loss_in_split",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Loss in the split")},
    Row{"/parallel/offload", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Offload")},
    Row{"/parallel/order", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Rank order")},
    Row{"/parallel/pipeline_layout",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Pipeline layout")},
    Row{"/parallel/pp", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Pipeline parallel")},
    Row{"/parallel/schedule", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Schedule")},
    Row{"/parallel/sequence_parallel",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Sequence parallel")},
    Row{"/parallel/sharding_group",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Sharding group")},
    Row{"/parallel/tp", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Tensor parallel")},
    Row{"/parallel/virtual_stages",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Virtual stages")},
    Row{"/parallel/zero_stage", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "ZeRO stage")},
    Row{"/performance", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Performance")},
    Row{"/performance/overlap_grad_reduce",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Overlap gradient reduction")},
    Row{"/performance/overlap_param_gather",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Overlap parameter gathering")},
    Row{"/performance/overlap_tp_comm",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Overlap tensor-parallel communication")},
    Row{"/training", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Training")},
    Row{"/training/flash_attention",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Flash attention")},
    Row{"/training/global_batch",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Global batch")},
    Row{"/training/grad_accumulation",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Gradient accumulation")},
    Row{"/training/grad_dtype",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Gradient precision")},
    Row{"/training/master_weights",
        QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Master weights")},
    Row{"/training/micro_batch", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Micro-batch")},
    Row{"/training/optimizer", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Optimizer")},
    Row{"/training/precision", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Precision")},
    Row{"/training/recompute", QT_TRANSLATE_NOOP("fourfold::ui::PlanFieldNames", "Recompute")},
};
static_assert(std::is_sorted(kRows.begin(), kRows.end(),
                             [](const Row& a, const Row& b) { return a.pointer < b.pointer; }));

const char* find(std::string_view pointer) {
    const auto* row =
        std::lower_bound(kRows.begin(), kRows.end(), pointer,
                         [](const Row& r, std::string_view p) { return r.pointer < p; });
    return row != kRows.end() && row->pointer == pointer ? row->name : nullptr;
}

}  // namespace

QString PlanFieldNames::name(const QString& pointer) {
    // The pointer and each part of the plan above it, longest first: "/cluster/gpu/hbm_gbps",
    // "/cluster/gpu", "/cluster". An array index ("/runs/3") is no field of its own.
    std::string path = pointer.toStdString();
    while (path.size() > 1) {
        if (const char* name = find(path)) return tr(name);
        const auto slash = path.rfind('/');
        if (slash == std::string::npos || slash == 0) break;
        path.erase(slash);
    }
    return {};
}

}  // namespace fourfold::ui
