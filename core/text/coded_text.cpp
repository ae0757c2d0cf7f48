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
    DiagnosticCode{"bubble.dualpipe",
                   "simulated {simulated:percent}; DeepSeek-V3 Table 2: (PP/2 − 1)(F&B + B − 3W) "
                   "idle per rank, PP = p stages"},
    DiagnosticCode{"bubble.dualpipev",
                   "simulated {simulated:percent}; DualPipe repository: (PP/2 − 1)(F&B + B − 3W) "
                   "idle per rank, PP = 2p stages"},
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
    DiagnosticCode{"calibrate.reason.all_fp8",
                   "every run trains in FP8, whose GEMMs have their own efficiency"},
    DiagnosticCode{"calibrate.reason.collinear",
                   "its effect on these runs cannot be told apart from that of {with}"},
    DiagnosticCode{"calibrate.reason.insensitive",
                   "no run's prediction depends on it enough (less than {threshold} of a step for "
                   "a change of e times)"},
    DiagnosticCode{"calibrate.reason.mixed_links", "the runs use links of different kinds"},
    DiagnosticCode{"calibrate.reason.no_flash", "no run uses flash attention"},
    DiagnosticCode{"calibrate.reason.no_fp8", "no run trains in FP8"},
    DiagnosticCode{"calibrate.reason.no_peak", "no run measured its peak memory"},
    DiagnosticCode{"calibrate.reason.no_step", "no run measured its step time or throughput"},
    DiagnosticCode{"calibrate.reason.one_gpu_per_node",
                   "no run has more than one GPU talking inside a node"},
    DiagnosticCode{"calibrate.reason.single_node",
                   "every run is on one node, so no collective crosses the network"},
    DiagnosticCode{
        "calibrate.reason.too_few_runs",
        "{measurements} measurements identify at most {fitted} parameters, already fitted"},
    DiagnosticCode{"calibrate.report.fitted",
                   "  {parameter}{before} → {after}  (bounds {lower} to {upper})"},
    DiagnosticCode{"calibrate.report.header", "Calibration on {runs} runs of {gpu}"},
    DiagnosticCode{"calibrate.report.kept", "  {parameter}{before}, kept: {reason}"},
    DiagnosticCode{"calibrate.report.parameters", "Parameters"},
    DiagnosticCode{
        "calibrate.report.peak_summary",
        "Peak memory over {runs} runs, mean / worst error: before {before_mean} / {before_worst}, "
        "after {after_mean} / {after_worst}, held out {held_out_mean} / {held_out_worst}"},
    DiagnosticCode{"calibrate.report.peak_summary_no_held_out",
                   "Peak memory over {runs} runs, mean / worst error: before {before_mean} / "
                   "{before_worst}, after {after_mean} / {after_worst}"},
    DiagnosticCode{
        "calibrate.report.profile_written",
        "Profile written to {path}; a plan uses it with \"cluster\": {\"profile\": \"{path}\"}"},
    DiagnosticCode{"calibrate.report.run", "  {pointer}  {plan}  ({source})"},
    DiagnosticCode{"calibrate.report.run_peak",
                   "    peak {measured}; before {before}, after {after}, held out {held_out}"},
    DiagnosticCode{
        "calibrate.report.run_step",
        "    step ({from}) {measured}; before {before}, after {after}, held out {held_out}"},
    DiagnosticCode{
        "calibrate.report.runs",
        "Runs: measured; predicted before, after, and held out (fitted without the run)"},
    DiagnosticCode{
        "calibrate.report.step_summary",
        "Step time over {runs} runs, mean / worst error: before {before_mean} / {before_worst}, "
        "after {after_mean} / {after_worst}, held out {held_out_mean} / {held_out_worst}"},
    DiagnosticCode{"calibrate.report.step_summary_no_held_out",
                   "Step time over {runs} runs, mean / worst error: before {before_mean} / "
                   "{before_worst}, after {after_mean} / {after_worst}"},
    DiagnosticCode{"compare.absent", "—"},
    DiagnosticCode{"compare.figure.bubble_s", "Pipeline bubble"},
    DiagnosticCode{"compare.figure.compute_s", "Compute"},
    DiagnosticCode{"compare.figure.cp_comm_s", "CP communication"},
    DiagnosticCode{"compare.figure.data_loading_s", "Data loading"},
    DiagnosticCode{"compare.figure.dp_comm_s", "DP communication"},
    DiagnosticCode{"compare.figure.ep_comm_s", "EP communication"},
    DiagnosticCode{"compare.figure.global_batch", "Global batch"},
    DiagnosticCode{"compare.figure.headroom_bytes", "Headroom"},
    DiagnosticCode{"compare.figure.mfu", "MFU"},
    DiagnosticCode{"compare.figure.offload_s", "Offload"},
    DiagnosticCode{"compare.figure.optimizer_s", "Optimizer"},
    DiagnosticCode{"compare.figure.peak_bytes", "Peak memory per GPU"},
    DiagnosticCode{"compare.figure.pp_comm_s", "PP communication"},
    DiagnosticCode{"compare.figure.step_time_s", "Step time"},
    DiagnosticCode{"compare.figure.tokens_per_s", "Tokens per second"},
    DiagnosticCode{"compare.figure.tokens_per_s_per_gpu", "Tokens per second per GPU"},
    DiagnosticCode{"compare.figure.tp_comm_s", "TP communication"},
    DiagnosticCode{"compare.figure.training_cost", "Cost to train"},
    DiagnosticCode{"compare.figure.training_days", "Days to train"},
    DiagnosticCode{"compare.figure.world_size", "GPUs"},
    DiagnosticCode{"compare.heading.fields", "\nFields that differ ({count}):"},
    DiagnosticCode{"compare.heading.figures", "\nFigures (A, B, B − A):"},
    DiagnosticCode{"compare.heading.stages", "\nPeak memory per pipeline stage (A, B):"},
    DiagnosticCode{"compare.heading.step", "\nStep of the critical stage (A, B, B − A):"},
    DiagnosticCode{"compare.plan_a", "A: {title}"},
    DiagnosticCode{"compare.plan_b", "B: {title}"},
    DiagnosticCode{"compare.stage", "stage {stage}"},
    DiagnosticCode{"describe.at", " (line {line}, column {column})"},
    DiagnosticCode{"describe.error", "error"},
    DiagnosticCode{"describe.info", "info"},
    DiagnosticCode{"describe.line", "{severity}{at}[[ {path}]]: {message}"},
    DiagnosticCode{"describe.warning", "warning"},
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
                   "the plan's shape leaves out the router's score-correction bias of DeepSeek-V3: "
                   "model.parameters holds the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_norms",
                   "the plan's shape counts two norms per layer and one query/key norm of the head "
                   "size, not this family's extra norms or vision tower: model.parameters holds "
                   "the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_qkv_bias",
                   "the plan's SwiGLU shape has no q/k/v biases: model.parameters holds the "
                   "checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_rotary",
                   "GPT-NeoX uses rotary positions, which the plan's GELU shape counts as learned: "
                   "model.parameters holds the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{"import_note.exact_count_shared_expert",
                   "the plan's shape has no q/k/v biases and no shared expert: model.parameters "
                   "holds the checkpoint's {exact} (the shape counts {shape})"},
    DiagnosticCode{
        "import_note.exact_count_vision",
        "the checkpoint also holds a vision encoder and projector the plan's shape does not count: "
        "model.parameters holds the checkpoint's {exact} (the shape counts {shape})"},
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
    DiagnosticCode{"import_problem.derived_out_of_range",
                   "{field} = {formula} = {value}, outside its range {minimum} to {maximum}"},
    DiagnosticCode{"import_problem.global_batch",
                   "global batch {global} is not micro-batch {micro} × gradient accumulation × "
                   "data parallel {dp}"},
    DiagnosticCode{"import_problem.grad_dtype",
                   "data_types.grad_accum_dtype \"{name}\" is not one of {choices}"},
    DiagnosticCode{"import_problem.out_of_range",
                   "{name} is {found}, outside the range {minimum} to {maximum} of the plan's "
                   "{field}"},
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
                   "world size {world} (--nnodes × --nproc-per-node) is more than {maximum} ranks"},
    DiagnosticCode{"import_problem.zero_stage",
                   "zero_optimization.stage must be 0, 1, 2 or 3, got {found}"},
    DiagnosticCode{"language.name", "English"},
    DiagnosticCode{"measure.figure.mfu", "MFU"},
    DiagnosticCode{"measure.figure.peak_bytes", "peak memory"},
    DiagnosticCode{"measure.figure.samples_per_s", "samples/s"},
    DiagnosticCode{"measure.figure.step_time_s", "step time"},
    DiagnosticCode{"measure.figure.tflops_per_gpu", "TFLOP/s per GPU"},
    DiagnosticCode{"measure.figure.tokens_per_s_per_gpu", "tokens/s per GPU"},
    DiagnosticCode{"measure.figure_line",
                   "  {figure}: {value}, the median of {samples} ({warmup} in the warm-up left "
                   "out), spread {spread} ({minimum} to {maximum}), {framework}"},
    DiagnosticCode{"measure.figure_line_warmup_kept",
                   "  {figure}: {value}, the median of {samples}, all of them in the warm-up, "
                   "spread {spread} ({minimum} to {maximum}), {framework}"},
    DiagnosticCode{"measure.framework.deepspeed", "DeepSpeed"},
    DiagnosticCode{"measure.framework.huggingface", "Hugging Face Trainer"},
    DiagnosticCode{"measure.framework.megatron-lm", "Megatron-LM"},
    DiagnosticCode{"measure.framework.pytorch", "PyTorch"},
    DiagnosticCode{"measure.framework.torchtitan", "torchtitan"},
    DiagnosticCode{"measure.header",
                   "{file}: {lines} lines read; steps 1 to {warmup} are warm-up and left out"},
    DiagnosticCode{"measure.measured_section", "measured: {json}"},
    DiagnosticCode{"measure.nothing_found",
                   "{file}: no measured figures in {lines} lines; the log holds none of the lines "
                   "Fourfold reads (Megatron-LM, torchtitan, DeepSpeed, the Hugging Face Trainer, "
                   "PyTorch memory printouts)"},
    DiagnosticCode{"measure.peak_line",
                   "  {figure}: {value}, the largest of {samples}, {framework}"},
    DiagnosticCode{"measure.per_second", "{value}/s"},
    DiagnosticCode{"measure.source_line", "    line {line}: {text}"},
    DiagnosticCode{"measure.tflops", "{value} TFLOP/s"},
    DiagnosticCode{"memory_category.activations", "activations"},
    DiagnosticCode{"memory_category.comm_buffers", "comm buffers"},
    DiagnosticCode{"memory_category.fragmentation", "fragmentation"},
    DiagnosticCode{"memory_category.framework", "framework"},
    DiagnosticCode{"memory_category.gradients", "gradients"},
    DiagnosticCode{"memory_category.master_weights", "master weights"},
    DiagnosticCode{"memory_category.optimizer_states", "optimizer states"},
    DiagnosticCode{"memory_category.weights", "weights"},
    DiagnosticCode{"plan_name.derived", "{model} on {gpus} x {gpu}"},
    DiagnosticCode{"plan_name.layered_model", "{layers}-layer model"},
    DiagnosticCode{"plan_name.sized_model", "{parameters} model"},
    DiagnosticCode{"plan_value.convention.deepspeed", "deepspeed"},
    DiagnosticCode{"plan_value.convention.fourfold", "fourfold"},
    DiagnosticCode{"plan_value.convention.megatron", "megatron"},
    DiagnosticCode{"plan_value.convention.zero_paper", "zero_paper"},
    DiagnosticCode{"plan_value.finetune.full", "full"},
    DiagnosticCode{"plan_value.finetune.lora", "lora"},
    DiagnosticCode{"plan_value.finetune.qlora", "qlora"},
    DiagnosticCode{"plan_value.offload.none", "none"},
    DiagnosticCode{"plan_value.offload.nvme", "nvme"},
    DiagnosticCode{"plan_value.offload.optimizer_and_params_cpu", "optimizer_and_params_cpu"},
    DiagnosticCode{"plan_value.offload.optimizer_cpu", "optimizer_cpu"},
    DiagnosticCode{"plan_value.recompute.full", "full"},
    DiagnosticCode{"plan_value.recompute.none", "none"},
    DiagnosticCode{"plan_value.recompute.selective", "selective"},
    DiagnosticCode{"plan_value.recompute.selective_op", "selective, op-level"},
    DiagnosticCode{"rank_map.stage_layers", "Pipeline stage {stage}: {layers} layers"},
    DiagnosticCode{
        "rank_map.stage_layers_all",
        "Pipeline stage {stage}: {layers} layers, the embedding, the LM head and the loss"},
    DiagnosticCode{"rank_map.stage_layers_embedding",
                   "Pipeline stage {stage}: {layers} layers and the embedding"},
    DiagnosticCode{"rank_map.stage_layers_loss",
                   "Pipeline stage {stage}: {layers} layers, the LM head and the loss"},
    DiagnosticCode{"report.at_least", "at least {count}"},
    DiagnosticCode{"report.batch", "  global {line} ({tokens} tokens per step)"},
    DiagnosticCode{"report.batch_label", "batch B"},
    DiagnosticCode{"report.breakdown",
                   "  compute {compute}, TP {tp}, CP {cp}, EP {ep}, PP {pp}, DP {dp}, optimizer "
                   "{optimizer}, bubble {bubble}"},
    DiagnosticCode{"report.bubble", "bubble"},
    DiagnosticCode{"report.category.activations", "activations"},
    DiagnosticCode{"report.category.comm_buffers", "comm buffers"},
    DiagnosticCode{"report.category.fragmentation", "fragmentation"},
    DiagnosticCode{"report.category.framework", "framework"},
    DiagnosticCode{"report.category.gradients", "gradients"},
    DiagnosticCode{"report.category.master_weights", "master weights"},
    DiagnosticCode{"report.category.optimizer_states", "optimizer states"},
    DiagnosticCode{"report.category.weights", "weights"},
    DiagnosticCode{"report.checkpoint",
                   "  checkpoint {bytes}, write {write}, every {interval}, goodput {goodput}"},
    DiagnosticCode{"report.column.fits", "fits"},
    DiagnosticCode{"report.column.in_flight", "in-flight"},
    DiagnosticCode{"report.column.largest_parts", "largest parts"},
    DiagnosticCode{"report.column.stage", "stage"},
    DiagnosticCode{"report.column.total", "total"},
    DiagnosticCode{"report.cross_node", "{count} cross node boundaries"},
    DiagnosticCode{"report.deepspeed_units",
                   "  as DeepSpeed prints it (GB = 2^30 bytes): per GPU {gpu}GB, per CPU {cpu}GB"},
    DiagnosticCode{"report.diagnostics", "\nDiagnostics"},
    DiagnosticCode{"report.does_not_fit", "does not fit"},
    DiagnosticCode{"report.fits", "fits"},
    DiagnosticCode{"report.group", "{count} group of {size}"},
    DiagnosticCode{"report.groups", "{count} groups of {size}"},
    DiagnosticCode{"report.largest_micro_batch", "  largest micro-batch that fits: {value}"},
    DiagnosticCode{"report.list_separator", ", "},
    DiagnosticCode{"report.makespan", "  step makespan {makespan}, bubble {bubble}"},
    DiagnosticCode{"report.measured_peak",
                   "  measured peak, stage {stage}: {measured}, predicted {error}"},
    DiagnosticCode{"report.measured_step", "  measured: {comparison}"},
    DiagnosticCode{"report.megatron_units",
                   "  as Megatron-LM prints it (MB = 2^20 bytes): weight and optimizer={state} MB, "
                   "activation={activations} MB, total={total} MB"},
    DiagnosticCode{"report.memory", "\nMemory per GPU (capacity {capacity}, usable {usable})"},
    DiagnosticCode{"report.no", "NO"},
    DiagnosticCode{"report.no_micro_batch", "none"},
    DiagnosticCode{"report.no_micro_batch_search",
                   "not applicable (this convention counts no activations)"},
    DiagnosticCode{"report.note", " ({note})"},
    DiagnosticCode{"report.parameters", "  parameters {parameters}, {flops} FLOPs per token"},
    DiagnosticCode{"report.part", "{name} {bytes}"},
    DiagnosticCode{"report.peak", "  peak {peak}: {verdict}"},
    DiagnosticCode{"report.peak_as_measured",
                   "  as a run measures it: {allocated} allocated, {reserved} reserved by the "
                   "caching allocator (torch max_memory_allocated / max_memory_reserved), {peak} "
                   "on the device (nvidia-smi)"},
    DiagnosticCode{"report.pipeline", "\nPipeline ({kind}, p = {p}, m = {m}, v = {v})"},
    DiagnosticCode{"report.rank_map",
                   "\nRank map (order {order}, {nodes} nodes × {gpus_per_node} GPUs)"},
    DiagnosticCode{"report.rank_map_one_node",
                   "\nRank map (order {order}, {nodes} node × {gpus_per_node} GPUs)"},
    DiagnosticCode{"report.stage_zero", "  how stage 0 is counted:"},
    DiagnosticCode{
        "report.step_time",
        "\nStep time {step}, {tokens} tokens/s ({per_gpu} per GPU), MFU {mfu}, HFU {hfu}"},
    DiagnosticCode{"report.training", "  {tokens} tokens: {days} days, {gpu_hours} GPU-hours"},
    DiagnosticCode{"report.training_cost", ", cost {cost}"},
    DiagnosticCode{"report.valid", "ok: no errors"},
    DiagnosticCode{"report.valid_with_notes", "ok: no errors (see the notes above)"},
    DiagnosticCode{"report.what_if", "  what if {change}: "},
    DiagnosticCode{"report.what_if_batch", ", global batch {before} → {after}"},
    DiagnosticCode{"report.what_if_batch_kept", ", global batch {global_batch} kept"},
    DiagnosticCode{"report.what_if_fits", "peak {peak} (fits)"},
    DiagnosticCode{"report.what_if_not_modelled",
                   "not modelled by the {convention} convention (its peak stays {peak})"},
    DiagnosticCode{"report.what_if_pairs", "  no single change fits; pairs of changes that do:"},
    DiagnosticCode{"report.what_if_pairs_closest",
                   "  no single change or pair of changes fits; the pairs that come closest:"},
    DiagnosticCode{"report.what_if_step", ", step {step}"},
    DiagnosticCode{"report.what_if_tokens", ", {tokens} tokens/s"},
    DiagnosticCode{"report.what_if_too_large", "peak {peak} (still too large)"},
    DiagnosticCode{"report.world", "  world size {world} = dp {dp} × tp {tp} × pp {pp} × cp {cp}"},
    DiagnosticCode{"report.yes", "yes"},
    DiagnosticCode{"schedule.1f1b", "1F1B"},
    DiagnosticCode{"schedule.dualpipe", "DualPipe"},
    DiagnosticCode{"schedule.dualpipev", "DualPipeV"},
    DiagnosticCode{"schedule.gpipe", "GPipe"},
    DiagnosticCode{"schedule.interleaved_1f1b", "Interleaved 1F1B"},
    DiagnosticCode{"schedule.zb_h1", "Zero bubble H1"},
    DiagnosticCode{"schedule.zb_h2", "Zero bubble H2"},
    DiagnosticCode{"search.candidates_capped",
                   "{fitting} layouts fit; the result lists the best {limit}"},
    DiagnosticCode{"search.every_layout_pruned", "every layout breaks a rule, first: {rule}"},
    DiagnosticCode{"search.no_global_batch", "no global batch to keep: set training.global_batch"},
    DiagnosticCode{"search.no_layout",
                   "no layout: no factorisation of the cluster's GPUs has a data-parallel size "
                   "that divides the global batch"},
    DiagnosticCode{"search.space_too_large",
                   "not searched: the space holds more than {limit} layouts ({space} counted "
                   "before stopping); use fewer GPUs or a global batch with fewer divisors"},
    DiagnosticCode{"search.time_limit",
                   "stopped at the time limit of {limit}: the counts and candidates cover the "
                   "layouts searched by then (fourfold-cli search --time-limit 0 searches on)"},
    DiagnosticCode{"search_table.best",
                   "\nBest by {objective} (* on the Pareto front of memory vs tokens/s):"},
    DiagnosticCode{"search_table.cancelled", "Cancelled: the figures cover the part searched."},
    DiagnosticCode{"search_table.column.acc", "acc"},
    DiagnosticCode{"search_table.column.bubble", "bubble"},
    DiagnosticCode{"search_table.column.mb", "mb"},
    DiagnosticCode{"search_table.column.offload", "offload"},
    DiagnosticCode{"search_table.column.peak", "peak"},
    DiagnosticCode{"search_table.column.rank", "rank"},
    DiagnosticCode{"search_table.column.recompute", "recompute"},
    DiagnosticCode{"search_table.column.schedule", "schedule"},
    DiagnosticCode{"search_table.column.sp", "sp"},
    DiagnosticCode{"search_table.column.tokens", "tokens/s"},
    DiagnosticCode{"search_table.column.zero", "zero"},
    DiagnosticCode{"search_table.no_layout", "No layout fits."},
    DiagnosticCode{"search_table.note", "Note: {note}"},
    DiagnosticCode{"search_table.off", "off"},
    DiagnosticCode{"search_table.on", "on"},
    DiagnosticCode{"search_table.pareto", "\nPareto front, least memory first:"},
    DiagnosticCode{"search_table.summary",
                   "Searched {space} layouts in {seconds}: {pruned} break a rule, {evaluated} "
                   "evaluated, {fitting} fit ({timed} timed); global batch {global_batch}."},
    DiagnosticCode{"text.choice", "{value}"},
    DiagnosticCode{"text.choices", "{list} or {last}"},
    DiagnosticCode{"text.choices_more", "{list}, ..."},
    DiagnosticCode{"text.line_separator", "; "},
    DiagnosticCode{"what_if.activation_offload", "activation offload to CPU"},
    DiagnosticCode{"what_if.both", "{first} and {second}"},
    DiagnosticCode{"what_if.chunked_loss", "chunked cross-entropy ({chunks} chunks)"},
    DiagnosticCode{"what_if.full_recompute", "full recompute"},
    DiagnosticCode{"what_if.largest_micro_batch",
                   "micro-batch {before} → {after}[[ (accumulation {accumulation} kept)]]"},
    DiagnosticCode{"what_if.micro_batch",
                   "micro-batch {before} → {after} (accumulation {accumulation_before} → "
                   "{accumulation_after})"},
    DiagnosticCode{"what_if.optimizer_offload", "optimizer offload to CPU"},
    DiagnosticCode{"what_if.parameter_offload", "parameter offload to CPU"},
    DiagnosticCode{
        "what_if.pipeline_stages",
        "pipeline stages {before} → {after}[[ (dp {dp_before} → {dp_after}, accumulation "
        "{accumulation_before} → {accumulation_after})]][[ ({gpus_before} → {gpus_after} GPUs)]]"},
    DiagnosticCode{"what_if.qlora", "QLoRA: a 4-bit NF4 base (rank {rank} kept)"},
    DiagnosticCode{"what_if.selective_recompute", "selective recompute"},
    DiagnosticCode{
        "what_if.tensor_parallel",
        "tensor parallel {before} → {after}[[ (dp {dp_before} → {dp_after}, accumulation "
        "{accumulation_before} → {accumulation_after})]][[ ({gpus_before} → {gpus_after} GPUs)]]"},
    DiagnosticCode{"what_if.zero_stage", "ZeRO stage {before} → {after}"},
};

std::string_view find(std::span<const DiagnosticCode> table, std::string_view code) {
    const auto it = std::lower_bound(
        table.begin(), table.end(), code,
        [](const DiagnosticCode& entry, std::string_view key) { return entry.code < key; });
    return it == table.end() || it->code != code ? std::string_view{} : it->text;
}

}  // namespace

std::span<const DiagnosticCode> codedTextsEn() { return kCodedTexts; }

std::span<const DiagnosticCode> codedTexts(Language language) {
    return languageInfo(language).codedTexts();
}

std::string_view codedTemplate(std::string_view code, Language language) {
    return find(codedTexts(language), code);
}

std::string renderCodedText(const CodedText& text, Language language) {
    if (text.code.empty()) return {};
    std::string_view pattern = codedTemplate(text.code, language);
    if (pattern.empty()) pattern = codedTemplate(text.code, Language::English);
    if (!pattern.empty()) {
        // A text that quotes other coded texts (appendCodedArgs) renders them in its language.
        const bool nested = std::any_of(text.args.begin(), text.args.end(), [](const auto& arg) {
            return arg.name.find('.') != std::string::npos;
        });
        return renderTemplate(pattern, nested ? renderCodedArgs(text.args, language) : text.args);
    }
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
        if (!out.empty()) out += codedTemplate("text.line_separator", language);
        out += renderCodedText(part, language);
    }
    return out;
}

}  // namespace fourfold::core
