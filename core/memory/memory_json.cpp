// SPDX-License-Identifier: MIT
// MemoryReport → JSON: PLAN_FORMAT.md's "memory" object key for key, then the extra keys
// (formulas per stage, their explained figures, what-ifs, largest fitting micro-batch, NVMe and
// per-GPU host bytes).
#include "core/memory/memory_json.h"

#include "core/text/diagnostic_json.h"
#include "core/text/explained_json.h"

namespace fourfold::core {

nlohmann::ordered_json toJson(const MemoryReport& report) {
    nlohmann::ordered_json json;
    json["capacity_bytes"] = report.capacityBytes;
    json["usable_bytes"] = report.usableBytes;
    json["peak_bytes"] = report.peakBytes;
    json["fits"] = report.fits;
    auto stages = nlohmann::ordered_json::array();
    for (const StageMemory& stage : report.stages) {
        nlohmann::ordered_json bytes;
        nlohmann::ordered_json formulas;
        nlohmann::ordered_json explain;
        for (const MemoryCategoryInfo& row : kMemoryCategories) {
            const MemoryItem& item = stage.items[static_cast<std::size_t>(row.category)];
            const std::string key(row.key);
            bytes[key] = item.bytes;
            // The figure rendered in GB, as the text beside it; the structure under "explain".
            formulas[key] = item.explain.empty()
                                ? std::string()
                                : explainedLine(categoryName(row.category, Language::English),
                                                item.explain, ByteUnits::Decimal);
            explain[key] = toJson(item.explain);
        }
        nlohmann::ordered_json entry;
        entry["stage"] = stage.stage;
        entry["parameters"] = stage.parameters;
        entry["in_flight_micro_batches"] = stage.inFlightMicroBatches;
        entry["bytes"] = std::move(bytes);
        entry["total_bytes"] = stage.totalBytes;
        entry["fits"] = stage.fits;
        entry["model_state_bytes"] = stage.modelStateBytes;
        entry["bytes_per_parameter"] = stage.bytesPerParameter;
        entry["activation_bytes_per_micro_batch"] = stage.activationBytesPerMicroBatch;
        entry["bytes_over_usable"] = stage.bytesOverUsable;
        entry["formulas"] = std::move(formulas);
        entry["explain"] = std::move(explain);
        stages.push_back(std::move(entry));
    }
    json["stages"] = std::move(stages);
    json["host_bytes_per_node"] = report.hostBytesPerNode;
    json["host_bytes_per_gpu"] = report.hostBytesPerGpu;
    json["nvme_bytes_per_node"] = report.nvmeBytesPerNode;
    auto hints = nlohmann::ordered_json::array();
    for (const WhatIf& hint : report.whatIfs) {
        nlohmann::ordered_json entry;
        entry["label"] = hint.change;
        entry["change"] = hint.change;
        // The change as a code and the numbers it quotes, to render it in another language.
        entry["change_code"] = hint.changeText.code;
        Diagnostic changeArgs;
        changeArgs.args = hint.changeText.args;
        entry["change_args"] = diagnosticToJson(changeArgs)["args"];
        entry["patch"] = nlohmann::ordered_json::parse(hint.patch, nullptr, false);
        entry["world_size"] = hint.worldSize;
        entry["peak_bytes"] = hint.peakBytes;
        entry["saved_bytes"] = hint.savedBytes;
        entry["fits"] = hint.fits;
        entry["modelled"] = hint.modelled;
        entry["step_time_s"] = hint.stepTimeS;
        hints.push_back(std::move(entry));
    }
    json["what_ifs"] = std::move(hints);
    // null: the convention counts no activations, so no micro-batch size is a finding.
    if (report.countsActivations) {
        json["largest_fitting_micro_batch"] = report.largestFittingMicroBatch;
    } else {
        json["largest_fitting_micro_batch"] = nullptr;
    }
    json["largest_fitting_micro_batch_at_least"] = report.largestFittingMicroBatchAtLeast;
    if (!report.largestFittingMicroBatchPatch.empty()) {
        json["largest_fitting_micro_batch_patch"] =
            nlohmann::ordered_json::parse(report.largestFittingMicroBatchPatch, nullptr, false);
        json["largest_fitting_micro_batch_peak_bytes"] = report.largestFittingMicroBatchPeakBytes;
    }
    return json;
}

}  // namespace fourfold::core
