// SPDX-License-Identifier: MIT
// The layout rows of tst_validate's table: parallel degrees and world size, tensor, context and
// sequence parallel, sharding and offload, the pipeline, and experts.
#pragma once

#include "tests/core/validate_rule.h"

namespace fourfold::core::testing {

inline std::vector<Rule> layoutRules() {
    using S = Severity;
    return {
        // /parallel: degrees and world size
        {"parallel-dp-zero",
         [](Plan& p) { p.parallel.dp = 0; },
         S::Error,
         "/parallel/dp",
         {"dp is 0"}},
        {"parallel-tp-negative",
         [](Plan& p) { p.parallel.tp = -2; },
         S::Error,
         "/parallel/tp",
         {"tp is -2"}},
        {"parallel-pp-zero",
         [](Plan& p) { p.parallel.pp = 0; },
         S::Error,
         "/parallel/pp",
         {"pp is 0"}},
        {"parallel-cp-zero",
         [](Plan& p) { p.parallel.cp = 0; },
         S::Error,
         "/parallel/cp",
         {"cp is 0"}},
        {"parallel-degree-absurd",
         [](Plan& p) { p.parallel.dp = 2'000'000; },
         S::Error,
         "/parallel/dp",
         {"2000000"}},
        {"world-size-absurd",
         [](Plan& p) { useGpus(p, 1000, 1000, 1, 2, 1); },
         S::Error,
         "/parallel",
         {"dp 1000", "tp 1000", "cp 2", "2.00e6"}},
        {"world-more-than-gpus",
         [](Plan& p) { p.parallel.dp = 16; },
         S::Error,
         "/cluster/nodes",
         {"dp 16", "= 16 ranks", "= 8", "use 2 nodes"}},
        {"world-fewer-than-gpus",
         [](Plan& p) { p.parallel.dp = 4; },
         S::Warning,
         "/cluster/nodes",
         {"= 4 ranks", "= 8", "4 GPUs sit idle"}},

        // /parallel: tensor, context and sequence parallel
        {"tp-does-not-divide-heads",
         [](Plan& p) { useGpus(p, 8, 3, 1, 1, 3); },
         S::Error,
         "/parallel/tp",
         {"tp 3", "heads 32"}},
        {"tp-does-not-divide-kv-heads",
         [](Plan& p) {
             p.model = presetModel("llama2-70b");
             useGpus(p, 1, 16, 1, 1, 2);
         },
         S::Error,
         "/parallel/tp",
         {"tp 16", "kv_heads 8"}},
        {"tp-does-not-divide-ffn",
         [](Plan& p) {
             p.model.ffnHidden = 11004;
             useGpus(p, 1, 8, 1, 1, 1);
         },
         S::Error,
         "/parallel/tp",
         {"tp 8", "ffn_hidden 11004"}},
        {"tp-crosses-nodes",
         [](Plan& p) { useGpus(p, 1, 16, 1, 1, 2); },
         S::Warning,
         "/parallel/tp",
         {"tp 16", "gpus_per_node 8"}},
        {"cp-does-not-divide-sequence",
         [](Plan& p) { useGpus(p, 1, 1, 1, 3, 1); },
         S::Error,
         "/parallel/cp",
         {"cp 3", "sequence 4096"}},
        {"cp-load-balance",
         [](Plan& p) {
             p.model.sequence = 4100;
             useGpus(p, 2, 1, 1, 4, 1);
         },
         S::Info,
         "/parallel/cp",
         {"4100", "2 × cp = 8"}},
        {"sequence-parallel-without-tp",
         [](Plan& p) { p.parallel.sequenceParallel = true; },
         S::Info,
         "/parallel/sequence_parallel",
         {"tp 1"}},
        {"sequence-parallel-indivisible",
         [](Plan& p) {
             p.model.sequence = 4100;
             useGpus(p, 1, 8, 1, 1, 1);
             p.parallel.sequenceParallel = true;
         },
         S::Error,
         "/parallel/sequence_parallel",
         {"4100", "tp 8"}},

        // /parallel: sharding, offload, order
        {"zero-stage-out-of-range",
         [](Plan& p) { p.parallel.zeroStage = 4; },
         S::Error,
         "/parallel/zero_stage",
         {"zero_stage is 4", "0 to 3"}},
        {"zero-with-single-replica",
         [](Plan& p) {
             useGpus(p, 1, 8, 1, 1, 1);
             p.parallel.zeroStage = 1;
         },
         S::Info,
         "/parallel/zero_stage",
         {"zero_stage 1", "dp 1"}},
        {"zero3-with-pipeline",
         [](Plan& p) {
             useGpus(p, 4, 1, 2, 1, 1);
             p.parallel.zeroStage = 3;
         },
         S::Warning,
         "/parallel/zero_stage",
         {"zero_stage 3", "pp 2"}},
        {"sharding-group-not-divisor",
         [](Plan& p) {
             p.parallel.zeroStage = 3;
             p.parallel.shardingGroup = 3;
         },
         S::Error,
         "/parallel/sharding_group",
         {"sharding_group 3", "dp 8", "1, 2, 4 or 8"}},
        {"sharding-group-negative",
         [](Plan& p) { p.parallel.shardingGroup = -1; },
         S::Error,
         "/parallel/sharding_group",
         {"-1"}},
        {"sharding-group-without-zero",
         [](Plan& p) { p.parallel.shardingGroup = 4; },
         S::Info,
         "/parallel/sharding_group",
         {"sharding_group 4", "zero_stage 0"}},
        {"offload-without-zero",
         [](Plan& p) { p.parallel.offload = Offload::OptimizerCpu; },
         S::Error,
         "/parallel/offload",
         {"optimizer_cpu", "zero_stage is 0"}},
        {"offload-params-needs-zero3",
         [](Plan& p) {
             p.parallel.offload = Offload::OptimizerAndParamsCpu;
             p.parallel.zeroStage = 2;
         },
         S::Error,
         "/parallel/offload",
         {"optimizer_and_params_cpu", "zero_stage is 2"}},
        {"order-missing-axis",
         [](Plan& p) { p.parallel.order = "tp-cp-dp-pp"; },
         S::Error,
         "/parallel/order",
         {"tp-cp-dp-pp"}},
        {"order-repeated-axis",
         [](Plan& p) { p.parallel.order = "tp-tp-ep-dp-pp"; },
         S::Error,
         "/parallel/order",
         {"tp-tp-ep-dp-pp"}},

        // pipeline
        {"pp-more-than-layers",
         [](Plan& p) { useGpus(p, 1, 1, 64, 1, 8); },
         S::Error,
         "/parallel/pp",
         {"pp 64", "layers 32"}},
        {"pp-uneven-layers",
         [](Plan& p) { useGpus(p, 1, 1, 3, 1, 1); },
         S::Info,
         "/parallel/pp",
         {"layers 32", "pp 3", "11", "10"}},
        {"virtual-stages-without-interleaving",
         [](Plan& p) {
             useGpus(p, 2, 1, 4, 1, 1);
             p.parallel.virtualStages = 2;
         },
         S::Error,
         "/parallel/virtual_stages",
         {"virtual_stages 2", "1f1b"}},
        {"virtual-stages-layers-not-divisible",
         [](Plan& p) {
             useGpus(p, 2, 1, 4, 1, 1);
             p.parallel.schedule = ScheduleKind::Interleaved1F1B;
             p.parallel.virtualStages = 3;
         },
         S::Error,
         "/parallel/virtual_stages",
         {"layers 32", "pp 4", "virtual_stages 3", "= 12"}},
        {"virtual-stages-without-pipeline",
         [](Plan& p) {
             p.parallel.schedule = ScheduleKind::Interleaved1F1B;
             p.parallel.virtualStages = 2;
         },
         S::Error,
         "/parallel/virtual_stages",
         {"virtual_stages 2", "pp 1"}},
        {"virtual-stages-zero",
         [](Plan& p) { p.parallel.virtualStages = 0; },
         S::Error,
         "/parallel/virtual_stages",
         {"virtual_stages is 0"}},
        {"interleaved-micro-batches-not-multiple-of-pp",
         [](Plan& p) {
             useGpus(p, 2, 1, 4, 1, 1);
             p.parallel.schedule = ScheduleKind::Interleaved1F1B;
             p.parallel.virtualStages = 2;
             p.training.gradAccumulation = 6;
         },
         S::Error,
         "/training/grad_accumulation",
         {"grad_accumulation 6", "pp 4"}},
        {"pipeline-never-fills",
         [](Plan& p) {
             useGpus(p, 2, 1, 4, 1, 1);
             p.training.gradAccumulation = 2;
         },
         S::Warning,
         "/training/grad_accumulation",
         {"grad_accumulation 2", "pp 4", "60.0 %"}},
        {"interleaved-with-one-chunk",
         [](Plan& p) {
             useGpus(p, 4, 1, 2, 1, 1);
             p.parallel.schedule = ScheduleKind::Interleaved1F1B;
         },
         S::Info,
         "/parallel/schedule",
         {"virtual_stages 1"}},

        // experts (Megatron-Core expert rank generator)
        {"ep-needs-moe",
         [](Plan& p) { p.parallel.ep = 2; },
         S::Error,
         "/parallel/ep",
         {"ep 2", "experts 0"}},
        {"ep-zero", [](Plan& p) { p.parallel.ep = 0; }, S::Error, "/parallel/ep", {"ep is 0"}},
        {"ep-does-not-divide-experts",
         [](Plan& p) {
             p.model = presetModel("mixtral-8x7b");
             useGpus(p, 6, 1, 1, 1, 1);
             p.parallel.ep = 3;
         },
         S::Error,
         "/parallel/ep",
         {"ep 3", "experts 8"}},
        // Megatron-Core carves expert ranks out of tp × cp × dp: with etp = tp = 4, ep 4 needs 16.
        {"expert-ranks-exceed-dense-ranks",
         [](Plan& p) {
             p.model = presetModel("mixtral-8x7b");
             useGpus(p, 2, 4, 1, 1, 1);
             p.parallel.ep = 4;
         },
         S::Error,
         "/parallel/ep",
         {"etp 4 × ep 4 = 16", "tp 4 × cp 1 × dp 2 = 8"}},
        {"etp-ep-does-not-divide-dense-ranks",
         [](Plan& p) {
             p.model = presetModel("mixtral-8x7b");
             useGpus(p, 4, 2, 1, 1, 1);
             p.parallel.ep = 4;
             p.parallel.etp = 4;
         },
         S::Error,
         "/parallel/ep",
         {"etp 4", "ep 4", "= 16", "tp 2", "dp 4", "= 8"}},
        {"etp-negative",
         [](Plan& p) { p.parallel.etp = -1; },
         S::Error,
         "/parallel/etp",
         {"etp is -1"}},
        {"etp-does-not-divide-expert-ffn",
         [](Plan& p) {
             p.model = presetModel("mixtral-8x7b");
             useGpus(p, 6, 1, 1, 1, 1);
             p.parallel.etp = 3;
         },
         S::Error,
         "/parallel/etp",
         {"etp 3", "14336"}},
    };
}

}  // namespace fourfold::core::testing
