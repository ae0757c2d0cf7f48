// SPDX-License-Identifier: MIT
// Every word of the table comes from the coded-text catalogue of the reader's language
// (core/text/coded_text.h: the "report." codes); numbers, symbols and plan keys stay as written.
#include "core/evaluate/evaluation_table.h"

#include "core/plan/plan_enums.h"
#include "core/plan/plan_title.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_text.h"
#include "core/text/explained_names.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace fourfold::core {
namespace {

// The table's words in one language.
struct Words {
    Language language = Language::English;
    [[nodiscard]] std::string operator()(std::string code, DiagnosticArgs args = {}) const {
        return renderCodedText({std::move(code), std::move(args)}, language);
    }
};

// A column at least `minimum` wide, and two wider than its heading in any language.
std::size_t columnWidth(std::string_view heading, std::size_t minimum) {
    return std::max(minimum, displayColumns(heading) + 2);
}

std::string largestMicroBatchText(const MemoryReport& memory, Words w) {
    if (!memory.countsActivations) return w("report.no_micro_batch_search");
    if (memory.largestFittingMicroBatch == 0) return w("report.no_micro_batch");
    const std::int64_t count = memory.largestFittingMicroBatch;
    return memory.largestFittingMicroBatchAtLeast ? w("report.at_least", {{"count", count}})
                                                  : std::to_string(count);
}

std::string categoryLabel(MemoryCategory category, Words w) {
    return categoryName(category, w.language);
}

// explainedLine() with the note in the language.
std::string explainedLineIn(std::string_view label, ExplainedFigure figure, ByteUnits units,
                            Words w) {
    const std::string note(explainedText(figure.note, w.language));
    figure.note.clear();
    std::string line = explainedLine(label, figure, units);
    if (!note.empty()) line += w("report.note", {{"note", note}});
    return line;
}

// The figures again in the reference's own units, to compare digit for digit with its output:
// DeepSpeed's estimators print GB of 2^30 bytes, Megatron-LM's theoretical memory MB of 2^20.
void writeReferenceUnits(std::ostringstream& out, const MemoryReport& memory,
                         MemoryConvention convention, Words w) {
    if (memory.stages.empty()) return;
    if (convention == MemoryConvention::DeepSpeed) {
        out << w("report.deepspeed_units", {{"gpu", formatBinaryFixed(memory.peakBytes, 3)},
                                            {"cpu", formatBinaryFixed(memory.hostBytesPerNode, 3)}})
            << "\n";
    } else if (convention == MemoryConvention::Megatron) {
        const StageMemory& first = memory.stages.front();
        std::uint64_t state = 0;
        for (MemoryCategory category :
             {MemoryCategory::Weights, MemoryCategory::MasterWeights, MemoryCategory::Gradients,
              MemoryCategory::OptimizerStates}) {
            state += first.items[static_cast<std::size_t>(category)].bytes;
        }
        const std::uint64_t activations =
            first.items[static_cast<std::size_t>(MemoryCategory::Activations)].bytes;
        // Megatron-LM's own words after the colon, to compare with its output.
        out << w("report.megatron_units", {{"state", formatBinaryFixed(state, 2)},
                                           {"activations", formatBinaryFixed(activations, 2)},
                                           {"total", formatBinaryFixed(first.totalBytes, 2)}})
            << "\n";
    }
}

// The three largest categories of a stage: "optimizer states 50.2 GiB, ...".
std::string largestParts(const StageMemory& stage, ByteUnits units, Words w) {
    std::array<int, kMemoryCategoryCount> order{};
    for (int i = 0; i < kMemoryCategoryCount; ++i) order[static_cast<std::size_t>(i)] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return stage.items[static_cast<std::size_t>(a)].bytes >
               stage.items[static_cast<std::size_t>(b)].bytes;
    });
    std::string parts;
    for (std::size_t i = 0; i < 3; ++i) {
        const auto category = static_cast<MemoryCategory>(order[i]);
        const auto& item = stage.items[static_cast<std::size_t>(order[i])];
        if (item.bytes == 0) break;
        if (!parts.empty()) parts += w("report.list_separator");
        parts += w("report.part", {{"name", categoryLabel(category, w)},
                                   {"bytes", formatBytes(item.bytes, units)}});
    }
    return parts;
}

void writeWhatIfs(std::ostringstream& out, const MemoryReport& memory, const Plan& plan,
                  ByteUnits units, Words w) {
    const std::int64_t globalBatch = derivedGlobalBatch(plan);
    bool pairs = false;
    for (const WhatIf& whatIf : memory.whatIfs) {
        if (whatIf.changes > 1 && !pairs) {
            pairs = true;
            out << w(whatIf.fits ? "report.what_if_pairs" : "report.what_if_pairs_closest") << "\n";
        }
        out << w("report.what_if", {{"change", renderCodedText(whatIf.changeText, w.language)}});
        const std::string peak = formatBytes(whatIf.peakBytes, units);
        if (!whatIf.modelled) {
            out << w("report.what_if_not_modelled",
                     {{"convention",
                       w("plan_value.convention." + std::string(toString(plan.memory.convention)))},
                      {"peak", peak}})
                << "\n";
            continue;
        }
        out << w(whatIf.fits ? "report.what_if_fits" : "report.what_if_too_large",
                 {{"peak", peak}});
        if (whatIf.stepTimeS > 0) {
            out << w("report.what_if_step", {{"step", formatSeconds(whatIf.stepTimeS)}});
        }
        if (whatIf.tokensPerS > 0) {
            out << w("report.what_if_tokens", {{"tokens", formatCount(whatIf.tokensPerS)}});
        }
        // Every change says what it does to the global batch.
        if (whatIf.globalBatch > 0) {
            out << (whatIf.globalBatch == globalBatch
                        ? w("report.what_if_batch_kept", {{"global_batch", globalBatch}})
                        : w("report.what_if_batch",
                            {{"before", globalBatch}, {"after", whatIf.globalBatch}}));
        }
        out << "\n";
    }
}

void writeMemory(std::ostringstream& out, const MemoryReport& memory, const Plan& plan,
                 ByteUnits units, Words w) {
    out << w("report.memory", {{"capacity", formatBytes(memory.capacityBytes, units)},
                               {"usable", formatBytes(memory.usableBytes, units)}})
        << "\n";
    const std::array headings = {w("report.column.stage"), w("report.column.in_flight"),
                                 w("report.column.total"), w("report.column.fits")};
    const std::array widths = {columnWidth(headings[0], 7), columnWidth(headings[1], 11),
                               columnWidth(headings[2], 12), columnWidth(headings[3], 6)};
    out << "  ";
    for (std::size_t i = 0; i < headings.size(); ++i) out << padRight(headings[i], widths[i]);
    out << w("report.column.largest_parts") << "\n";
    for (const StageMemory& stage : memory.stages) {
        out << "  " << padRight(std::to_string(stage.stage), widths[0])
            << padRight(std::to_string(stage.inFlightMicroBatches), widths[1])
            << padRight(formatBytes(stage.totalBytes, units), widths[2])
            << padRight(w(stage.fits ? "report.yes" : "report.no"), widths[3])
            << largestParts(stage, units, w) << "\n";
    }
    out << w("report.peak", {{"peak", formatBytes(memory.peakBytes, units)},
                             {"verdict", w(memory.fits ? "report.fits" : "report.does_not_fit")}})
        << "\n";
    out << w("report.peak_as_measured",
             {{"allocated", formatBytes(memory.peakAllocatedBytes, units)},
              {"reserved", formatBytes(memory.peakReservedBytes, units)},
              {"peak", formatBytes(memory.peakBytes, units)}})
        << "\n";
    if (!memory.stages.empty()) {
        out << w("report.stage_zero") << "\n";
        const StageMemory& first = memory.stages.front();
        for (int i = 0; i < kMemoryCategoryCount; ++i) {
            const MemoryItem& item = first.items[static_cast<std::size_t>(i)];
            if (item.explain.empty()) continue;
            out << "    "
                << explainedLineIn(categoryLabel(static_cast<MemoryCategory>(i), w), item.explain,
                                   units, w)
                << "\n";
        }
    }
    writeReferenceUnits(out, memory, plan.memory.convention, w);
    writeWhatIfs(out, memory, plan, units, w);
    out << w("report.largest_micro_batch", {{"value", largestMicroBatchText(memory, w)}}) << "\n";
}

void writeSchedule(std::ostringstream& out, const ScheduleResult& schedule, Words w) {
    out << w("report.pipeline", {{"kind", std::string(toString(schedule.kind))},
                                 {"p", schedule.stages},
                                 {"m", schedule.microBatches},
                                 {"v", schedule.virtualStages}})
        << "\n";
    out << w("report.makespan", {{"makespan", formatSeconds(schedule.makespanS)},
                                 {"bubble", formatPercent(schedule.bubbleFraction)}})
        << "\n";
    if (!schedule.bubbleExplain.empty()) {
        out << "  "
            << explainedLineIn(w("report.bubble"), schedule.bubbleExplain, ByteUnits::Decimal, w)
            << "\n";
    } else if (!schedule.bubbleFormula.empty()) {
        out << "  " << renderCodedLine(schedule.bubbleText, w.language) << "\n";
    }
}

void writeTopology(std::ostringstream& out, const TopologyReport& topology, Words w) {
    out << w(topology.nodes == 1 ? "report.rank_map_one_node" : "report.rank_map",
             {{"order", topology.order},
              {"nodes", topology.nodes},
              {"gpus_per_node", topology.gpusPerNode}})
        << "\n";
    const std::pair<const char*, const GroupSet*> kinds[] = {{"tp", &topology.tp},
                                                             {"cp", &topology.cp},
                                                             {"ep", &topology.ep},
                                                             {"dp", &topology.dp},
                                                             {"pp", &topology.pp}};
    for (const auto& [name, set] : kinds) {
        const std::string groups = w(set->groupCount == 1 ? "report.group" : "report.groups",
                                     {{"count", set->groupCount}, {"size", set->groupSize}});
        out << "  " << padRight(name, 4) << padRight(groups, 22)
            << w("report.cross_node", {{"count", set->crossNodeGroups}}) << "\n";
    }
}

void writePerformance(std::ostringstream& out, const PerformanceReport& performance,
                      const CheckpointReport* checkpoint, ByteUnits units, Words w) {
    const StepBreakdown& b = performance.breakdown;
    out << w("report.step_time", {{"step", formatSeconds(performance.stepTimeS)},
                                  {"tokens", formatCount(performance.tokensPerS)},
                                  {"per_gpu", formatCount(performance.tokensPerSPerGpu)},
                                  {"mfu", formatPercent(performance.mfu)},
                                  {"hfu", formatPercent(performance.hfu)}})
        << "\n";
    out << w("report.breakdown", {{"compute", formatSeconds(b.compute)},
                                  {"tp", formatSeconds(b.tpComm)},
                                  {"cp", formatSeconds(b.cpComm)},
                                  {"ep", formatSeconds(b.epComm)},
                                  {"pp", formatSeconds(b.ppComm)},
                                  {"dp", formatSeconds(b.dpComm)},
                                  {"optimizer", formatSeconds(b.optimizer)},
                                  {"bubble", formatSeconds(b.bubble)}})
        << "\n";
    if (checkpoint != nullptr) {
        out << w("report.checkpoint", {{"bytes", formatBytes(checkpoint->bytes, units)},
                                       {"write", formatSeconds(checkpoint->writeS)},
                                       {"interval", formatSeconds(checkpoint->intervalS)},
                                       {"goodput", formatPercent(checkpoint->goodput)}})
            << "\n";
    }
    const TrainingCost& training = performance.training;
    if (training.tokens > 0) {
        out << w("report.training", {{"tokens", formatCount(training.tokens)},
                                     {"days", formatFixed(training.days, 1)},
                                     {"gpu_hours", formatCount(training.gpuHours)}});
        if (training.cost > 0) {
            out << w("report.training_cost", {{"cost", formatCount(training.cost)}});
        }
        out << "\n";
    }
}

// What the user measured beside the prediction: the step, and each stage's peak.
void writeMeasured(std::ostringstream& out, const Evaluation& evaluation, ByteUnits units,
                   Words w) {
    const MeasuredComparison& measured = evaluation.measured;
    if (!measured.stepTimeText.code.empty()) {
        out << w("report.measured_step",
                 {{"comparison", renderCodedText(measured.stepTimeText, w.language)}})
            << "\n";
    }
    const std::vector<std::uint64_t>& peaks = evaluation.plan.measured.peakBytesPerStage;
    for (std::size_t stage = 0; stage < measured.peakError.size() && stage < peaks.size();
         ++stage) {
        if (!measured.peakError[stage]) continue;
        const double error = *measured.peakError[stage];
        out << w("report.measured_peak",
                 {{"stage", static_cast<std::int64_t>(stage)},
                  {"measured", formatBytes(peaks[stage], units)},
                  {"error", (error >= 0 ? "+" : "") + formatPercent(error)}})
            << "\n";
    }
}

}  // namespace

std::string evaluationTable(const Evaluation& evaluation, ByteUnits units) {
    return evaluationTable(evaluation, units, Language::English);
}

std::string evaluationTable(const Evaluation& evaluation, ByteUnits units, Language language) {
    const Words w{language};
    std::ostringstream out;
    const Plan& plan = evaluation.plan;
    out << planTitle(plan) << "\n";
    out << w("report.world", {{"world", evaluation.worldSize},
                              {"dp", plan.parallel.dp},
                              {"tp", plan.parallel.tp},
                              {"pp", plan.parallel.pp},
                              {"cp", plan.parallel.cp}})
        << "\n";
    const BatchFigures& batch = evaluation.batch;
    out << w("report.batch",
             {{"line", explainedLineIn(w("report.batch_label"), batch.explain, units, w)},
              {"tokens", formatCount(static_cast<double>(batch.tokensPerStep))}})
        << "\n";
    if (evaluation.model) {
        out << w("report.parameters",
                 {{"parameters", formatCount(static_cast<double>(evaluation.model->parameters))},
                  {"flops", formatScientific(evaluation.model->flopsPerToken)}})
            << "\n";
    }
    if (evaluation.memory) writeMemory(out, *evaluation.memory, plan, units, w);
    if (evaluation.schedule) writeSchedule(out, *evaluation.schedule, w);
    if (evaluation.topology) writeTopology(out, *evaluation.topology, w);
    if (evaluation.performance) {
        writePerformance(out, *evaluation.performance,
                         evaluation.checkpoint ? &*evaluation.checkpoint : nullptr, units, w);
    }
    writeMeasured(out, evaluation, units, w);
    if (!evaluation.diagnostics.empty()) {
        out << w("report.diagnostics") << "\n";
        for (const Diagnostic& diagnostic : evaluation.diagnostics) {
            out << "  " << describe(diagnostic, language) << "\n";
        }
    }
    return out.str();
}

}  // namespace fourfold::core
