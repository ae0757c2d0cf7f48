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
    DiagnosticCode{"memory_category.activations", "activations"},
    DiagnosticCode{"memory_category.comm_buffers", "comm buffers"},
    DiagnosticCode{"memory_category.fragmentation", "fragmentation"},
    DiagnosticCode{"memory_category.framework", "framework"},
    DiagnosticCode{"memory_category.gradients", "gradients"},
    DiagnosticCode{"memory_category.master_weights", "master weights"},
    DiagnosticCode{"memory_category.optimizer_states", "optimizer states"},
    DiagnosticCode{"memory_category.weights", "weights"},
    DiagnosticCode{"schedule.1f1b", "1F1B"},
    DiagnosticCode{"schedule.gpipe", "GPipe"},
    DiagnosticCode{"schedule.interleaved_1f1b", "Interleaved 1F1B"},
    DiagnosticCode{"schedule.zb_h1", "Zero bubble H1"},
    DiagnosticCode{"schedule.zb_h2", "Zero bubble H2"},
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
