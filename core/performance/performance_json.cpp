// SPDX-License-Identifier: MIT
#include "core/performance/performance_json.h"

#include "core/text/explained_json.h"

namespace fourfold::core {
namespace {

nlohmann::ordered_json breakdownJson(const StepBreakdown& b) {
    nlohmann::ordered_json out;
    out["compute"] = b.compute;
    out["tp_comm"] = b.tpComm;
    out["cp_comm"] = b.cpComm;
    out["ep_comm"] = b.epComm;
    out["pp_comm"] = b.ppComm;
    out["dp_comm"] = b.dpComm;
    out["optimizer"] = b.optimizer;
    out["bubble"] = b.bubble;
    out["data_loading"] = b.dataLoading;
    out["offload"] = b.offload;
    return out;
}

}  // namespace

nlohmann::ordered_json toJson(const PerformanceReport& p) {
    nlohmann::ordered_json out;
    out["step_time_s"] = p.stepTimeS;
    out["tokens_per_s"] = p.tokensPerS;
    out["tokens_per_s_per_gpu"] = p.tokensPerSPerGpu;
    out["mfu"] = p.mfu;
    out["model_flops_per_step"] = p.modelFlopsPerStep;
    out["hardware_flops_per_step"] = p.hardwareFlopsPerStep;
    out["breakdown_s"] = breakdownJson(p.breakdown);
    out["hfu"] = p.hfu;
    out["achieved_flops_per_gpu"] = p.achievedFlopsPerGpu;
    out["critical_stage"] = p.criticalStage;
    out["busiest_stage"] = p.busiestStage;
    auto stages = nlohmann::ordered_json::array();
    for (const StagePerformance& stage : p.stages) {
        nlohmann::ordered_json item;
        item["stage"] = stage.stage;
        item["forward_s"] = stage.forwardS;
        item["backward_s"] = stage.backwardS;
        item["weight_grad_s"] = stage.weightGradS;
        item["dp_comm_total_s"] = stage.dpCommTotalS;
        item["breakdown_s"] = breakdownJson(stage.breakdown);
        stages.push_back(std::move(item));
    }
    out["stages"] = std::move(stages);
    out["formulas"] = {
        {"step_time_s", p.stepTimeFormula}, {"mfu", p.mfuFormula}, {"flops", p.flopsFormula}};
    if (!p.stepTimeExplain.empty()) {
        out["explain"] = {{"step_time_s", toJson(p.stepTimeExplain)},
                          {"tokens_per_s", toJson(p.tokensPerSExplain)},
                          {"tokens_per_s_per_gpu", toJson(p.tokensPerSPerGpuExplain)},
                          {"mfu", toJson(p.mfuExplain)}};
    }
    if (p.training.tokens > 0) {
        const TrainingCost& t = p.training;
        out["training"] = {
            {"tokens", t.tokens},      {"steps", t.steps}, {"seconds", t.seconds}, {"days", t.days},
            {"gpu_hours", t.gpuHours}, {"cost", t.cost},   {"eq4_days", t.eq4Days}};
    }
    return out;
}

nlohmann::ordered_json toJson(const CheckpointReport& c) {
    nlohmann::ordered_json out;
    out["bytes"] = c.bytes;
    out["write_s"] = c.writeS;
    out["interval_s"] = c.intervalS;
    out["goodput"] = c.goodput;
    out["contents_bytes"] = {{"model", c.contents.model},
                             {"optimizer", c.contents.optimizer},
                             {"rng", c.contents.rng},
                             {"data_cursor", c.contents.dataCursor},
                             {"layout", c.contents.layout}};
    out["cluster_mtbf_s"] = c.clusterMtbfS;
    out["steps_per_interval"] = c.stepsPerInterval;
    out["formulas"] = {{"interval_s", c.intervalFormula}, {"goodput", c.goodputFormula}};
    return out;
}

nlohmann::ordered_json toJson(const ScalingCurves& curves) {
    const auto points = [](const std::vector<ScalingPoint>& curve) {
        auto out = nlohmann::ordered_json::array();
        for (const ScalingPoint& point : curve) {
            out.push_back({{"gpus", point.gpus},
                           {"dp", point.dp},
                           {"step_time_s", point.stepTimeS},
                           {"tokens_per_s", point.tokensPerS},
                           {"speedup", point.speedup},
                           {"efficiency", point.efficiency},
                           {"cluster_mtbf_s", point.clusterMtbfS},
                           {"checkpoint_interval_s", point.checkpointIntervalS},
                           {"goodput", point.goodput}});
        }
        return out;
    };
    return {{"strong", points(curves.strong)},
            {"weak", points(curves.weak)},
            {"strong_skipped_dp", curves.strongSkipped},
            {"weak_skipped_dp", curves.weakSkipped}};
}

}  // namespace fourfold::core
