// SPDX-License-Identifier: MIT
// Every diagnostic code the core emits and its English sentence (see core/text/diagnostic_text.h
// for the template syntax). Sorted by code; codes are stable: scripts and translations key on them.
#include "core/text/diagnostic_text.h"

#include <array>

namespace fourfold::core {
namespace {

constexpr std::array kCodes = {
    DiagnosticCode{"arithmetic.overflow",
                   "The {what} overflows 64-bit arithmetic; lower the values it is made of."},
    DiagnosticCode{"calibration.failed", "the calibration failed: {detail}"},
    DiagnosticCode{"calibration.no_runs", "no run can be used: nothing was fitted"},
    DiagnosticCode{"calibration.not_fitted", "{parameter} stays at {value}: {reason}"},
    DiagnosticCode{"calibration.other_gpu",
                   "{pointer} runs on {gpu}, most runs on {profile_gpu}: a profile describes one "
                   "GPU, so the run is left out"},
    DiagnosticCode{"calibration.run_unused",
                   "{pointer} has no figure calibration can use (a step time, a throughput or a "
                   "peak): the run is left out"},
    DiagnosticCode{
        "checkpoint.storage_per_node",
        "checkpoint storage {gbps} GB/s shared by {nodes} nodes is {per_node} GB/s per node, far "
        "below stores built for this scale (Llama 3's sustained about 1 GB/s per 8-GPU node, Dubey "
        "et al. 2024 §3.3.4): the checkpoint write and goodput are likely too pessimistic; set "
        "checkpoint.storage_gbps to your store's aggregate bandwidth."},
    DiagnosticCode{"cluster.gpu_memory_zero",
                   "memory_bytes of {gpu} is 0; give its capacity in bytes (an 80 GB H100 has "
                   "85899345920)."},
    DiagnosticCode{
        "cluster.gpu_no_peak",
        "{gpu} has no {dtype} peak (peak_tflops.{dtype} is 0), so a {precision} plan has "
        "no compute rate; give the dense peak or change precision."},
    DiagnosticCode{"cluster.inter_node_link_zero",
                   "inter_node link {link} has {gbps} GB/s, but the nodes talk over it; give its "
                   "one-direction bandwidth per GPU."},
    DiagnosticCode{"cluster.intra_node_link_zero",
                   "intra_node link {link} has {gbps} GB/s, but GPUs of a node talk over it; give "
                   "its one-direction bandwidth per GPU."},
    DiagnosticCode{"cluster.profile_invalid",
                   "the profile file {path}, line {line}, column {column}: {reason}; the plan is "
                   "evaluated with the built-in efficiencies"},
    DiagnosticCode{"cluster.profile_not_loaded",
                   "the profile file {path} was not read; the plan is evaluated with the built-in "
                   "efficiencies"},
    DiagnosticCode{"cluster.profile_other_gpu",
                   "the profile was fitted on {profile_gpu}, not {gpu}: its GPU efficiencies are "
                   "not used (its links, overlap and memory figures are)"},
    DiagnosticCode{"cluster.profile_unreadable",
                   "the profile file {path} cannot be read ({reason}); the plan is evaluated with "
                   "the built-in efficiencies"},
    DiagnosticCode{"cluster.too_many_gpus",
                   "{nodes} nodes × {gpus_per_node} GPUs = {gpus} GPUs, more than {limit}; lower "
                   "nodes or gpus_per_node."},
    DiagnosticCode{"evaluate.non_finite_figure",
                   "the figure at {pointer} is not a finite number; the plan's values are too "
                   "extreme to evaluate"},
    DiagnosticCode{
        "evaluate.too_many_operations",
        "The pipeline schedule has {operations} operations, too many to simulate; memory "
        "still uses the closed-form in-flight counts."},
    DiagnosticCode{"evaluate.too_many_ranks_to_map",
                   "The job has {ranks} ranks, too many to map rank by rank."},
    DiagnosticCode{"import.json_too_deep",
                   "JSON config: objects and arrays nest deeper than {limit} levels here"},
    DiagnosticCode{"import.note", "Imported with a note: {detail}"},
    DiagnosticCode{"import.problem", "Could not import the file: {detail}"},
    DiagnosticCode{"import.toml_syntax", "torchtitan job config, {reason}"},
    DiagnosticCode{"import.toml_syntax_at_key", "torchtitan job config, {key}: {reason}"},
    DiagnosticCode{"import.toml_too_deep",
                   "torchtitan job config: tables and arrays nest deeper than {limit} levels"},
    DiagnosticCode{"import.too_large",
                   "the file has {size} bytes, more than the {limit} bytes a file to import may "
                   "hold"},
    DiagnosticCode{
        "import.unknown_kind",
        "not a file Fourfold can import: expected a Hugging Face config.json, a DeepSpeed "
        "ds_config.json, Megatron-LM arguments, a torchtitan TOML job config or a plan"},
    DiagnosticCode{"import.unreadable", "cannot read the file: {reason}"},
    DiagnosticCode{"json.duplicate_key",
                   "`{pointer}` is given more than once; the last value is used"},
    DiagnosticCode{"json.empty", "the plan is empty; a plan is a JSON object such as {}"},
    DiagnosticCode{"json.empty_file", "the file is empty; it must hold a JSON object"},
    DiagnosticCode{"json.expected_array", "`{pointer}` must be an array, got {found}"},
    DiagnosticCode{"json.expected_bool", "`{pointer}` must be true or false, got {found}"},
    DiagnosticCode{"json.expected_byte_array",
                   "`{pointer}` must be an array of byte counts, one per stage, got {found}"},
    DiagnosticCode{"json.expected_bytes",
                   "`{pointer}` must be a non-negative whole number of bytes[[ no larger than "
                   "{maximum}]], got {found}"},
    DiagnosticCode{"json.expected_gpu",
                   "`{pointer}` must be a GPU preset name or an object {name, memory_bytes, "
                   "peak_tflops, hbm_gbps}, got {found}"},
    DiagnosticCode{"json.expected_integer_at_least",
                   "`{pointer}` must be an integer of at least {minimum}[[ no larger than "
                   "{maximum}]], got {found}"},
    DiagnosticCode{"json.expected_integer_between",
                   "`{pointer}` must be an integer from {minimum} to {maximum}, got {found}"},
    DiagnosticCode{"json.expected_link",
                   "`{pointer}` must be a link preset name or an object {name, gbps, latency_us}, "
                   "got {found}"},
    DiagnosticCode{"json.expected_lora_targets",
                   "`{pointer}` must be a list of module names ({choices}), got {found}"},
    DiagnosticCode{"json.expected_model_preset",
                   "`{pointer}` must be a model preset name, got {found}"},
    DiagnosticCode{"json.expected_non_negative_integer",
                   "`{pointer}` must be a non-negative integer[[ no larger than {maximum}]], got "
                   "{found}"},
    DiagnosticCode{"json.expected_non_negative_number",
                   "`{pointer}` must be a non-negative number, got {found}"},
    DiagnosticCode{"json.expected_number_at_least",
                   "`{pointer}` must be a number of at least {minimum}, got {found}"},
    DiagnosticCode{
        "json.expected_number_below",
        "`{pointer}` must be a number from {minimum} up to (not including) {maximum}, got"
        " {found}"},
    DiagnosticCode{"json.expected_number_between",
                   "`{pointer}` must be a number from {minimum} to {maximum}, got {found}"},
    DiagnosticCode{"json.expected_object", "`{pointer}` must be an object, got {found}"},
    DiagnosticCode{"json.expected_one_of", "`{pointer}` must be one of {choices}, got {found}"},
    DiagnosticCode{
        "json.expected_positive_integer",
        "`{pointer}` must be a positive integer[[ no larger than {maximum}]], got {found}"},
    DiagnosticCode{"json.expected_positive_number",
                   "`{pointer}` must be a positive number, got {found}"},
    DiagnosticCode{
        "json.expected_profile",
        "`{pointer}` must be the path of a profile file or a profile object, got {found}"},
    DiagnosticCode{"json.expected_string", "`{pointer}` must be a string, got {found}"},
    DiagnosticCode{"json.file_not_an_object",
                   "the file must hold a JSON object, but this text holds {kind}"},
    DiagnosticCode{"json.file_read_failure", "the file could not be read: {detail}"},
    DiagnosticCode{"json.file_too_deep", "the JSON nests deeper than {limit} levels here"},
    DiagnosticCode{"json.file_too_large",
                   "the file is {size} bytes, more than the {limit} bytes it may hold"},
    DiagnosticCode{
        "json.global_batch_not_multiple",
        "`/training/global_batch` {global_batch} is not a multiple of micro-batch × dp = "
        "{micro_batch} × {dp} = {per_step}, so no whole grad_accumulation gives it"},
    DiagnosticCode{"json.global_batch_too_many_steps",
                   "`/training/global_batch` {global_batch} needs more than 2147483647 steps of "
                   "micro-batch × dp = {micro_batch} × {dp} = {per_step}, so no whole "
                   "grad_accumulation gives it"},
    DiagnosticCode{"json.more_not_listed", "{count} more problems are not listed"},
    DiagnosticCode{
        "json.not_a_plan",
        "not a Fourfold plan: it has no \"schema\" and none of the plan's sections (name, "
        "model, training, parallel, cluster, memory, measured)"},
    DiagnosticCode{"json.not_an_object", "a plan is a JSON object {…}, but this text holds {kind}"},
    DiagnosticCode{"json.number_too_large",
                   "a number is too large to read: {detail}; plan values are far smaller"},
    DiagnosticCode{"json.read_failure", "the plan could not be read: {detail}"},
    DiagnosticCode{"json.syntax_error", "the text is not valid JSON: {detail}"},
    DiagnosticCode{"json.syntax_non_finite",
                   "JSON has no NaN or Infinity; write a finite number ({detail})"},
    DiagnosticCode{"json.syntax_truncated", "the text ends before the JSON is complete ({detail})"},
    DiagnosticCode{"json.syntax_utf8",
                   "the text is not valid UTF-8 here; save the plan as UTF-8 ({detail})"},
    DiagnosticCode{"json.too_deep",
                   "the JSON nests deeper than {limit} levels here; a plan needs at most {needed}"},
    DiagnosticCode{"json.too_large",
                   "the plan is {size} bytes, more than the {limit} bytes a plan file may hold; a "
                   "plan is a few kilobytes"},
    DiagnosticCode{"json.unknown_gpu_preset",
                   "`{pointer}`: no GPU preset is called {name}; `fourfold-cli presets` lists the "
                   "names"},
    DiagnosticCode{"json.unknown_key", "unknown key \"{key}\" at `{pointer}` is ignored"},
    DiagnosticCode{"json.unknown_link_preset",
                   "`{pointer}`: no link preset is called {name}; `fourfold-cli presets` lists the "
                   "names"},
    DiagnosticCode{
        "json.unknown_model_preset",
        "`{pointer}`: no model preset is called {name}; `fourfold-cli presets` lists the "
        "names"},
    DiagnosticCode{"lesson.bad_patch",
                   "the patch at `{pointer}` does not apply to the plan the steps before it "
                   "reach: {detail}"},
    DiagnosticCode{"lesson.choice_out_of_range",
                   "`{pointer}` must be the index of a choice, from 0 to {count} − 1, got "
                   "{found}"},
    DiagnosticCode{"lesson.duplicate_step_id",
                   "step id \"{id}\" at `{pointer}` is already used by an earlier step"},
    DiagnosticCode{"lesson.expected_array", "`{pointer}` must be an array, got {found}"},
    DiagnosticCode{"lesson.expected_number", "`{pointer}` must be a number, got {found}"},
    DiagnosticCode{"lesson.expected_text",
                   "`{pointer}` must be a string or an array of lines, got {found}"},
    DiagnosticCode{"lesson.markup", "the markup of `{pointer}` is malformed: {detail}"},
    DiagnosticCode{"lesson.missing_key", "`{pointer}` needs the key \"{key}\""},
    DiagnosticCode{"lesson.no_steps", "a lesson needs at least one step; `/steps` is empty"},
    DiagnosticCode{"lesson.not_an_object",
                   "a lesson is a JSON object {…}, but this text holds {found}"},
    DiagnosticCode{"lesson.placeholder_without_formula",
                   "`{pointer}`: the figure \"{placeholder}\" has no formula, so it cannot be "
                   "quoted as :{style}"},
    DiagnosticCode{"lesson.schema",
                   "`/schema` is \"{found}\", but this version reads lessons of schema "
                   "\"{schema}\""},
    DiagnosticCode{"lesson.too_large",
                   "the lesson is {bytes} bytes, more than the {limit} a lesson file may hold"},
    DiagnosticCode{"lesson.unknown_highlight",
                   "`{pointer}` names \"{found}\", which is not a highlight id; docs/lessons.md "
                   "lists them"},
    DiagnosticCode{"lesson.unknown_key",
                   "unknown key \"{key}\" at `{pointer}`; the keys there are {choices}"},
    DiagnosticCode{"lesson.unknown_placeholder",
                   "`{pointer}` quotes the figure \"{placeholder}\", which a lesson cannot "
                   "quote; docs/lessons.md lists the figures"},
    DiagnosticCode{"lesson.unknown_placeholder_style",
                   "`{pointer}`: \"{placeholder}:{style}\" has an unknown style; write the "
                   "figure alone, or with :formula or :symbols"},
    DiagnosticCode{"measured.log_figure_out_of_range",
                   "line {line}: {figure} reads as {found}, outside its range from {minimum} to "
                   "{maximum}; the figure is left out"},
    DiagnosticCode{"measured.stage_count",
                   "peak_bytes_per_stage has {entries} entries but pp is {pp}; give one measured "
                   "peak per pipeline stage."},
    DiagnosticCode{"memory.convention_counts_full_training",
                   "the {convention} memory convention counts full training: its figures "
                   "ignore {mode} fine-tuning. The fourfold convention counts the frozen base "
                   "and the adapters."},
    DiagnosticCode{
        "memory.does_not_fit",
        "Does not fit: [[stage {stage} ]]needs {peak_bytes:bytes} per GPU, {over_bytes:bytes} more "
        "than the {usable_bytes:bytes} usable of {capacity_bytes:bytes}.[[ It fits with "
        "{fitting_change} "
        "(peak {fitting_peak_bytes:bytes}).]]"},
    DiagnosticCode{
        "memory.framework_fills_gpu",
        "framework_bytes {framework_bytes} is at least the GPU's {capacity_bytes} bytes, "
        "leaving nothing for the model; it is the CUDA context and library reserve, "
        "typically 1–3 GB."},
    DiagnosticCode{"model.heads_divide_hidden",
                   "hidden {hidden} is not divisible by heads {heads}; every head needs the same "
                   "width (hidden / heads)."},
    DiagnosticCode{"model.kv_heads_above_heads",
                   "kv_heads {kv_heads} is more than heads {heads}; key/value heads are shared by "
                   "query heads, so kv_heads must be at most heads."},
    DiagnosticCode{"model.kv_heads_divide_heads",
                   "heads {heads} is not divisible by kv_heads {kv_heads}; grouped-query attention "
                   "gives each of the kv_heads the same number of query heads (use {choices})."},
    DiagnosticCode{
        "model.moe_single_expert",
        "experts {experts} is a dense model; use 0, or 2 or more experts for a mixture."},
    DiagnosticCode{
        "model.moe_top_k_above_experts",
        "top_k {top_k} is more than experts {experts}; a token cannot visit more experts "
        "than exist, so lower top_k to at most {experts}."},
    DiagnosticCode{"model.moe_top_k_dense",
                   "top_k {top_k} has no effect on a dense model (experts {experts})."},
    DiagnosticCode{
        "model.moe_top_k_zero",
        "top_k is {top_k} with {experts} experts; each token must go to at least 1 expert"
        " (Mixtral uses 2)."},
    DiagnosticCode{
        "model.parameters_not_billions",
        "parameters {parameters} is a raw count, not billions; did you mean {suggested}?"},
    DiagnosticCode{"model.shape_too_large",
                   "the shape (layers {layers}, hidden {hidden}, ffn_hidden {ffn_hidden}) counts "
                   "{count} parameters, more than {limit}; check the sizes."},
    DiagnosticCode{"parallel.cp_divides_sequence",
                   "cp {cp} does not divide sequence {sequence}; each CP rank holds an equal slice "
                   "of the tokens."},
    DiagnosticCode{
        "parallel.cp_load_balance",
        "sequence {sequence} is not divisible by 2 × cp = {twice_cp} (cp {cp}), so causal"
        " attention cannot be load-balanced by giving each CP rank two mirrored chunks."},
    DiagnosticCode{
        "parallel.ep_divides_experts",
        "ep {ep} does not divide experts {experts}; each EP rank holds an equal number of"
        " whole experts, so use ep {choices}."},
    DiagnosticCode{"parallel.ep_needs_moe",
                   "ep {ep} needs a mixture-of-experts model, and this model is dense (experts "
                   "{experts}); set ep to 1 or give /model/moe/experts."},
    DiagnosticCode{"parallel.etp_dense", "etp {etp} has no effect on a dense model."},
    DiagnosticCode{"parallel.etp_divides_expert_ffn",
                   "etp {etp} does not divide the expert FFN width {expert_ffn_hidden}; each "
                   "expert's columns are split evenly over etp ranks."},
    DiagnosticCode{
        "parallel.expert_ranks_divide_dense_ranks",
        "etp {etp} × ep {ep} = {expert_ranks} does not divide tp {tp} × cp {cp} × dp {dp}"
        " = {dense_ranks}; expert layers reuse the dense layers' ranks of a pipeline "
        "stage (Megatron-Core), so lower etp or ep."},
    DiagnosticCode{"parallel.offload_needs_zero",
                   "offload {offload} needs zero_stage 1 or more (DeepSpeed ZeRO-Offload moves the "
                   "sharded optimizer states); zero_stage is {zero_stage}."},
    DiagnosticCode{"parallel.offload_needs_zero3",
                   "offload {offload} moves parameters off the GPU, which needs zero_stage 3 "
                   "(DeepSpeed ZeRO-3 / ZeRO-Infinity); zero_stage is {zero_stage}."},
    DiagnosticCode{"parallel.order_invalid",
                   "order \"{order}\" must name tp, cp, ep, dp and pp once each, joined by '-', "
                   "fastest varying first (Megatron-Core's default is \"tp-cp-ep-dp-pp\")."},
    DiagnosticCode{
        "parallel.sequence_parallel_indivisible",
        "sequence_parallel splits each rank's {local_tokens} tokens (sequence {sequence} "
        "/ cp {cp}) over tp {tp}, which does not divide them; choose a sequence divisible"
        " by tp × cp = {tp_times_cp}."},
    DiagnosticCode{
        "parallel.sequence_parallel_without_tp",
        "sequence_parallel has no effect with tp {tp}: it splits the TP group's LayerNorm"
        " and dropout activations along the sequence."},
    DiagnosticCode{"parallel.sharding_group_divides_dp",
                   "sharding_group {sharding_group} does not divide dp {dp}; shards must tile the "
                   "data-parallel ranks, so use 0 (all) or {choices}."},
    DiagnosticCode{"parallel.sharding_group_without_zero",
                   "sharding_group {sharding_group} has no effect with zero_stage {zero_stage}."},
    DiagnosticCode{
        "parallel.tp_crosses_nodes",
        "tp {tp} is more than gpus_per_node {gpus_per_node}, so TP groups cross nodes and"
        " their per-layer all-reduces ride the inter-node network; keep tp at most "
        "{gpus_per_node} and use pp or dp for the rest."},
    DiagnosticCode{"parallel.tp_divides_ffn_hidden",
                   "tp {tp} does not divide ffn_hidden {ffn_hidden}; the MLP's columns are split "
                   "evenly over TP ranks."},
    DiagnosticCode{
        "parallel.tp_divides_heads",
        "tp {tp} does not divide heads {heads}; each TP rank takes whole heads, so use tp"
        " {choices}."},
    DiagnosticCode{"parallel.tp_divides_kv_heads",
                   "tp {tp} does not divide kv_heads {kv_heads}; Megatron-LM gives each TP rank "
                   "whole key/value groups, so use tp {choices}."},
    DiagnosticCode{
        "parallel.world_above_gpus",
        "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} ranks, but the cluster has "
        "{nodes} × {gpus_per_node} GPUs = {gpus} GPUs; use {nodes_needed} nodes or lower "
        "the parallel degrees."},
    DiagnosticCode{
        "parallel.world_below_gpus",
        "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} ranks on {nodes} × "
        "{gpus_per_node} GPUs = {gpus} GPUs: {idle} GPUs sit idle; raise dp or use fewer "
        "nodes."},
    DiagnosticCode{"parallel.world_size_too_large",
                   "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} ranks is absurd (more than "
                   "{limit}); lower the degrees."},
    DiagnosticCode{
        "parallel.world_untiled",
        "dp {dp} × tp {tp} × pp {pp} × cp {cp} = {ranks} ranks do not tile the cluster's "
        "{nodes} × {gpus_per_node} = {gpus} GPUs evenly: {idle} GPUs sit idle; choose dp so "
        "that the ranks divide the GPUs."},
    DiagnosticCode{"parallel.zero_with_pipeline",
                   "zero_stage {zero_stage} with pp {pp}: DeepSpeed's pipeline engine accepts only "
                   "ZeRO stage 0 or 1; use zero_stage 1, or a framework that combines FSDP with "
                   "pipeline stages."},
    DiagnosticCode{
        "parallel.zero_without_replicas",
        "zero_stage {zero_stage} shards over data-parallel ranks, and dp {dp} has none to"
        " share with: nothing is saved."},
    DiagnosticCode{
        "pipeline.chunks_divide_layers",
        "layers {layers} are not divisible by pp {pp} × virtual_stages {virtual_stages} ="
        " {chunks}; every model chunk needs the same number of layers (choose "
        "virtual_stages with pp × virtual_stages dividing layers)."},
    DiagnosticCode{"pipeline.dualpipe_chunks",
                   "{schedule} runs two model chunks on every pipeline rank: set virtual_stages to "
                   "2 (got {virtual_stages}); until then it runs as zb_h1."},
    DiagnosticCode{"pipeline.dualpipe_even",
                   "dualpipe sends half the micro-batches each way and pairs rank r with rank pp − "
                   "1 − r: pp {pp} and grad_accumulation {grad_accumulation} must both be even; "
                   "until then it runs as zb_h1."},
    DiagnosticCode{"pipeline.dualpipe_micro_batches",
                   "{schedule} needs at least 2 × pp = {needed} micro-batches per step, and "
                   "grad_accumulation is {grad_accumulation}; raise it, or it runs as zb_h1."},
    DiagnosticCode{
        "pipeline.empty_stage",
        "pipeline stage {stage} of pp {pp} holds no layer, embedding or loss: a stage with nothing "
        "to compute only passes activations on; give it layers or lower pp."},
    DiagnosticCode{"pipeline.first_last_layers",
                   "first_stage_layers {first} and last_stage_layers {last} leave layers {layers} "
                   "minus both for {middle_stages} middle stages: the middle stages need layers "
                   "exactly when there are any."},
    DiagnosticCode{"pipeline.first_last_need_pipeline",
                   "first_stage_layers and last_stage_layers place layers on the first and last "
                   "pipeline stages, and pp {pp} has only one: raise pp or leave them at 0."},
    DiagnosticCode{"pipeline.interleaved_micro_batches",
                   "interleaved_1f1b runs micro-batches in groups of pp: grad_accumulation "
                   "{grad_accumulation} is not divisible by pp {pp} (Megatron-LM's rule); use a "
                   "multiple of {pp}."},
    DiagnosticCode{"pipeline.interleaved_single_chunk",
                   "interleaved_1f1b with virtual_stages {virtual_stages} is plain 1F1B; set "
                   "virtual_stages to 2 or more to shrink the bubble."},
    DiagnosticCode{"pipeline.layout_chunks",
                   "pipeline_layout has {chunks} chunks, and pp {pp} × virtual_stages "
                   "{virtual_stages} needs {expected}: one chunk per pipeline rank and virtual "
                   "stage (set virtual_stages to chunks ÷ pp)."},
    DiagnosticCode{"pipeline.layout_embedding_loss",
                   "pipeline_layout has {embeddings} E and {losses} L; it needs exactly one E, "
                   "first, and one L, last."},
    DiagnosticCode{"pipeline.layout_layers",
                   "pipeline_layout places {counted} transformer layers, and the model has layers "
                   "{layers}: every layer appears once."},
    DiagnosticCode{"pipeline.layout_syntax",
                   "pipeline_layout \"{layout}\" cannot be read at character {position}: use E "
                   "(embedding), L (loss), t (a transformer layer), | between chunks, x*n and "
                   "(…)*n to repeat, commas as spacing."},
    DiagnosticCode{
        "pipeline.middle_layers_divide",
        "{middle_layers} layers are left for {middle_stages} middle stages and do not divide "
        "evenly (Megatron-LM's rule): change first_stage_layers or last_stage_layers."},
    DiagnosticCode{
        "pipeline.never_fills",
        "grad_accumulation {grad_accumulation} gives fewer micro-batches than pp {pp} "
        "stages, so the pipeline never fills: with equal stages the bubble is "
        "(p − 1)/(m + p − 1) = {bubble:percent} (the simulated figure also counts "
        "uneven stages and transfer time); use at least {pp} (ideally several times pp)."},
    DiagnosticCode{"pipeline.pp_above_layers",
                   "pp {pp} is more than layers {layers}; every pipeline stage needs at least one "
                   "layer, so use pp at most {layers}."},
    DiagnosticCode{"pipeline.split_keys_conflict",
                   "{first_key} and {second_key} both place layers over the pipeline; Megatron-LM "
                   "takes a pipeline_layout alone, and first/last stage layers without "
                   "embedding_in_split or loss_in_split: keep one way."},
    DiagnosticCode{"pipeline.split_slots_divide",
                   "layers {layers} with the embedding and loss counted make {slots}, not "
                   "divisible by pp {pp} × virtual_stages {virtual_stages} = {chunks} "
                   "(Megatron-LM's rule); change pp or virtual_stages, or count only one of them."},
    DiagnosticCode{
        "pipeline.stage_layers_divide_chunks",
        "a pipeline stage holds {stage_layers} layers, not divisible by virtual_stages "
        "{virtual_stages}: each of its chunks needs as many layers (Megatron-LM's rule)."},
    DiagnosticCode{
        "pipeline.uneven_layers",
        "layers {layers} do not split evenly over pp {pp}: some stages hold {most_layers}"
        " layers, others {fewest_layers}, and the fullest stage sets the pace."},
    DiagnosticCode{"pipeline.virtual_stages_need_interleaving",
                   "virtual_stages {virtual_stages} needs schedule interleaved_1f1b; schedule "
                   "{schedule} runs one model chunk per rank, so set virtual_stages to 1."},
    DiagnosticCode{
        "pipeline.virtual_stages_need_pipeline",
        "virtual_stages {virtual_stages} interleaves chunks across pipeline ranks, and pp"
        " {pp} has none; raise pp or set virtual_stages to 1."},
    DiagnosticCode{"plan.patch_not_object",
                   "A plan patch must be a JSON object (a JSON merge patch)."},
    DiagnosticCode{"profile.schema_newer",
                   "written by a newer Fourfold: {found}; this version reads up to {schema}"},
    DiagnosticCode{"profile.schema_not_a_string", "`/schema` must be \"{schema}\", got {found}"},
    DiagnosticCode{
        "profile.schema_other",
        "not a Fourfold calibration profile: `/schema` is {found}; a profile has \"{schema}\""},
    DiagnosticCode{"range.above_minimum",
                   "{key} is {value}; it must be more than {minimum} and at most {maximum}."},
    DiagnosticCode{"range.out_of_range",
                   "{key} is {value}, outside its range {minimum} to {maximum}."},
    DiagnosticCode{"runs.expected_plan",
                   "`{pointer}` must be a plan object or the path of a plan file, got {found}"},
    DiagnosticCode{"runs.log_figure_out_of_range",
                   "{pointer}: the log {path}, line {line}: {figure} reads as {found}, outside its "
                   "range from {minimum} to {maximum}"},
    DiagnosticCode{"runs.log_no_figures",
                   "{pointer}: the log {path} holds no line Fourfold reads a measured figure from"},
    DiagnosticCode{"runs.log_unreadable", "{pointer}: the log {path} cannot be read ({reason})"},
    DiagnosticCode{"runs.no_measured",
                   "{pointer} gives no measured figure (step_time_s, tokens_per_s_per_gpu, "
                   "samples_per_s, tflops_per_gpu, mfu or peak_memory_bytes); the run is left out"},
    DiagnosticCode{
        "runs.no_plan",
        "{pointer} has no plan: give one, or the path of a plan file; the run is left out"},
    DiagnosticCode{"runs.no_runs", "the runs file lists no runs: `/runs` must be an array of runs"},
    DiagnosticCode{"runs.plan_invalid",
                   "{pointer}: the plan file {path}, line {line}, column {column}: {reason}; the "
                   "run is left out"},
    DiagnosticCode{"runs.plan_not_valid",
                   "{pointer}: the plan cannot be costed ({reason}); the run is left out"},
    DiagnosticCode{
        "runs.plan_unreadable",
        "{pointer}: the plan file {path} cannot be read ({reason}); the run is left out"},
    DiagnosticCode{"runs.schema_newer",
                   "written by a newer Fourfold: {found}; this version reads up to {schema}"},
    DiagnosticCode{"runs.schema_not_a_string", "`/schema` must be \"{schema}\", got {found}"},
    DiagnosticCode{"runs.schema_other",
                   "not a Fourfold runs file: `/schema` is {found}; a runs file has \"{schema}\""},
    DiagnosticCode{"runs.too_many", "the runs file lists {count} runs; the first {limit} are read"},
    DiagnosticCode{
        "schema.early_converted",
        "an early plan (\"schema\": {early}) was converted to {schema}; saving writes the "
        "new form"},
    DiagnosticCode{"schema.missing", "the plan has no \"schema\" key; it is read as {schema}"},
    DiagnosticCode{"schema.newer",
                   "written by a newer Fourfold: {found}; this version reads up to {schema}"},
    DiagnosticCode{"schema.not_a_plan",
                   "not a Fourfold plan: `/schema` is {found}; a plan has \"{schema}\""},
    DiagnosticCode{"schema.not_a_string", "`/schema` must be \"{schema}\", got {found}"},
    DiagnosticCode{"schema.other_fourfold_kind",
                   "not a Fourfold plan: `/schema` is {found} (another Fourfold file kind); a plan "
                   "has \"{schema}\""},
    DiagnosticCode{
        "topology.cp_groups_span_nodes",
        "{count} of {total} context-parallel groups span nodes: their per-layer exchange "
        "of keys and values rides the inter-node network."},
    DiagnosticCode{
        "topology.ep_groups_span_nodes",
        "{count} of {total} expert-parallel groups span nodes: their token all-to-all in "
        "every MoE layer rides the inter-node network."},
    DiagnosticCode{
        "topology.expert_pipeline_mismatch",
        "With the order \"{order}\" the expert layers would place pipeline stages on other "
        "ranks than the dense layers (their data-parallel sizes differ: {expert_dp} vs "
        "{dp}); put pp last in the order."},
    DiagnosticCode{
        "topology.partial_node",
        "{ranks} ranks do not fill a whole number of {gpus_per_node}-GPU nodes: the last "
        "node is only partly used."},
    DiagnosticCode{
        "topology.tp_divides_node",
        "tp = {tp} does not divide the {gpus_per_node} GPUs of a node, so tensor-parallel"
        " groups cannot all stay inside one node."},
    DiagnosticCode{"topology.tp_groups_span_nodes",
                   "{count} of {total} tensor-parallel groups span more than one node (up to "
                   "{max_nodes}). TP talks in every layer, so those collectives ride the slow "
                   "inter-node network: keep tp within a node's {gpus_per_node} GPUs and first in "
                   "the order."},
    DiagnosticCode{"training.activations_too_large",
                   "micro-batch {micro_batch} × sequence {sequence} over {layers} layers and every "
                   "micro-batch of the step could hold {bytes} bytes of activations, more than "
                   "{limit}; lower the micro-batch, the accumulation or the sequence."},
    DiagnosticCode{"training.base_precision_fp8",
                   "finetune {mode} holds the frozen base in base_precision, which must be "
                   "bf16, fp16 or fp32 (QLoRA stores it in NF4 and dequantises it to this "
                   "dtype for each matrix product); fp8 is not a base dtype Fourfold counts."},
    DiagnosticCode{"training.fp16_without_master_weights",
                   "fp16 training without master weights applies updates in fp16, where small "
                   "updates round to zero; set master_weights to true (an fp32 copy, 4 bytes per "
                   "parameter) or train in bf16."},
    DiagnosticCode{
        "training.fp32_master_weights",
        "master_weights has no effect with fp32 training: the weights already are fp32."},
    DiagnosticCode{
        "training.fp8_without_fp8_peak",
        "precision fp8 on {gpu}, which has no fp8 peak (peak_tflops.fp8 is 0): matrix "
        "products run at the bf16 rate of {bf16_tflops} TFLOP/s; use bf16, or a GPU with "
        "FP8 tensor cores (Hopper, Ada, Blackwell, MI300X)."},
    DiagnosticCode{
        "training.global_batch_mismatch",
        "global batch {global_batch} does not equal micro-batch {micro_batch} × "
        "accumulation {grad_accumulation} × data-parallel {dp} = {derived}; tensor and "
        "pipeline parallel never multiply the batch.[[ {global_batch} counts every GPU (×"
        " tp {tp} × pp {pp} × cp {cp}), but those ranks share one replica's samples.]][[ "
        "Set global_batch to {derived}, or grad_accumulation to "
        "{suggested_accumulation}.]][[ Set global_batch to {derived}, or choose one "
        "divisible by micro-batch × data-parallel = {micro_times_dp}.]]"},
    DiagnosticCode{"training.lora_without_targets",
                   "finetune {mode} adapts no module: lora_targets is empty, so nothing would "
                   "train; list at least one of {choices}."},
    DiagnosticCode{"training.tokens_per_step_too_large",
                   "global batch {global_batch} × sequence {sequence} = {tokens} tokens per step, "
                   "more than {limit}; lower the batch or the sequence."},
};

}  // namespace

std::span<const DiagnosticCode> diagnosticCodes() { return kCodes; }

}  // namespace fourfold::core
