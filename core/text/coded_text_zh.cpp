// SPDX-License-Identifier: MIT
// Every coded text in Simplified Chinese (the same codes, arg names and template syntax as
// coded_text.cpp; tst_coded_text checks that each quotes every arg its English text quotes).
// Symbols, units and paper citations stay as written.
#include "core/text/coded_text.h"

#include <array>

namespace fourfold::core {
namespace {

constexpr std::array kCodedTextsZh = {
    DiagnosticCode{"bubble.cannot_simulate",
                   "无法模拟：需要 p ≥ 1、m ≥ 1 且 v ≥ 1（实际 p = {p}，m = {m}，v = {v}）"},
    DiagnosticCode{"bubble.closed_form",
                   "(p − 1)/(m + p − 1) = {numerator}/{denominator} = {fraction:percent}"},
    DiagnosticCode{"bubble.closed_form_interleaved",
                   "(p − 1)/(v·m + p − 1) = {numerator}/{denominator} = {fraction:percent}"
                   "（气泡/理想 (p − 1)/(v·m) = {numerator}/{work}）"},
    DiagnosticCode{"bubble.interleaving_fallback",
                   "m = {m} 不是 p = {p} 的倍数，而交错调度需要如此：按 1F1B 运行"},
    DiagnosticCode{"bubble.simulated_differs",
                   "模拟值 {simulated:percent}（阶段不均衡或有传输时间）"},
    DiagnosticCode{"bubble.stalled", "{schedule} 调度卡住了：某个操作在等待一个永不运行的操作"},
    DiagnosticCode{"bubble.too_many_operations", "未模拟：{operations} 个操作超过上限 {limit}"},
    DiagnosticCode{"bubble.zb_h1",
                   "模拟值 {simulated:percent}；Qi et al. 2023：每个 rank 空闲 "
                   "(p − 1)(T_F + T_B − T_W)"},
    DiagnosticCode{"bubble.zb_h2",
                   "模拟值 {simulated:percent}；Qi et al. 2023：优化器步骤与下一次迭代重叠后，每个 "
                   "rank 空闲 (p − 1)(T_F + T_B − 2T_W)"},
    DiagnosticCode{"formula.checkpoint_interval",
                   "τ = √(2 × {write} × {mtbf}) − {write} = {interval}；M = {mtbf_hours} h / "
                   "{ranks} 块 GPU"},
    DiagnosticCode{"formula.flops",
                   "模型 {flops_per_token} FLOPs/token × {tokens} token = {model_flops}；"
                   "硬件（含重计算）{hardware_flops}"},
    DiagnosticCode{"formula.goodput", "有效吞吐率 = 1 − δ/τ − (τ/2 + R)/M = {goodput:percent}"},
    DiagnosticCode{"formula.measured_makespan",
                   "流水线跨度 {predicted}，实测单步 {measured}：{error}"},
    DiagnosticCode{"formula.measured_step", "预测单步 {predicted}，实测单步 {measured}：{error}"},
    DiagnosticCode{"formula.mfu",
                   "MFU = {model_flops} FLOPs / ({step} × {gpus} 块 GPU × {peak} "
                   "FLOP/s) = {mfu:percent}"},
    DiagnosticCode{"formula.step_time",
                   "T = 流水线 {pipeline}（计算 {compute}，未重叠的 TP {tp}，气泡 {bubble}）"
                   "+ DP {dp} + 优化器 {optimizer} + 数据 {data} = {step}（阶段 {stage}）"},
    DiagnosticCode{"framework.deepspeed", "DeepSpeed 配置"},
    DiagnosticCode{"framework.huggingface", "Hugging Face 配置"},
    DiagnosticCode{"framework.megatron", "Megatron-LM 参数"},
    DiagnosticCode{"framework.torchtitan", "torchtitan 任务配置"},
    DiagnosticCode{"import_note.auto_kept", "{key} 为 \"auto\"：沿用方案中的值"},
    DiagnosticCode{"import_note.exact_count",
                   "配置中有方案形状不计入的部分：/model/parameters 取检查点的 {exact}"
                   "（按形状计为 {shape}）"},
    DiagnosticCode{"import_note.exact_count_latent_attention",
                   "方案的形状没有潜在注意力、共享专家和前几层的稠密层：/model/parameters "
                   "取检查点的 {exact}（按形状计为 {shape}）"},
    DiagnosticCode{"import_note.exact_count_qkv_bias",
                   "方案的 SwiGLU 形状没有 q/k/v 偏置：/model/parameters 取检查点的 {exact}"
                   "（按形状计为 {shape}）"},
    DiagnosticCode{"import_note.exact_count_rotary",
                   "GPT-NeoX 使用旋转位置编码，方案的 GELU 形状却按可学习的位置计数："
                   "/model/parameters 取检查点的 {exact}（按形状计为 {shape}）"},
    DiagnosticCode{"import_note.exact_count_shared_expert",
                   "方案的形状没有 q/k/v 偏置，也没有共享专家：/model/parameters 取检查点的 "
                   "{exact}（按形状计为 {shape}）"},
    DiagnosticCode{"import_note.no_world_size",
                   "没有 torchrun 的 --nnodes/--nproc-per-node：沿用方案中的数据并行 {dp}"},
    DiagnosticCode{"import_note.optimizer_kept",
                   "优化器 \"{optimizer}\" 在方案中没有对应项：沿用方案中的优化器"},
    DiagnosticCode{"import_note.schedule_assumed",
                   "流水线调度 \"{schedule}\" 在方案中没有对应项：按 1F1B 处理"},
    DiagnosticCode{"import_note.sequence_capped",
                   "序列长度已限制为 max_position_embeddings {positions}"},
    DiagnosticCode{"import_note.shard_degree_rest",
                   "data_parallel_shard_degree 为 -1，取剩下的 rank：沿用方案中的数据并行 {dp}"},
    DiagnosticCode{"import_problem.config_integer",
                   "config.json：{key} 必须是非负整数，实际为 {found}"},
    DiagnosticCode{"import_problem.config_missing", "config.json 中没有 {key}"},
    DiagnosticCode{"import_problem.config_not_object", "config.json 必须是 JSON 对象"},
    DiagnosticCode{"import_problem.deepspeed_batch",
                   "train_batch_size {total} 不等于 train_micro_batch_size_per_gpu {micro} × "
                   "gradient_accumulation_steps {steps} × 数据并行规模"},
    DiagnosticCode{"import_problem.deepspeed_not_object", "ds_config.json 必须是 JSON 对象"},
    DiagnosticCode{"import_problem.global_batch",
                   "全局批次 {global} 不等于微批次 {micro} × 梯度累积 × 数据并行 {dp}"},
    DiagnosticCode{"import_problem.grad_dtype",
                   "data_types.grad_accum_dtype \"{name}\" 不是 {choices} 之一"},
    DiagnosticCode{"import_problem.integer_too_large", "{name} 不能大于 {maximum}，实际为 {found}"},
    DiagnosticCode{"import_problem.positive_integer", "{name} 必须是正整数，实际为 {found}"},
    DiagnosticCode{"import_problem.sharding_strategy",
                   "未知的 --data-parallel-sharding-strategy \"{strategy}\""},
    DiagnosticCode{"import_problem.string_expected", "{name} 必须是字符串，实际为 {found}"},
    DiagnosticCode{"import_problem.unsupported_architecture",
                   "不支持的架构[[ \"{architecture}\"]]（model_type \"{model_type}\"）；"
                   "Fourfold 能读取这些模型的 config.json：{supported}"},
    DiagnosticCode{"import_problem.virtual_stage_layers",
                   "--num-layers-per-virtual-pipeline-stage {per_chunk} 不能整除一个流水线阶段的 "
                   "{layers} 层"},
    DiagnosticCode{"import_problem.world_size",
                   "总进程数 {world} 不是 tp x pp x cp = {model_parallel} 的倍数"},
    DiagnosticCode{"import_problem.world_too_large",
                   "总进程数 {world}（--nnodes × --nproc-per-node）超过 {maximum}"},
    DiagnosticCode{"import_problem.zero_stage",
                   "zero_optimization.stage 必须是 0、1、2 或 3，实际为 {found}"},
    DiagnosticCode{"search.every_layout_pruned", "每种布局都违反某条规则，第一条：{rule}"},
    DiagnosticCode{"search.no_global_batch", "没有要保持的全局批次：请设置 training.global_batch"},
    DiagnosticCode{"search.no_layout",
                   "没有布局：集群 GPU 的任何分解都没有能整除全局批次的数据并行规模"},
    DiagnosticCode{"what_if.full_recompute", "完全重计算"},
    DiagnosticCode{"what_if.largest_micro_batch", "微批次 {before} → {after}"},
    DiagnosticCode{"what_if.micro_batch",
                   "微批次 {before} → {after}（梯度累积 {accumulation_before} → "
                   "{accumulation_after}）"},
    DiagnosticCode{"what_if.optimizer_offload", "优化器卸载到 CPU"},
    DiagnosticCode{"what_if.parameter_offload", "参数卸载到 CPU"},
    DiagnosticCode{"what_if.pipeline_stages",
                   "流水线阶段 {before} → {after}[[（dp {dp_before} → {dp_after}）]][["
                   "（{gpus_before} → {gpus_after} 块 GPU）]]"},
    DiagnosticCode{"what_if.selective_recompute", "选择性重计算"},
    DiagnosticCode{"what_if.tensor_parallel",
                   "张量并行 {before} → {after}[[（dp {dp_before} → {dp_after}）]][["
                   "（{gpus_before} → {gpus_after} 块 GPU）]]"},
    DiagnosticCode{"what_if.zero_stage", "ZeRO 阶段 {before} → {after}"},
};

}  // namespace

std::span<const DiagnosticCode> codedTextsZh() { return kCodedTextsZh; }

}  // namespace fourfold::core
