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
    DiagnosticCode{"memory_category.activations", "激活"},
    DiagnosticCode{"memory_category.comm_buffers", "通信缓冲区"},
    DiagnosticCode{"memory_category.fragmentation", "碎片"},
    DiagnosticCode{"memory_category.framework", "框架"},
    DiagnosticCode{"memory_category.gradients", "梯度"},
    DiagnosticCode{"memory_category.master_weights", "主权重"},
    DiagnosticCode{"memory_category.optimizer_states", "优化器状态"},
    DiagnosticCode{"memory_category.weights", "权重"},
    DiagnosticCode{"schedule.1f1b", "1F1B"},
    DiagnosticCode{"schedule.gpipe", "GPipe"},
    DiagnosticCode{"schedule.interleaved_1f1b", "交错 1F1B"},
    DiagnosticCode{"schedule.zb_h1", "零气泡 H1"},
    DiagnosticCode{"schedule.zb_h2", "零气泡 H2"},
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
