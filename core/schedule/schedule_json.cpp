// SPDX-License-Identifier: MIT
#include "core/schedule/schedule_json.h"

#include "core/plan/plan_enums.h"
#include "core/text/explained_json.h"

namespace fourfold::core {
nlohmann::ordered_json toJson(const ScheduleResult& report, ListMode operations) {
    nlohmann::ordered_json json;
    json["kind"] = std::string(toString(report.kind));
    json["stages"] = report.stages;
    json["micro_batches"] = report.microBatches;
    json["virtual_stages"] = report.virtualStages;
    json["makespan_s"] = report.makespanS;
    json["bubble_fraction"] = report.bubbleFraction;
    json["formula_bubble_fraction"] = report.formulaBubbleFraction;
    json["bubble_formula"] = report.bubbleFormula;
    json["complete"] = report.complete;
    json["split_weight_grad"] = report.splitWeightGrad;
    if (!report.bubbleExplain.empty()) {
        json["explain"] = {{"bubble", toJson(report.bubbleExplain)}};
    }
    auto ranks = nlohmann::ordered_json::array();
    for (const auto& rank : report.ranks) {
        nlohmann::ordered_json entry;
        entry["stage"] = rank.stage;
        entry["idle_s"] = rank.idleS;
        entry["busy_s"] = rank.busyS;
        entry["peak_in_flight"] = rank.peakInFlight;
        if (operations == ListMode::Omit) {
            ranks.push_back(std::move(entry));
            continue;
        }
        if (operations == ListMode::Placeholder) {
            entry["ops"] = nullptr;
            ranks.push_back(std::move(entry));
            continue;
        }
        auto ops = nlohmann::ordered_json::array();
        for (const auto& op : rank.ops) {
            ops.push_back({{"kind", toString(op.kind)},
                           {"micro_batch", op.microBatch},
                           {"chunk", op.chunk},
                           {"start_s", op.startS},
                           {"end_s", op.endS}});
        }
        entry["ops"] = std::move(ops);
        ranks.push_back(std::move(entry));
    }
    json["ranks"] = std::move(ranks);
    return json;
}

}  // namespace fourfold::core
