// SPDX-License-Identifier: MIT
// The table behind tst_validate: one row per rule a user can trip on, each an edit of
// defaultPlan() and the diagnostic it must produce (severity, JSON pointer, values named).
// The model, training, cluster and memory rows are here; the layout rows in
// validate_rules_layout.h.
#pragma once

#include "tests/core/validate_rule.h"
#include "tests/core/validate_rules_layout.h"

namespace fourfold::core::testing {

// One row per rule a user can trip on; the base plan (defaultPlan) has no diagnostics at all.
inline const std::vector<Rule>& rules() {
    using S = Severity;
    static const std::vector<Rule> table = [] {
        std::vector<Rule> rows = {
            // /model
            {"model-parameters-negative",
             [](Plan& p) { p.model.parameters = -1; },
             S::Error,
             "/model/parameters",
             {"-1"}},
            {"model-parameters-nan",
             [](Plan& p) { p.model.parameters = kNaN; },
             S::Error,
             "/model/parameters",
             {"NaN"}},
            {"model-parameters-absurd",
             [](Plan& p) { p.model.parameters = 1e15; },
             S::Error,
             "/model/parameters",
             {"e15", "outside its range"}},
            {"model-parameters-in-billions",
             [](Plan& p) { p.model.parameters = 7; },
             S::Warning,
             "/model/parameters",
             {"7", "7.00e9"}},
            {"model-layers-zero",
             [](Plan& p) { p.model.layers = 0; },
             S::Error,
             "/model/layers",
             {"layers is 0"}},
            {"model-layers-negative",
             [](Plan& p) { p.model.layers = -4; },
             S::Error,
             "/model/layers",
             {"-4"}},
            {"model-hidden-absurd",
             [](Plan& p) { p.model.hidden = 2'000'000; },
             S::Error,
             "/model/hidden",
             {"2000000", "outside its range 1 to 1000000"}},
            {"model-heads-zero",
             [](Plan& p) { p.model.heads = 0; },
             S::Error,
             "/model/heads",
             {"heads is 0"}},
            {"model-hidden-not-divisible-by-heads",
             [](Plan& p) { p.model.heads = p.model.kvHeads = 30; },
             S::Error,
             "/model/heads",
             {"4096", "30"}},
            {"model-kv-heads-not-dividing-heads",
             [](Plan& p) { p.model.kvHeads = 6; },
             S::Error,
             "/model/kv_heads",
             {"32", "6"}},
            {"model-kv-heads-more-than-heads",
             [](Plan& p) { p.model.kvHeads = 64; },
             S::Error,
             "/model/kv_heads",
             {"64", "32"}},
            {"model-kv-heads-zero",
             [](Plan& p) { p.model.kvHeads = 0; },
             S::Error,
             "/model/kv_heads",
             {"kv_heads is 0"}},
            {"model-ffn-zero",
             [](Plan& p) { p.model.ffnHidden = 0; },
             S::Error,
             "/model/ffn_hidden",
             {"ffn_hidden is 0"}},
            {"model-vocab-zero",
             [](Plan& p) { p.model.vocab = 0; },
             S::Error,
             "/model/vocab",
             {"vocab is 0"}},
            {"model-sequence-zero",
             [](Plan& p) { p.model.sequence = 0; },
             S::Error,
             "/model/sequence",
             {"sequence is 0"}},
            {"model-sequence-absurd",
             [](Plan& p) { p.model.sequence = 200'000'000; },
             S::Error,
             "/model/sequence",
             {"200000000"}},
            {"model-shape-absurd",
             [](Plan& p) {
                 p.model.layers = 100'000;
                 p.model.hidden = 500'000;
                 p.model.heads = p.model.kvHeads = 500;
                 p.model.ffnHidden = 2'000'000;
             },
             S::Error,
             "/model",
             {"100000", "500000", "2000000"}},
            {"moe-top-k-more-than-experts",
             [](Plan& p) {
                 p.model = presetModel("mixtral-8x7b");
                 p.model.moe.topK = 9;
             },
             S::Error,
             "/model/moe/top_k",
             {"9", "8"}},
            {"moe-top-k-zero",
             [](Plan& p) {
                 p.model = presetModel("mixtral-8x7b");
                 p.model.moe.topK = 0;
             },
             S::Error,
             "/model/moe/top_k",
             {"top_k is 0", "8 experts"}},
            {"moe-expert-ffn-negative",
             [](Plan& p) { p.model.moe.expertFfnHidden = -1; },
             S::Error,
             "/model/moe/expert_ffn_hidden",
             {"-1"}},
            {"moe-experts-negative",
             [](Plan& p) { p.model.moe.experts = -2; },
             S::Error,
             "/model/moe/experts",
             {"-2"}},
            {"moe-single-expert",
             [](Plan& p) { p.model.moe.experts = 1; },
             S::Info,
             "/model/moe/experts",
             {"experts 1"}},

            // /training
            {"training-micro-batch-zero",
             [](Plan& p) { p.training.microBatch = 0; },
             S::Error,
             "/training/micro_batch",
             {"micro_batch is 0"}},
            {"training-accumulation-zero",
             [](Plan& p) { p.training.gradAccumulation = 0; },
             S::Error,
             "/training/grad_accumulation",
             {"grad_accumulation is 0"}},
            {"training-micro-batch-absurd",
             [](Plan& p) { p.training.microBatch = 2'000'000; },
             S::Error,
             "/training/micro_batch",
             {"2000000"}},
            {"global-batch-mismatch",
             [](Plan& p) {
                 useGpus(p, 4, 2, 1, 1, 1);
                 p.training.microBatch = 4;
                 p.training.gradAccumulation = 8;
                 p.training.globalBatch = 256;
             },
             S::Error,
             "/training/global_batch",
             {"global batch 256 does not equal micro-batch 4 × accumulation 8 × data-parallel 4 = "
              "128; tensor and pipeline parallel never multiply the batch",
              "grad_accumulation to 16"}},
            {"global-batch-counts-every-gpu",
             [](Plan& p) {
                 useGpus(p, 8, 4, 2, 1, 8);
                 p.training.globalBatch = 512;
             },
             S::Error,
             "/training/global_batch",
             {"512", "= 64", "counts every GPU", "tp 4", "pp 2"}},
            {"global-batch-zero",
             [](Plan& p) { p.training.globalBatch = 0; },
             S::Error,
             "/training/global_batch",
             {"global_batch is 0"}},
            {"fp16-without-master-weights",
             [](Plan& p) {
                 p.training.precision = Precision::Fp16;
                 p.training.masterWeights = false;
             },
             S::Warning,
             "/training/master_weights",
             {"fp16", "master_weights"}},
            {"fp32-master-weights-redundant",
             [](Plan& p) { p.training.precision = Precision::Fp32; },
             S::Info,
             "/training/master_weights",
             {"fp32"}},
            {"fp8-on-gpu-without-fp8",
             [](Plan& p) {
                 p.cluster.gpu = findGpuPreset("a100-sxm-80gb")->spec;
                 p.training.precision = Precision::Fp8;
             },
             S::Warning,
             "/training/precision",
             {"a100-sxm-80gb", "fp8", "312"}},

            // /cluster
            {"gpus-per-node-zero",
             [](Plan& p) { p.cluster.gpusPerNode = 0; },
             S::Error,
             "/cluster/gpus_per_node",
             {"gpus_per_node is 0"}},
            {"nodes-zero",
             [](Plan& p) { p.cluster.nodes = 0; },
             S::Error,
             "/cluster/nodes",
             {"nodes is 0"}},
            {"nodes-absurd",
             [](Plan& p) { p.cluster.nodes = 2'000'000; },
             S::Error,
             "/cluster/nodes",
             {"2000000"}},
            {"gpu-memory-zero",
             [](Plan& p) { p.cluster.gpu.memoryBytes = 0; },
             S::Error,
             "/cluster/gpu/memory_bytes",
             {"h100-sxm-80gb", "is 0"}},
            {"gpu-memory-absurd",
             [](Plan& p) { p.cluster.gpu.memoryBytes = 80'000'000'000'000'000; },
             S::Error,
             "/cluster/gpu/memory_bytes",
             {"80000000000000000", "1000000000000000"}},
            {"gpu-peak-negative",
             [](Plan& p) { p.cluster.gpu.peakTflops.bf16 = -1; },
             S::Error,
             "/cluster/gpu/peak_tflops/bf16",
             {"-1"}},
            {"gpu-peak-nan",
             [](Plan& p) { p.cluster.gpu.peakTflops.fp32 = kNaN; },
             S::Error,
             "/cluster/gpu/peak_tflops/fp32",
             {"NaN"}},
            {"gpu-no-peak-for-precision",
             [](Plan& p) {
                 p.training.precision = Precision::Fp16;
                 p.cluster.gpu.peakTflops.fp16 = 0;
             },
             S::Error,
             "/cluster/gpu/peak_tflops/fp16",
             {"h100-sxm-80gb", "fp16"}},
            {"gpu-hbm-nan",
             [](Plan& p) { p.cluster.gpu.hbmGbps = kNaN; },
             S::Error,
             "/cluster/gpu/hbm_gbps",
             {"NaN"}},
            {"intra-node-link-zero",
             [](Plan& p) { p.cluster.intraNode.gbps = 0; },
             S::Error,
             "/cluster/intra_node/gbps",
             {"nvlink4", "0 GB/s"}},
            {"inter-node-link-zero-on-two-nodes",
             [](Plan& p) {
                 p.parallel.dp = 16;
                 p.cluster.nodes = 2;
                 p.cluster.interNode.gbps = 0;
             },
             S::Error,
             "/cluster/inter_node/gbps",
             {"ib-400g", "0 GB/s"}},
            {"link-latency-negative",
             [](Plan& p) { p.cluster.interNode.latencyUs = -5; },
             S::Error,
             "/cluster/inter_node/latency_us",
             {"-5"}},

            // /memory and /measured
            {"fragmentation-above-limit",
             [](Plan& p) { p.memory.fragmentation = 0.95; },
             S::Error,
             "/memory/fragmentation",
             {"0.95", "0.9"}},
            {"safety-margin-negative",
             [](Plan& p) { p.memory.safetyMargin = -0.1; },
             S::Error,
             "/memory/safety_margin",
             {"-0.1"}},
            {"safety-margin-nan",
             [](Plan& p) { p.memory.safetyMargin = kNaN; },
             S::Error,
             "/memory/safety_margin",
             {"NaN"}},
            {"framework-bytes-fill-the-gpu",
             [](Plan& p) { p.memory.frameworkBytes = 90'000'000'000; },
             S::Warning,
             "/memory/framework_bytes",
             {"90000000000", "85899345920"}},
            {"measured-stage-count",
             [](Plan& p) {
                 p.measured.peakBytesPerStage = {1, 2};
             },
             S::Warning,
             "/measured/peak_bytes_per_stage",
             {"2 entries", "pp is 1"}},
            {"measured-step-time-negative",
             [](Plan& p) { p.measured.stepTimeS = -1.0; },
             S::Error,
             "/measured/step_time_s",
             {"-1"}},
        };
        std::vector<Rule> layout = layoutRules();
        rows.insert(rows.end(), layout.begin(), layout.end());
        return rows;
    }();
    return table;
}

}  // namespace fourfold::core::testing
