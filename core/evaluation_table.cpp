// SPDX-License-Identifier: MIT
#include "core/evaluation_table.h"

#include "core/plan_enums.h"
#include "core/plan_title.h"

#include <algorithm>
#include <array>
#include <sstream>

namespace fourfold::core {
namespace {

std::string padRight(std::string text, std::size_t width) {
    // Width in code points, so "×" and "µ" do not shift the columns.
    std::size_t points = 0;
    for (unsigned char c : text) points += (c & 0xC0) != 0x80 ? 1 : 0;
    if (points < width) text.append(width - points, ' ');
    return text;
}

std::string largestMicroBatchText(const MemoryReport& memory) {
    if (!memory.countsActivations) return "not applicable (this convention counts no activations)";
    if (memory.largestFittingMicroBatch == 0) return "none";
    const std::string count = std::to_string(memory.largestFittingMicroBatch);
    return memory.largestFittingMicroBatchAtLeast ? "at least " + count : count;
}

std::string categoryLabel(MemoryCategory category) {
    std::string label(categoryKey(category));
    for (char& c : label) c = c == '_' ? ' ' : c;
    return label;
}

// The figures again in the reference's own units, to compare digit for digit with its output:
// DeepSpeed's estimators print GB of 2^30 bytes, Megatron-LM's theoretical memory MB of 2^20.
void writeReferenceUnits(std::ostringstream& out, const MemoryReport& memory,
                         MemoryConvention convention) {
    if (memory.stages.empty()) return;
    if (convention == MemoryConvention::DeepSpeed) {
        out << "  as DeepSpeed prints it (GB = 2^30 bytes): per GPU "
            << formatBinaryFixed(memory.peakBytes, 3) << "GB, per CPU "
            << formatBinaryFixed(memory.hostBytesPerNode, 3) << "GB\n";
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
        out << "  as Megatron-LM prints it (MB = 2^20 bytes): weight and optimizer="
            << formatBinaryFixed(state, 2)
            << " MB, activation=" << formatBinaryFixed(activations, 2)
            << " MB, total=" << formatBinaryFixed(first.totalBytes, 2) << " MB\n";
    }
}

void writeMemory(std::ostringstream& out, const MemoryReport& memory, const Plan& plan,
                 ByteUnits units) {
    out << "\nMemory per GPU (capacity " << formatBytes(memory.capacityBytes, units) << ", usable "
        << formatBytes(memory.usableBytes, units) << ")\n";
    out << "  " << padRight("stage", 7) << padRight("in-flight", 11) << padRight("total", 12)
        << padRight("fits", 6) << "largest parts\n";
    for (const StageMemory& stage : memory.stages) {
        std::array<int, kMemoryCategoryCount> order{};
        for (int i = 0; i < kMemoryCategoryCount; ++i) order[static_cast<std::size_t>(i)] = i;
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return stage.items[static_cast<std::size_t>(a)].bytes >
                   stage.items[static_cast<std::size_t>(b)].bytes;
        });
        std::string parts;
        for (std::size_t i = 0; i < 3; ++i) {
            const auto& item = stage.items[static_cast<std::size_t>(order[i])];
            if (item.bytes == 0) break;
            if (!parts.empty()) parts += ", ";
            parts += std::string(categoryKey(static_cast<MemoryCategory>(order[i]))) + " " +
                     formatBytes(item.bytes, units);
        }
        out << "  " << padRight(std::to_string(stage.stage), 7)
            << padRight(std::to_string(stage.inFlightMicroBatches), 11)
            << padRight(formatBytes(stage.totalBytes, units), 12)
            << padRight(stage.fits ? "yes" : "NO", 6) << parts << "\n";
    }
    out << "  peak " << formatBytes(memory.peakBytes, units) << ": "
        << (memory.fits ? "fits" : "does not fit") << "\n";
    if (!memory.stages.empty()) {
        out << "  how stage 0 is counted:\n";
        const StageMemory& first = memory.stages.front();
        for (int i = 0; i < kMemoryCategoryCount; ++i) {
            const MemoryItem& item = first.items[static_cast<std::size_t>(i)];
            if (item.explain.empty()) continue;
            out << "    "
                << explainedLine(categoryLabel(static_cast<MemoryCategory>(i)), item.explain, units)
                << "\n";
        }
    }
    writeReferenceUnits(out, memory, plan.memory.convention);
    for (const WhatIf& whatIf : memory.whatIfs) {
        out << "  what if " << whatIf.change << ": ";
        if (!whatIf.modelled) {
            out << "not modelled by the " << toString(plan.memory.convention)
                << " convention (its peak stays " << formatBytes(whatIf.peakBytes, units) << ")\n";
            continue;
        }
        out << "peak " << formatBytes(whatIf.peakBytes, units)
            << (whatIf.fits ? " (fits)" : " (still too large)");
        if (whatIf.stepTimeS > 0) out << ", step " << formatSeconds(whatIf.stepTimeS);
        out << "\n";
    }
    out << "  largest micro-batch that fits: " << largestMicroBatchText(memory) << "\n";
}

void writeSchedule(std::ostringstream& out, const ScheduleResult& schedule) {
    out << "\nPipeline (" << toString(schedule.kind) << ", p = " << schedule.stages
        << ", m = " << schedule.microBatches << ", v = " << schedule.virtualStages << ")\n";
    out << "  step makespan " << formatSeconds(schedule.makespanS) << ", bubble "
        << formatPercent(schedule.bubbleFraction);
    out << "\n";
    if (!schedule.bubbleExplain.empty()) {
        out << "  " << explainedLine("bubble", schedule.bubbleExplain, ByteUnits::Decimal) << "\n";
    } else if (!schedule.bubbleFormula.empty()) {
        out << "  " << schedule.bubbleFormula << "\n";
    }
}

void writeTopology(std::ostringstream& out, const TopologyReport& topology) {
    out << "\nRank map (order " << topology.order << ", " << topology.nodes << " node"
        << (topology.nodes == 1 ? "" : "s") << " × " << topology.gpusPerNode << " GPUs)\n";
    const std::pair<const char*, const GroupSet*> kinds[] = {{"tp", &topology.tp},
                                                             {"cp", &topology.cp},
                                                             {"ep", &topology.ep},
                                                             {"dp", &topology.dp},
                                                             {"pp", &topology.pp}};
    for (const auto& [name, set] : kinds) {
        const std::size_t count = static_cast<std::size_t>(set->groupCount);
        const std::size_t size = static_cast<std::size_t>(set->groupSize);
        const std::string groups = std::to_string(count) + (count == 1 ? " group" : " groups") +
                                   " of " + std::to_string(size);
        out << "  " << padRight(name, 4) << padRight(groups, 22) << set->crossNodeGroups
            << " cross node boundaries\n";
    }
}

void writePerformance(std::ostringstream& out, const PerformanceReport& performance,
                      const CheckpointReport* checkpoint) {
    const StepBreakdown& b = performance.breakdown;
    out << "\nStep time " << formatSeconds(performance.stepTimeS) << ", "
        << formatCount(performance.tokensPerS) << " tokens/s ("
        << formatCount(performance.tokensPerSPerGpu) << " per GPU), MFU "
        << formatPercent(performance.mfu) << ", HFU " << formatPercent(performance.hfu) << "\n";
    out << "  compute " << formatSeconds(b.compute) << ", TP " << formatSeconds(b.tpComm) << ", CP "
        << formatSeconds(b.cpComm) << ", EP " << formatSeconds(b.epComm) << ", PP "
        << formatSeconds(b.ppComm) << ", DP " << formatSeconds(b.dpComm) << ", optimizer "
        << formatSeconds(b.optimizer) << ", bubble " << formatSeconds(b.bubble) << "\n";
    if (checkpoint != nullptr) {
        out << "  checkpoint " << formatBytes(checkpoint->bytes) << ", write "
            << formatSeconds(checkpoint->writeS) << ", every "
            << formatSeconds(checkpoint->intervalS) << ", goodput "
            << formatPercent(checkpoint->goodput) << "\n";
    }
    if (performance.training.tokens > 0) {
        out << "  " << formatCount(performance.training.tokens)
            << " tokens: " << formatFixed(performance.training.days, 1) << " days, "
            << formatCount(performance.training.gpuHours) << " GPU-hours";
        if (performance.training.cost > 0) {
            out << ", cost " << formatCount(performance.training.cost);
        }
        out << "\n";
    }
}

}  // namespace

std::string evaluationTable(const Evaluation& evaluation, ByteUnits units) {
    std::ostringstream out;
    const Plan& plan = evaluation.plan;
    out << planTitle(plan) << "\n";
    out << "  world size " << evaluation.worldSize << " = dp " << plan.parallel.dp << " × tp "
        << plan.parallel.tp << " × pp " << plan.parallel.pp << " × cp " << plan.parallel.cp << "\n";
    out << "  global " << explainedLine("batch B", evaluation.batch.explain, units) << " ("
        << formatCount(static_cast<double>(evaluation.batch.tokensPerStep))
        << " tokens per step)\n";
    if (evaluation.model) {
        out << "  parameters " << formatCount(static_cast<double>(evaluation.model->parameters))
            << ", " << formatScientific(evaluation.model->flopsPerToken) << " FLOPs per token\n";
    }
    if (evaluation.memory) writeMemory(out, *evaluation.memory, plan, units);
    if (evaluation.schedule) writeSchedule(out, *evaluation.schedule);
    if (evaluation.topology) writeTopology(out, *evaluation.topology);
    if (evaluation.performance) {
        writePerformance(out, *evaluation.performance,
                         evaluation.checkpoint ? &*evaluation.checkpoint : nullptr);
    }
    if (!evaluation.diagnostics.empty()) {
        out << "\nDiagnostics\n";
        for (const Diagnostic& diagnostic : evaluation.diagnostics) {
            out << "  " << describe(diagnostic) << "\n";
        }
    }
    return out.str();
}

}  // namespace fourfold::core
