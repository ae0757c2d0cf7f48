// SPDX-License-Identifier: MIT
#include "core/lesson/lesson_render.h"

#include "core/memory/memory.h"
#include "core/text/explained.h"

#include <array>
#include <charconv>
#include <cmath>

namespace fourfold::core {
namespace {

// How a figure's number is written.
enum class Style { Bytes, Integer, Count, Fraction, Seconds, Duration, BytesPerParameter, Ratio };

struct Value {
    double number = 0;
    Style style = Style::Integer;
    const ExplainedFigure* explain = nullptr;
};

using Getter = std::optional<Value> (*)(const Evaluation&);

struct FixedFigure {
    std::string_view name;
    bool hasFormula;
    Getter get;
};

std::optional<Value> integer(double value) { return Value{value, Style::Integer, nullptr}; }

// The strong-scaling curve the step-time pane draws: its first point (the fewest GPUs that keep
// the global batch) and its last (the most), so a lesson quotes what the chart shows.
const ScalingPoint* strongPoint(const Evaluation& e, bool last) {
    if (!e.scaling || e.scaling->strong.empty()) return nullptr;
    return last ? &e.scaling->strong.back() : &e.scaling->strong.front();
}

const std::array kFixed = {
    FixedFigure{"global_batch", true,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (e.batch.globalBatch <= 0) return std::nullopt;
                    return Value{static_cast<double>(e.batch.globalBatch), Style::Integer,
                                 e.batch.explain.empty() ? nullptr : &e.batch.explain};
                }},
    FixedFigure{"tokens_per_step", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (e.batch.tokensPerStep <= 0) return std::nullopt;
                    return Value{static_cast<double>(e.batch.tokensPerStep), Style::Count};
                }},
    FixedFigure{"micro_batch", false,
                [](const Evaluation& e) { return integer(e.plan.training.microBatch); }},
    FixedFigure{"grad_accumulation", false,
                [](const Evaluation& e) { return integer(e.plan.training.gradAccumulation); }},
    FixedFigure{"dp", false, [](const Evaluation& e) { return integer(e.plan.parallel.dp); }},
    FixedFigure{"tp", false, [](const Evaluation& e) { return integer(e.plan.parallel.tp); }},
    FixedFigure{"pp", false, [](const Evaluation& e) { return integer(e.plan.parallel.pp); }},
    FixedFigure{"cp", false, [](const Evaluation& e) { return integer(e.plan.parallel.cp); }},
    FixedFigure{"zero_stage", false,
                [](const Evaluation& e) { return integer(e.plan.parallel.zeroStage); }},
    FixedFigure{"world_size", false,
                [](const Evaluation& e) { return integer(static_cast<double>(e.worldSize)); }},
    FixedFigure{"gpus_per_node", false,
                [](const Evaluation& e) { return integer(e.plan.cluster.gpusPerNode); }},
    FixedFigure{"nodes", false, [](const Evaluation& e) { return integer(e.plan.cluster.nodes); }},
    FixedFigure{"parameters", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.model) return std::nullopt;
                    return Value{static_cast<double>(e.model->parameters), Style::Count};
                }},
    FixedFigure{"memory.peak", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.memory) return std::nullopt;
                    return Value{static_cast<double>(e.memory->peakBytes), Style::Bytes};
                }},
    FixedFigure{"memory.capacity", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.memory) return std::nullopt;
                    return Value{static_cast<double>(e.memory->capacityBytes), Style::Bytes};
                }},
    FixedFigure{"memory.usable", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.memory) return std::nullopt;
                    return Value{static_cast<double>(e.memory->usableBytes), Style::Bytes};
                }},
    FixedFigure{"micro_batches", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.schedule) return std::nullopt;
                    return integer(e.schedule->microBatches);
                }},
    FixedFigure{"bubble", true,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.schedule || !e.schedule->complete) return std::nullopt;
                    const ExplainedFigure& figure = e.schedule->bubbleExplain;
                    if (figure.empty()) {
                        return Value{e.schedule->formulaBubbleFraction, Style::Fraction};
                    }
                    return Value{figure.value, Style::Fraction, &figure};
                }},
    FixedFigure{"bubble.simulated", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.schedule || !e.schedule->complete) return std::nullopt;
                    return Value{e.schedule->bubbleFraction, Style::Fraction};
                }},
    FixedFigure{"step_time", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.performance) return std::nullopt;
                    return Value{e.performance->stepTimeS, Style::Seconds};
                }},
    FixedFigure{"tokens_per_s", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.performance) return std::nullopt;
                    return Value{e.performance->tokensPerS, Style::Count};
                }},
    FixedFigure{"tokens_per_s_per_gpu", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.performance) return std::nullopt;
                    return Value{e.performance->tokensPerSPerGpu, Style::Count};
                }},
    FixedFigure{"mfu", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.performance) return std::nullopt;
                    return Value{e.performance->mfu, Style::Fraction};
                }},
    FixedFigure{
        "topology.tp_groups", false,
        [](const Evaluation& e) -> std::
                                    optional<Value> {
                                        if (!e.topology) return std::nullopt;
                                        return integer(
                                            static_cast<double>(e.topology->tp.groupCount));
                                    }},
    FixedFigure{"topology.tp_groups_across_nodes", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.topology) return std::nullopt;
                    return integer(static_cast<double>(e.topology->tp.crossNodeGroups));
                }},
    FixedFigure{"topology.dp_groups_across_nodes", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.topology) return std::nullopt;
                    return integer(static_cast<double>(e.topology->dp.crossNodeGroups));
                }},
    FixedFigure{"topology.pp_groups_across_nodes", false,
                [](const Evaluation& e) -> std::optional<Value> {
                    if (!e.topology) return std::nullopt;
                    return integer(static_cast<double>(e.topology->pp.crossNodeGroups));
                }},
    FixedFigure{"step_time.tp_comm", false,
                [](const Evaluation&
                       e) -> std::
                              optional<Value> {
                                  if (!e.performance) return std::nullopt;
                                  return Value{e.performance->breakdown.tpComm, Style::Seconds};
                              }},
    FixedFigure{
        "step_time.dp_comm", false,
        [](const Evaluation&
               e) -> std::
                      optional<Value> {
                          if (!e.performance) return std::nullopt;
                          return Value{e.performance->breakdown.dpComm, Style::Seconds};
                      }},
    FixedFigure{
        "scaling.base_gpus", false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, false);
                                         if (!point) return std::nullopt;
                                         return integer(static_cast<double>(point->gpus));
                                     }},
    FixedFigure{
        "scaling.base_step", false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, false);
                                         if (!point) return std::nullopt;
                                         return Value{point->stepTimeS, Style::Seconds};
                                     }},
    FixedFigure{
        "scaling.gpus",
        false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, true);
                                         if (!point) return std::nullopt;
                                         return integer(static_cast<double>(point->gpus));
                                     }},
    FixedFigure{
        "scaling.step",
        false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, true);
                                         if (!point) return std::nullopt;
                                         return Value{point->stepTimeS, Style::Seconds};
                                     }},
    FixedFigure{
        "scaling.speedup", false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, true);
                                         if (!point) return std::nullopt;
                                         return Value{point->speedup, Style::Ratio};
                                     }},
    FixedFigure{
        "scaling.efficiency", false,
        [](
            const Evaluation& e) -> std::
                                     optional<Value> {
                                         const ScalingPoint* point = strongPoint(e, true);
                                         if (!point) return std::nullopt;
                                         return Value{point->efficiency, Style::Fraction};
                                     }},
    FixedFigure{
        "checkpoint.bytes",
        false,
        [](const Evaluation&
               e) -> std::
                      optional<Value> {
                          if (!e.checkpoint) return std::nullopt;
                          return Value{static_cast<double>(e.checkpoint->bytes), Style::Bytes};
                      }},
    FixedFigure{
        "checkpoint.write", false,
        [](const Evaluation& e) -> std::
                                    optional<Value> {
                                        if (!e.checkpoint) return std::nullopt;
                                        return Value{e.checkpoint->writeS, Style::Seconds};
                                    }},
    FixedFigure{
        "checkpoint.mtbf", false,
        [](const Evaluation& e) -> std::
                                    optional<Value> {
                                        if (!e.checkpoint) return std::nullopt;
                                        return Value{e.checkpoint->clusterMtbfS, Style::Duration};
                                    }},
    FixedFigure{
        "checkpoint.interval", false,
        [](const Evaluation& e) -> std::
                                    optional<Value> {
                                        if (!e.checkpoint) return std::nullopt;
                                        return Value{e.checkpoint->intervalS, Style::Duration};
                                    }},
    FixedFigure{
        "checkpoint.goodput", false,
        [](const Evaluation& e) -> std::
                                    optional<Value> {
                                        if (!e.checkpoint) return std::nullopt;
                                        return Value{e.checkpoint->goodput, Style::Fraction};
                                    }},
};

// Stage items beyond the memory categories: whole-stage sums and counts.
constexpr std::array<std::string_view, 5> kStageExtras = {
    "total", "model_state", "bytes_per_parameter", "in_flight", "parameters"};

const FixedFigure* findFixed(std::string_view name) {
    for (const FixedFigure& figure : kFixed) {
        if (figure.name == name) return &figure;
    }
    return nullptr;
}

struct StageName {
    int stage = 0;
    std::string_view item;
};

// "stage<N>.<item>" with N a plain decimal index.
std::optional<StageName> parseStageName(std::string_view name) {
    constexpr std::string_view prefix = "stage";
    if (name.substr(0, prefix.size()) != prefix) return std::nullopt;
    const std::size_t dot = name.find('.');
    if (dot == std::string_view::npos || dot == prefix.size() || dot - prefix.size() > 4) {
        return std::nullopt;
    }
    StageName parsed;
    const char* first = name.data() + prefix.size();
    const char* last = name.data() + dot;
    const auto [end, error] = std::from_chars(first, last, parsed.stage);
    if (error != std::errc{} || end != last) return std::nullopt;
    parsed.item = name.substr(dot + 1);
    return parsed;
}

std::optional<MemoryCategory> categoryNamed(std::string_view key) {
    for (int i = 0; i < kMemoryCategoryCount; ++i) {
        const auto category = static_cast<MemoryCategory>(i);
        if (categoryKey(category) == key) return category;
    }
    return std::nullopt;
}

bool isStageItem(std::string_view item) {
    if (categoryNamed(item)) return true;
    for (const std::string_view extra : kStageExtras) {
        if (extra == item) return true;
    }
    return false;
}

std::optional<Value> stageValue(const Evaluation& evaluation, const StageName& name) {
    if (!evaluation.memory || name.stage < 0) return std::nullopt;
    const auto& stages = evaluation.memory->stages;
    if (static_cast<std::size_t>(name.stage) >= stages.size()) return std::nullopt;
    const StageMemory& stage = stages[static_cast<std::size_t>(name.stage)];
    if (const auto category = categoryNamed(name.item)) {
        const MemoryItem& item = stage.items[static_cast<std::size_t>(*category)];
        return Value{static_cast<double>(item.bytes), Style::Bytes,
                     item.explain.empty() ? nullptr : &item.explain};
    }
    if (name.item == "total") return Value{static_cast<double>(stage.totalBytes), Style::Bytes};
    if (name.item == "model_state") {
        return Value{static_cast<double>(stage.modelStateBytes), Style::Bytes};
    }
    if (name.item == "bytes_per_parameter") {
        return Value{stage.bytesPerParameter, Style::BytesPerParameter};
    }
    if (name.item == "in_flight") return integer(stage.inFlightMicroBatches);
    if (name.item == "parameters") {
        return Value{static_cast<double>(stage.parameters), Style::Count};
    }
    return std::nullopt;
}

std::optional<Value> figureValue(const Evaluation& evaluation, std::string_view name) {
    if (const FixedFigure* fixed = findFixed(name)) return fixed->get(evaluation);
    if (const auto stage = parseStageName(name)) return stageValue(evaluation, *stage);
    return std::nullopt;
}

// Times between failures and checkpoints read better in minutes or hours: "85.8 min", "781 h".
std::string formatDuration(double seconds) {
    constexpr double kMinute = 60;
    constexpr double kHour = 3600;
    if (seconds >= 2 * kHour) {
        const double hours = seconds / kHour;
        return formatFixed(hours, hours >= 100 ? 0 : 1) + " h";
    }
    if (seconds >= 2 * kMinute) return formatFixed(seconds / kMinute, 1) + " min";
    return formatSeconds(seconds);
}

std::string formatValue(const Value& value, ByteUnits units) {
    switch (value.style) {
        case Style::Bytes:
            return formatQuantity(value.number, units::kBytes, units);
        case Style::Count:
            return formatCount(value.number);
        case Style::Fraction:
            return formatPercent(value.number);
        case Style::Seconds:
            return formatSeconds(value.number);
        case Style::Duration:
            return formatDuration(value.number);
        case Style::BytesPerParameter:
            return formatQuantity(value.number, units::kBytesPerParameter, units);
        case Style::Ratio:
            return formatFixed(value.number, 2) + "×";
        case Style::Integer:
            break;
    }
    return formatQuantity(std::round(value.number), units::kCount, units);
}

}  // namespace

bool isLessonFigure(std::string_view name) {
    if (findFixed(name) != nullptr) return true;
    const auto stage = parseStageName(name);
    return stage && isStageItem(stage->item);
}

bool lessonFigureHasFormula(std::string_view name) {
    if (const FixedFigure* fixed = findFixed(name)) return fixed->hasFormula;
    const auto stage = parseStageName(name);
    return stage && categoryNamed(stage->item).has_value();
}

std::vector<std::string> lessonFigureNames() {
    std::vector<std::string> names;
    for (const FixedFigure& figure : kFixed) names.emplace_back(figure.name);
    for (int i = 0; i < kMemoryCategoryCount; ++i) {
        names.push_back("stage<N>." + std::string(categoryKey(static_cast<MemoryCategory>(i))));
    }
    for (const std::string_view extra : kStageExtras) {
        names.push_back("stage<N>." + std::string(extra));
    }
    return names;
}

std::optional<LessonFigureText> lessonFigure(const Evaluation& evaluation, std::string_view name,
                                             ByteUnits units) {
    const auto value = figureValue(evaluation, name);
    if (!value || !std::isfinite(value->number)) return std::nullopt;
    LessonFigureText text;
    text.number = value->number;
    text.value = formatValue(*value, units);
    text.formula = text.value;
    if (value->explain != nullptr && !value->explain->terms.empty()) {
        const ExplainedFigure& figure = *value->explain;
        text.symbols = symbolicFormula(figure);
        text.formula = text.symbols + " = ";
        // A lone term is the figure itself: "F = 1.5 GB", not "F = 1.5 GB = 1.5 GB".
        if (figure.expression.kind != Expression::Kind::Term) {
            text.formula += substitutedFormula(figure, units) + " = ";
        }
        text.formula += text.value;
    }
    return text;
}

RenderedLessonText renderLessonText(const LessonText& text, const Evaluation& evaluation,
                                    ByteUnits units) {
    RenderedLessonText rendered{text, {}};
    for (LessonBlock& block : rendered.text.blocks) {
        for (LessonRun& run : block.runs) {
            if (run.figure.empty()) continue;
            const auto figure = lessonFigure(evaluation, run.figure, units);
            if (!figure) {
                // assign(1, '?'), not = "?": g++ 12 at -O3 reports a false -Wrestrict overlap
                // for the latter here (GCC bug 105329).
                run.text.assign(1, '?');
                rendered.unresolved.push_back(run.figure);
                continue;
            }
            if (run.style == "formula") {
                run.text = figure->formula;
            } else if (run.style == "symbols") {
                run.text = figure->symbols;
            } else {
                run.text = figure->value;
            }
        }
    }
    return rendered;
}

std::string lessonTextToPlain(const LessonText& text) {
    std::string out;
    LessonBlock::Kind previous = LessonBlock::Kind::Paragraph;
    bool first = true;
    for (const LessonBlock& block : text.blocks) {
        const bool listContinues = !first && previous == LessonBlock::Kind::ListItem &&
                                   block.kind == LessonBlock::Kind::ListItem;
        if (!first && !listContinues) out += "\n";
        if (block.kind == LessonBlock::Kind::ListItem) out += "  - ";
        for (const LessonRun& run : block.runs) {
            if (run.kind == LessonRun::Kind::Emphasis) {
                out += "*" + run.text + "*";
            } else {
                out += run.text;
            }
        }
        out += "\n";
        previous = block.kind;
        first = false;
    }
    return out;
}

}  // namespace fourfold::core
