// SPDX-License-Identifier: MIT
// The English table of coded texts (core/text/coded_text.h) and their rendering. Each English
// template writes exactly the text the engine wrote before it had codes, so the JSON's strings
// are unchanged; coded_text_zh.cpp holds the same codes in Simplified Chinese.
#include "core/text/coded_text.h"

#include <algorithm>
#include <array>

namespace fourfold::core {
namespace {

// Sorted by code (tst_coded_text checks it).
constexpr std::array kCodedTexts = {
    DiagnosticCode{"bubble.cannot_simulate",
                   "cannot simulate: needs p ≥ 1, m ≥ 1 and v ≥ 1 (got p = {p}, m = {m}, v = {v})"},
    DiagnosticCode{"bubble.closed_form",
                   "(p − 1)/(m + p − 1) = {numerator}/{denominator} = "
                   "{fraction:percent}"},
    DiagnosticCode{"bubble.closed_form_interleaved",
                   "(p − 1)/(v·m + p − 1) = {numerator}/{denominator} = {fraction:percent} "
                   "(bubble/ideal (p − 1)/(v·m) = {numerator}/{work})"},
    DiagnosticCode{"bubble.interleaving_fallback",
                   "m = {m} is not a multiple of p = {p}, which interleaving needs: run as 1F1B"},
    DiagnosticCode{"bubble.simulated_differs",
                   "simulated {simulated:percent} (uneven stages or transfer time)"},
    DiagnosticCode{"bubble.stalled",
                   "the {schedule} order stalled: an op waits on one that never runs"},
    DiagnosticCode{"bubble.too_many_operations",
                   "not simulated: {operations} operations exceed the limit of {limit}"},
    DiagnosticCode{"bubble.zb_h1",
                   "simulated {simulated:percent}; Qi et al. 2023: (p − 1)(T_F + T_B − T_W) idle "
                   "per rank"},
    DiagnosticCode{"bubble.zb_h2",
                   "simulated {simulated:percent}; Qi et al. 2023: (p − 1)(T_F + T_B − 2T_W) idle "
                   "per rank once the optimizer step overlaps the next iteration"},
    DiagnosticCode{"formula.checkpoint_interval",
                   "τ = √(2 × {write} × {mtbf}) − {write} = {interval}; M = {mtbf_hours} h / "
                   "{ranks} GPUs"},
    DiagnosticCode{"formula.flops",
                   "model {flops_per_token} FLOPs/token × {tokens} tokens = {model_flops}; "
                   "hardware (recompute) {hardware_flops}"},
    DiagnosticCode{"formula.goodput", "goodput = 1 − δ/τ − (τ/2 + R)/M = {goodput:percent}"},
    DiagnosticCode{"formula.measured_makespan",
                   "pipeline makespan {predicted} vs measured step {measured}: {error}"},
    DiagnosticCode{"formula.measured_step",
                   "predicted step {predicted} vs measured step {measured}: {error}"},
    DiagnosticCode{"formula.mfu",
                   "MFU = {model_flops} FLOPs / ({step} × {gpus} GPUs × {peak} "
                   "FLOP/s) = {mfu:percent}"},
    DiagnosticCode{"formula.step_time",
                   "T = pipeline {pipeline} (compute {compute}, exposed TP {tp}, bubble {bubble}) "
                   "+ DP {dp} + optimizer {optimizer} + data {data} = {step} (stage {stage})"},
    DiagnosticCode{"framework.deepspeed", "DeepSpeed config"},
    DiagnosticCode{"framework.huggingface", "Hugging Face config"},
    DiagnosticCode{"framework.megatron", "Megatron-LM arguments"},
    DiagnosticCode{"framework.torchtitan", "torchtitan job config"},
    DiagnosticCode{"import_note.auto_kept", "{key} is \"auto\": kept from the plan"},
    DiagnosticCode{"import_note.exact_count",
                   "the config has parts the plan's shape does not count: model.parameters holds "
                   "the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_latent_attention",
                   "the plan's shape has no latent attention, shared experts or dense first "
                   "layers: model.parameters holds the checkpoint's {exact} (the shape counts "
                   "{shape})"},
    DiagnosticCode{"import_note.exact_count_qkv_bias",
                   "the plan's SwiGLU shape has no q/k/v biases: model.parameters holds the "
                   "checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_rotary",
                   "GPT-NeoX uses rotary positions, which the plan's GELU shape counts as "
                   "learned: model.parameters holds the checkpoint's {exact} (the shape counts "
                   "{shape})"},
    DiagnosticCode{"import_note.exact_count_shared_expert",
                   "the plan's shape has no q/k/v biases and no shared expert: model.parameters "
                   "holds the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.no_world_size",
                   "no torchrun --nnodes/--nproc-per-node: data parallel {dp} kept from the plan"},
    DiagnosticCode{"import_note.optimizer_kept",
                   "optimizer \"{optimizer}\" has no plan equivalent: kept from the plan"},
    DiagnosticCode{"import_note.schedule_assumed",
                   "pipeline schedule \"{schedule}\" has no plan equivalent: 1F1B assumed"},
    DiagnosticCode{"import_note.sequence_capped",
                   "sequence capped at max_position_embeddings {positions}"},
    DiagnosticCode{"import_note.shard_degree_rest",
                   "data_parallel_shard_degree -1 takes the ranks left over: data parallel {dp} "
                   "kept from the plan"},
    DiagnosticCode{"import_problem.config_integer",
                   "config.json: {key} must be a non-negative integer, got {found}"},
    DiagnosticCode{"import_problem.config_missing", "config.json has no {key}"},
    DiagnosticCode{"import_problem.config_not_object", "a config.json must be a JSON object"},
    DiagnosticCode{"import_problem.deepspeed_batch",
                   "train_batch_size {total} is not train_micro_batch_size_per_gpu {micro} × "
                   "gradient_accumulation_steps {steps} × data parallel"},
    DiagnosticCode{"import_problem.deepspeed_not_object", "a ds_config.json must be a JSON object"},
    DiagnosticCode{"import_problem.global_batch",
                   "global batch {global} is not micro-batch {micro} × gradient accumulation × "
                   "data parallel {dp}"},
    DiagnosticCode{"import_problem.grad_dtype",
                   "data_types.grad_accum_dtype \"{name}\" is not one of {choices}"},
    DiagnosticCode{"import_problem.integer_too_large",
                   "{name} must be at most {maximum}, got {found}"},
    DiagnosticCode{"import_problem.positive_integer",
                   "{name} must be a positive integer, got {found}"},
    DiagnosticCode{"import_problem.sharding_strategy",
                   "unknown --data-parallel-sharding-strategy \"{strategy}\""},
    DiagnosticCode{"import_problem.string_expected", "{name} must be a string, got {found}"},
    DiagnosticCode{"import_problem.unsupported_architecture",
                   "unsupported architecture[[ \"{architecture}\"]] (model_type \"{model_type}\"); "
                   "Fourfold reads config.json files of: {supported}"},
    DiagnosticCode{"import_problem.virtual_stage_layers",
                   "--num-layers-per-virtual-pipeline-stage {per_chunk} does not divide the "
                   "{layers} layers of a pipeline stage"},
    DiagnosticCode{"import_problem.world_size",
                   "world size {world} is not a multiple of tp x pp x cp = {model_parallel}"},
    DiagnosticCode{"import_problem.world_too_large",
                   "world size {world} (--nnodes × --nproc-per-node) is more than {maximum} "
                   "ranks"},
    DiagnosticCode{"import_problem.zero_stage",
                   "zero_optimization.stage must be 0, 1, 2 or 3, got {found}"},
    DiagnosticCode{"search.every_layout_pruned", "every layout breaks a rule, first: {rule}"},
    DiagnosticCode{"search.no_global_batch", "no global batch to keep: set training.global_batch"},
    DiagnosticCode{"search.no_layout",
                   "no layout: no factorisation of the cluster's GPUs has a data-parallel size "
                   "that divides the global batch"},
    DiagnosticCode{"what_if.full_recompute", "full recompute"},
    DiagnosticCode{"what_if.largest_micro_batch", "micro-batch {before} → {after}"},
    DiagnosticCode{"what_if.micro_batch",
                   "micro-batch {before} → {after} (accumulation {accumulation_before} → "
                   "{accumulation_after})"},
    DiagnosticCode{"what_if.optimizer_offload", "optimizer offload to CPU"},
    DiagnosticCode{"what_if.parameter_offload", "parameter offload to CPU"},
    DiagnosticCode{"what_if.pipeline_stages",
                   "pipeline stages {before} → {after}[[ (dp {dp_before} → {dp_after})]][[ "
                   "({gpus_before} → {gpus_after} GPUs)]]"},
    DiagnosticCode{"what_if.selective_recompute", "selective recompute"},
    DiagnosticCode{"what_if.tensor_parallel",
                   "tensor parallel {before} → {after}[[ (dp {dp_before} → {dp_after})]][[ "
                   "({gpus_before} → {gpus_after} GPUs)]]"},
    DiagnosticCode{"what_if.zero_stage", "ZeRO stage {before} → {after}"},
};

std::string_view find(std::span<const DiagnosticCode> table, std::string_view code) {
    const auto it = std::lower_bound(
        table.begin(), table.end(), code,
        [](const DiagnosticCode& entry, std::string_view key) { return entry.code < key; });
    return it == table.end() || it->code != code ? std::string_view{} : it->text;
}

}  // namespace

std::span<const DiagnosticCode> codedTexts(Language language) {
    return language == Language::SimplifiedChinese ? codedTextsZh()
                                                   : std::span<const DiagnosticCode>(kCodedTexts);
}

std::string_view codedTemplate(std::string_view code, Language language) {
    return find(codedTexts(language), code);
}

std::string renderCodedText(const CodedText& text, Language language) {
    if (text.code.empty()) return {};
    std::string_view pattern = codedTemplate(text.code, language);
    if (pattern.empty()) pattern = codedTemplate(text.code, Language::English);
    if (!pattern.empty()) return renderTemplate(pattern, text.args);
    return renderDiagnostic(text.code, text.args);  // "code (a=1, ...)"
}

void appendCodedArgs(DiagnosticArgs& args, std::string_view name, const CodedText& text) {
    if (text.empty()) return;
    const std::string prefix = std::string(name) + ".";
    args.emplace_back(prefix + "code", text.code);
    for (const DiagnosticArg& arg : text.args) {
        DiagnosticArg copy = arg;
        copy.name = prefix + arg.name;
        args.push_back(std::move(copy));
    }
}

DiagnosticArgs renderCodedArgs(const DiagnosticArgs& args, Language language) {
    DiagnosticArgs out = args;
    for (DiagnosticArg& arg : out) {
        const std::string prefix = arg.name + ".";
        CodedText text;
        for (const DiagnosticArg& other : args) {
            if (!other.name.starts_with(prefix)) continue;
            const std::string inner = other.name.substr(prefix.size());
            if (inner == "code") {
                if (const auto* code = std::get_if<std::string>(&other.value)) text.code = *code;
            } else {
                DiagnosticArg copy = other;
                copy.name = inner;
                text.args.push_back(std::move(copy));
            }
        }
        if (!text.empty()) arg.value = renderCodedText(text, language);
    }
    return out;
}

std::string renderCodedLine(const std::vector<CodedText>& parts, Language language) {
    std::string out;
    for (const CodedText& part : parts) {
        if (!out.empty()) out += language == Language::SimplifiedChinese ? "；" : "; ";
        out += renderCodedText(part, language);
    }
    return out;
}

}  // namespace fourfold::core
