// SPDX-License-Identifier: MIT
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

// The table's words in one language; English is the source, Chinese its translation.
struct Words {
    Language language = Language::English;
    [[nodiscard]] bool zh() const { return language == Language::SimplifiedChinese; }
    [[nodiscard]] const char* operator()(const char* english, const char* chinese) const {
        return zh() ? chinese : english;
    }
};

std::string padRight(std::string text, std::size_t width) {
    // Width in terminal columns: one per code point, so "×" and "µ" do not shift the columns,
    // and two for a CJK character (UTF-8 lead bytes 0xE3–0xE9 and the full-width forms, 0xEF).
    std::size_t columns = 0;
    for (unsigned char c : text) {
        if ((c & 0xC0) == 0x80) continue;
        columns += (c >= 0xE3 && c <= 0xE9) || c == 0xEF ? 2 : 1;
    }
    if (columns < width) text.append(width - columns, ' ');
    return text;
}

std::string largestMicroBatchText(const MemoryReport& memory, Words w) {
    if (!memory.countsActivations) {
        return w("not applicable (this convention counts no activations)",
                 "不适用（该计法不计激活）");
    }
    if (memory.largestFittingMicroBatch == 0) return w("none", "无");
    const std::string count = std::to_string(memory.largestFittingMicroBatch);
    return memory.largestFittingMicroBatchAtLeast ? w("at least ", "至少 ") + count : count;
}

std::string categoryLabel(MemoryCategory category, Words w) {
    return categoryName(category, w.language);
}

// explainedLine() with the note in the language.
std::string explainedLineIn(std::string_view label, ExplainedFigure figure, ByteUnits units,
                            Words w) {
    if (w.zh() && !figure.note.empty()) {
        const std::string note(explainedText(figure.note, w.language));
        figure.note.clear();
        return explainedLine(label, figure, units) + "（" + note + "）";
    }
    return explainedLine(label, figure, units);
}

// describe() in the language: "错误 /parallel/tp：..." (severity, place, sentence).
std::string describeIn(const Diagnostic& diagnostic, Words w) {
    if (!w.zh()) return describe(diagnostic);
    std::string text = diagnostic.severity == Severity::Error     ? "错误"
                       : diagnostic.severity == Severity::Warning ? "警告"
                                                                  : "提示";
    if (diagnostic.line > 0) {
        text += "（第 " + std::to_string(diagnostic.line) + " 行，第 " +
                std::to_string(diagnostic.column) + " 列）";
    }
    if (!diagnostic.path.empty()) text += " " + diagnostic.path;
    return text + "：" + renderMessage(diagnostic, w.language);
}

// The figures again in the reference's own units, to compare digit for digit with its output:
// DeepSpeed's estimators print GB of 2^30 bytes, Megatron-LM's theoretical memory MB of 2^20.
void writeReferenceUnits(std::ostringstream& out, const MemoryReport& memory,
                         MemoryConvention convention, Words w) {
    if (memory.stages.empty()) return;
    if (convention == MemoryConvention::DeepSpeed) {
        out << w("  as DeepSpeed prints it (GB = 2^30 bytes): per GPU ",
                 "  按 DeepSpeed 的输出（GB = 2^30 字节）：每块 GPU ")
            << formatBinaryFixed(memory.peakBytes, 3) << w("GB, per CPU ", "GB，每个 CPU ")
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
        // Megatron-LM's own words after the colon, to compare with its output.
        out << w("  as Megatron-LM prints it (MB = 2^20 bytes): ",
                 "  按 Megatron-LM 的输出（MB = 2^20 字节）：")
            << "weight and optimizer=" << formatBinaryFixed(state, 2)
            << " MB, activation=" << formatBinaryFixed(activations, 2)
            << " MB, total=" << formatBinaryFixed(first.totalBytes, 2) << " MB\n";
    }
}

void writeMemory(std::ostringstream& out, const MemoryReport& memory, const Plan& plan,
                 ByteUnits units, Words w) {
    out << w("\nMemory per GPU (capacity ", "\n每块 GPU 的显存（容量 ")
        << formatBytes(memory.capacityBytes, units) << w(", usable ", "，可用 ")
        << formatBytes(memory.usableBytes, units) << w(")\n", "）\n");
    out << "  " << padRight(w("stage", "阶段"), 7) << padRight(w("in-flight", "在途"), 11)
        << padRight(w("total", "合计"), 12) << padRight(w("fits", "放得下"), w.zh() ? 8 : 6)
        << w("largest parts\n", "最大的部分\n");
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
            if (!parts.empty()) parts += w(", ", "，");
            parts += (w.zh() ? categoryLabel(static_cast<MemoryCategory>(order[i]), w)
                             : std::string(categoryKey(static_cast<MemoryCategory>(order[i])))) +
                     " " + formatBytes(item.bytes, units);
        }
        out << "  " << padRight(std::to_string(stage.stage), 7)
            << padRight(std::to_string(stage.inFlightMicroBatches), 11)
            << padRight(formatBytes(stage.totalBytes, units), 12)
            << padRight(stage.fits ? w("yes", "是") : w("NO", "否"), w.zh() ? 8 : 6) << parts
            << "\n";
    }
    out << w("  peak ", "  峰值 ") << formatBytes(memory.peakBytes, units) << w(": ", "：")
        << (memory.fits ? w("fits", "放得下") : w("does not fit", "放不下")) << "\n";
    if (!memory.stages.empty()) {
        out << w("  how stage 0 is counted:\n", "  阶段 0 的计算方式：\n");
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
    for (const WhatIf& whatIf : memory.whatIfs) {
        out << w("  what if ", "  若改为 ")
            << (w.zh() ? renderCodedText(whatIf.changeText, w.language) : whatIf.change)
            << w(": ", "：");
        if (!whatIf.modelled) {
            out << w("not modelled by the ", "") << toString(plan.memory.convention)
                << w(" convention (its peak stays ", " 计法不建模此改动（峰值仍为 ")
                << formatBytes(whatIf.peakBytes, units) << w(")\n", "）\n");
            continue;
        }
        out << w("peak ", "峰值 ") << formatBytes(whatIf.peakBytes, units)
            << (whatIf.fits ? w(" (fits)", "（放得下）") : w(" (still too large)", "（仍然太大）"));
        if (whatIf.stepTimeS > 0) out << w(", step ", "，单步 ") << formatSeconds(whatIf.stepTimeS);
        out << "\n";
    }
    out << w("  largest micro-batch that fits: ", "  放得下的最大微批次：")
        << largestMicroBatchText(memory, w) << "\n";
}

void writeSchedule(std::ostringstream& out, const ScheduleResult& schedule, Words w) {
    const char* comma = w(", ", "，");
    out << w("\nPipeline (", "\n流水线（") << toString(schedule.kind) << comma
        << "p = " << schedule.stages << comma << "m = " << schedule.microBatches << comma
        << "v = " << schedule.virtualStages << w(")\n", "）\n");
    out << w("  step makespan ", "  单步跨度 ") << formatSeconds(schedule.makespanS)
        << w(", bubble ", "，气泡 ") << formatPercent(schedule.bubbleFraction);
    out << "\n";
    if (!schedule.bubbleExplain.empty()) {
        out << "  "
            << explainedLineIn(w("bubble", "气泡"), schedule.bubbleExplain, ByteUnits::Decimal, w)
            << "\n";
    } else if (!schedule.bubbleFormula.empty()) {
        out << "  "
            << (w.zh() ? renderCodedLine(schedule.bubbleText, w.language) : schedule.bubbleFormula)
            << "\n";
    }
}

void writeTopology(std::ostringstream& out, const TopologyReport& topology, Words w) {
    if (w.zh()) {
        out << "\nRank 映射（顺序 " << topology.order << "，" << topology.nodes << " 个节点 × "
            << topology.gpusPerNode << " 块 GPU）\n";
    } else {
        out << "\nRank map (order " << topology.order << ", " << topology.nodes << " node"
            << (topology.nodes == 1 ? "" : "s") << " × " << topology.gpusPerNode << " GPUs)\n";
    }
    const std::pair<const char*, const GroupSet*> kinds[] = {{"tp", &topology.tp},
                                                             {"cp", &topology.cp},
                                                             {"ep", &topology.ep},
                                                             {"dp", &topology.dp},
                                                             {"pp", &topology.pp}};
    for (const auto& [name, set] : kinds) {
        const std::size_t count = static_cast<std::size_t>(set->groupCount);
        const std::size_t size = static_cast<std::size_t>(set->groupSize);
        const std::string groups =
            w.zh() ? std::to_string(count) + " 组，每组 " + std::to_string(size)
                   : std::to_string(count) + (count == 1 ? " group" : " groups") + " of " +
                         std::to_string(size);
        out << "  " << padRight(name, 4) << padRight(groups, 22) << set->crossNodeGroups
            << w(" cross node boundaries\n", " 组跨越节点\n");
    }
}

void writePerformance(std::ostringstream& out, const PerformanceReport& performance,
                      const CheckpointReport* checkpoint, Words w) {
    const StepBreakdown& b = performance.breakdown;
    const char* comma = w(", ", "，");
    out << w("\nStep time ", "\n单步时间 ") << formatSeconds(performance.stepTimeS) << comma
        << formatCount(performance.tokensPerS) << w(" tokens/s (", " token/s（每块 GPU ")
        << formatCount(performance.tokensPerSPerGpu) << w(" per GPU), MFU ", "），MFU ")
        << formatPercent(performance.mfu) << comma << "HFU " << formatPercent(performance.hfu)
        << "\n";
    out << w("  compute ", "  计算 ") << formatSeconds(b.compute) << comma << "TP "
        << formatSeconds(b.tpComm) << comma << "CP " << formatSeconds(b.cpComm) << comma << "EP "
        << formatSeconds(b.epComm) << comma << "PP " << formatSeconds(b.ppComm) << comma << "DP "
        << formatSeconds(b.dpComm) << w(", optimizer ", "，优化器 ") << formatSeconds(b.optimizer)
        << w(", bubble ", "，气泡 ") << formatSeconds(b.bubble) << "\n";
    if (checkpoint != nullptr) {
        out << w("  checkpoint ", "  检查点 ") << formatBytes(checkpoint->bytes)
            << w(", write ", "，写入 ") << formatSeconds(checkpoint->writeS)
            << w(", every ", "，间隔 ") << formatSeconds(checkpoint->intervalS)
            << w(", goodput ", "，有效吞吐率 ") << formatPercent(checkpoint->goodput) << "\n";
    }
    if (performance.training.tokens > 0) {
        out << "  " << formatCount(performance.training.tokens) << w(" tokens: ", " token：")
            << formatFixed(performance.training.days, 1) << w(" days, ", " 天，")
            << formatCount(performance.training.gpuHours) << w(" GPU-hours", " GPU 小时");
        if (performance.training.cost > 0) {
            out << w(", cost ", "，成本 ") << formatCount(performance.training.cost);
        }
        out << "\n";
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
    out << w("  world size ", "  GPU 总数 ") << evaluation.worldSize << " = dp " << plan.parallel.dp
        << " × tp " << plan.parallel.tp << " × pp " << plan.parallel.pp << " × cp "
        << plan.parallel.cp << "\n";
    out << w("  global ", "  ")
        << explainedLineIn(w("batch B", "全局批次 B"), evaluation.batch.explain, units, w)
        << w(" (", "（每步 ") << formatCount(static_cast<double>(evaluation.batch.tokensPerStep))
        << w(" tokens per step)\n", " token）\n");
    if (evaluation.model) {
        out << w("  parameters ", "  参数量 ")
            << formatCount(static_cast<double>(evaluation.model->parameters))
            << w(", ", "，每个 token ") << formatScientific(evaluation.model->flopsPerToken)
            << w(" FLOPs per token\n", " FLOPs\n");
    }
    if (evaluation.memory) writeMemory(out, *evaluation.memory, plan, units, w);
    if (evaluation.schedule) writeSchedule(out, *evaluation.schedule, w);
    if (evaluation.topology) writeTopology(out, *evaluation.topology, w);
    if (evaluation.performance) {
        writePerformance(out, *evaluation.performance,
                         evaluation.checkpoint ? &*evaluation.checkpoint : nullptr, w);
    }
    if (!evaluation.diagnostics.empty()) {
        out << w("\nDiagnostics\n", "\n诊断\n");
        for (const Diagnostic& diagnostic : evaluation.diagnostics) {
            out << "  " << describeIn(diagnostic, w) << "\n";
        }
    }
    return out.str();
}

}  // namespace fourfold::core
