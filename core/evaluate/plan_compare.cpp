// SPDX-License-Identifier: MIT
#include "core/evaluate/plan_compare.h"

#include "core/plan/plan_json.h"
#include "core/plan/plan_title.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace fourfold::core {
namespace {

ComparedFigure figure(std::string key, FigureUnit unit, bool lowerIsBetter, std::optional<double> a,
                      std::optional<double> b) {
    ComparedFigure f;
    f.key = std::move(key);
    f.unit = unit;
    f.lowerIsBetter = lowerIsBetter;
    f.a = a;
    f.b = b;
    if (a && b) {
        f.difference = *b - *a;
        if (*a != 0) f.relative = (*b - *a) / std::fabs(*a);
        if (*b != *a) f.better = ((*b < *a) == lowerIsBetter) ? 1 : -1;
    }
    return f;
}

// A figure both plans may lack: read through `get` when the part is present.
template <typename Part, typename Get>
std::optional<double> from(const std::optional<Part>& part, Get get) {
    if (!part) return std::nullopt;
    return get(*part);
}

std::vector<ComparedFigure> headline(const Evaluation& a, const Evaluation& b) {
    using U = FigureUnit;
    std::vector<ComparedFigure> out;
    out.push_back(figure("world_size", U::Count, false, static_cast<double>(a.worldSize),
                         static_cast<double>(b.worldSize)));
    out.back().better = 0;  // more GPUs is neither better nor worse in itself
    out.push_back(figure("global_batch", U::Count, false, static_cast<double>(a.batch.globalBatch),
                         static_cast<double>(b.batch.globalBatch)));
    out.back().better = 0;
    const auto peak = [](const MemoryReport& m) { return static_cast<double>(m.peakBytes); };
    out.push_back(figure("peak_bytes", U::Bytes, true, from(a.memory, peak), from(b.memory, peak)));
    const auto headroom = [](const MemoryReport& m) {
        return static_cast<double>(m.usableBytes) - static_cast<double>(m.peakBytes);
    };
    out.push_back(figure("headroom_bytes", U::Bytes, false, from(a.memory, headroom),
                         from(b.memory, headroom)));
    const auto step = [](const PerformanceReport& p) { return p.stepTimeS; };
    out.push_back(figure("step_time_s", U::Seconds, true, from(a.performance, step),
                         from(b.performance, step)));
    const auto tokens = [](const PerformanceReport& p) { return p.tokensPerS; };
    out.push_back(figure("tokens_per_s", U::TokensPerSecond, false, from(a.performance, tokens),
                         from(b.performance, tokens)));
    const auto perGpu = [](const PerformanceReport& p) { return p.tokensPerSPerGpu; };
    out.push_back(figure("tokens_per_s_per_gpu", U::TokensPerSecond, false,
                         from(a.performance, perGpu), from(b.performance, perGpu)));
    const auto mfu = [](const PerformanceReport& p) { return p.mfu; };
    out.push_back(
        figure("mfu", U::Share, false, from(a.performance, mfu), from(b.performance, mfu)));
    const auto bubble = [](const PerformanceReport& p) { return p.breakdown.bubble; };
    out.push_back(figure("bubble_s", U::Seconds, true, from(a.performance, bubble),
                         from(b.performance, bubble)));
    // Time and cost to train only when a plan sets a token budget (and a price).
    const auto days = [](const PerformanceReport& p) -> std::optional<double> {
        if (p.training.days <= 0) return std::nullopt;
        return p.training.days;
    };
    const auto cost = [](const PerformanceReport& p) -> std::optional<double> {
        if (p.training.cost <= 0) return std::nullopt;
        return p.training.cost;
    };
    const auto optional = [](const std::optional<PerformanceReport>& p, auto get) {
        return p ? get(*p) : std::nullopt;
    };
    if (optional(a.performance, days) || optional(b.performance, days)) {
        out.push_back(figure("training_days", U::Days, true, optional(a.performance, days),
                             optional(b.performance, days)));
    }
    if (optional(a.performance, cost) || optional(b.performance, cost)) {
        out.push_back(figure("training_cost", U::Money, true, optional(a.performance, cost),
                             optional(b.performance, cost)));
    }
    return out;
}

std::vector<ComparedFigure> stepParts(const Evaluation& a, const Evaluation& b) {
    struct Part {
        const char* key;
        double StepBreakdown::*field;
    };
    static constexpr Part kParts[] = {
        {"compute_s", &StepBreakdown::compute},          {"tp_comm_s", &StepBreakdown::tpComm},
        {"cp_comm_s", &StepBreakdown::cpComm},           {"ep_comm_s", &StepBreakdown::epComm},
        {"pp_comm_s", &StepBreakdown::ppComm},           {"dp_comm_s", &StepBreakdown::dpComm},
        {"optimizer_s", &StepBreakdown::optimizer},      {"bubble_s", &StepBreakdown::bubble},
        {"data_loading_s", &StepBreakdown::dataLoading}, {"offload_s", &StepBreakdown::offload},
    };
    std::vector<ComparedFigure> out;
    for (const Part& part : kParts) {
        const auto get = [&part](const PerformanceReport& p) { return p.breakdown.*part.field; };
        out.push_back(figure(part.key, FigureUnit::Seconds, true, from(a.performance, get),
                             from(b.performance, get)));
    }
    return out;
}

std::string leafText(const nlohmann::ordered_json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// The leaves of two JSON documents whose values differ, A's key order first, then the keys
// only B has.
void differingLeaves(const nlohmann::ordered_json* a, const nlohmann::ordered_json* b,
                     const std::string& pointer, std::vector<FieldDifference>& out) {
    const bool objectA = a && a->is_object();
    const bool objectB = b && b->is_object();
    if (objectA || objectB) {
        if (objectA) {
            for (const auto& [key, value] : a->items()) {
                const nlohmann::ordered_json* other =
                    objectB && b->contains(key) ? &(*b)[key] : nullptr;
                differingLeaves(&value, other, pointer + "/" + key, out);
            }
        }
        if (objectB) {
            for (const auto& [key, value] : b->items()) {
                if (objectA && a->contains(key)) continue;
                differingLeaves(nullptr, &value, pointer + "/" + key, out);
            }
        }
        return;
    }
    if (a && b && *a == *b) return;
    out.push_back({pointer, a ? leafText(*a) : std::string(), b ? leafText(*b) : std::string()});
}

std::vector<FieldDifference> fieldDifferences(const Plan& a, const Plan& b) {
    const auto json = [](const Plan& plan) {
        return nlohmann::ordered_json::parse(planToJson(plan), nullptr, false);
    };
    const nlohmann::ordered_json ja = json(a);
    const nlohmann::ordered_json jb = json(b);
    std::vector<FieldDifference> out;
    differingLeaves(&ja, &jb, "", out);
    return out;
}

std::optional<double> usable(const Evaluation& evaluation) {
    if (!evaluation.memory) return std::nullopt;
    return static_cast<double>(evaluation.memory->usableBytes);
}

nlohmann::ordered_json optionalJson(const std::optional<double>& value) {
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json figureJson(const ComparedFigure& f) {
    nlohmann::ordered_json j;
    j["key"] = f.key;
    j["a"] = optionalJson(f.a);
    j["b"] = optionalJson(f.b);
    j["difference"] = optionalJson(f.difference);
    j["relative"] = optionalJson(f.relative);
    j["better"] = f.better > 0 ? "b" : f.better < 0 ? "a" : "";
    return j;
}

StageBytes stageBytes(const StageMemory& stage) {
    StageBytes bytes;
    for (std::size_t c = 0; c < bytes.categories.size(); ++c) {
        bytes.categories[c] = stage.items[c].bytes;
    }
    bytes.totalBytes = stage.totalBytes;
    bytes.fits = stage.fits;
    return bytes;
}

nlohmann::ordered_json stageJson(const std::optional<StageBytes>& stage) {
    if (!stage) return nullptr;
    nlohmann::ordered_json j;
    j["total_bytes"] = stage->totalBytes;
    j["fits"] = stage->fits;
    nlohmann::ordered_json categories;
    for (int c = 0; c < kMemoryCategoryCount; ++c) {
        categories[std::string(categoryKey(static_cast<MemoryCategory>(c)))] =
            stage->categories[static_cast<std::size_t>(c)];
    }
    j["categories"] = std::move(categories);
    return j;
}

std::string word(const std::string& code, Language language, DiagnosticArgs args = {}) {
    return renderCodedText({code, std::move(args)}, language);
}

}  // namespace

PlansCompared comparePlans(const Evaluation& a, const Evaluation& b) {
    PlansCompared out;
    out.titleA = planTitle(a.plan);
    out.titleB = planTitle(b.plan);
    out.figures = headline(a, b);
    out.stepParts = stepParts(a, b);
    const std::size_t stagesA = a.memory ? a.memory->stages.size() : 0;
    const std::size_t stagesB = b.memory ? b.memory->stages.size() : 0;
    for (std::size_t i = 0; i < std::max(stagesA, stagesB); ++i) {
        ComparedStage stage;
        stage.stage = static_cast<int>(i);
        if (i < stagesA) stage.a = stageBytes(a.memory->stages[i]);
        if (i < stagesB) stage.b = stageBytes(b.memory->stages[i]);
        out.stages.push_back(std::move(stage));
    }
    out.usableBytesA = usable(a);
    out.usableBytesB = usable(b);
    out.fields = fieldDifferences(a.plan, b.plan);
    return out;
}

std::string comparedFigureName(const ComparedFigure& figure, Language language) {
    return word("compare.figure." + figure.key, language);
}

std::string comparedValueText(const ComparedFigure& figure, double value) {
    switch (figure.unit) {
        case FigureUnit::Bytes: {
            const std::string text = formatBytes(static_cast<std::uint64_t>(std::fabs(value)));
            return value < 0 ? "−" + text : text;
        }
        case FigureUnit::Seconds:
            return value < 0 ? "−" + formatSeconds(-value) : formatSeconds(value);
        case FigureUnit::Count:
            return formatGrouped(static_cast<std::int64_t>(std::llround(value)));
        case FigureUnit::Share:
            return formatPercent(value);
        case FigureUnit::TokensPerSecond:
            return value < 0 ? "−" + formatCount(-value) : formatCount(value);
        case FigureUnit::Days:
            return formatFixed(value, 1);
        case FigureUnit::Money:
            return formatFixed(value, 0);
    }
    return formatFixed(value, 3);
}

std::string comparedDifferenceText(const ComparedFigure& figure) {
    if (!figure.difference) return "";
    const double d = *figure.difference;
    if (d == 0) return "=";
    std::string text = d > 0 ? "+" + comparedValueText(figure, d) : comparedValueText(figure, d);
    if (figure.unit == FigureUnit::Share) {
        // A share's difference is in points, not a share of a share.
        text = (d > 0 ? "+" : "−") + formatFixed(std::fabs(d) * 100, 1) + " pt";
    }
    if (figure.relative && figure.unit != FigureUnit::Share) {
        const double r = *figure.relative;
        text += " (" + std::string(r > 0 ? "+" : "−") + formatPercent(std::fabs(r)) + ")";
    }
    return text;
}

nlohmann::ordered_json comparisonToJson(const PlansCompared& compared) {
    nlohmann::ordered_json j;
    j["schema"] = "fourfold.compare/1";
    j["a"] = {{"title", compared.titleA}, {"usable_bytes", optionalJson(compared.usableBytesA)}};
    j["b"] = {{"title", compared.titleB}, {"usable_bytes", optionalJson(compared.usableBytesB)}};
    nlohmann::ordered_json figures = nlohmann::ordered_json::array();
    for (const ComparedFigure& f : compared.figures) figures.push_back(figureJson(f));
    j["figures"] = std::move(figures);
    nlohmann::ordered_json parts = nlohmann::ordered_json::array();
    for (const ComparedFigure& f : compared.stepParts) parts.push_back(figureJson(f));
    j["step_parts"] = std::move(parts);
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const ComparedStage& stage : compared.stages) {
        stages.push_back(
            {{"stage", stage.stage}, {"a", stageJson(stage.a)}, {"b", stageJson(stage.b)}});
    }
    j["stages"] = std::move(stages);
    nlohmann::ordered_json fields = nlohmann::ordered_json::array();
    for (const FieldDifference& field : compared.fields) {
        fields.push_back({{"pointer", field.pointer}, {"a", field.a}, {"b", field.b}});
    }
    j["fields"] = std::move(fields);
    return j;
}

std::string comparisonTable(const PlansCompared& compared, Language language) {
    std::ostringstream out;
    out << word("compare.plan_a", language, {{"title", compared.titleA}}) << "\n";
    out << word("compare.plan_b", language, {{"title", compared.titleB}}) << "\n";
    const std::string none = word("compare.absent", language);
    const auto rows = [&](const std::vector<ComparedFigure>& figures, bool skipZero) {
        std::size_t nameWidth = 0;
        for (const ComparedFigure& f : figures) {
            nameWidth = std::max(nameWidth, displayColumns(comparedFigureName(f, language)));
        }
        for (const ComparedFigure& f : figures) {
            if (skipZero && f.a.value_or(0) == 0 && f.b.value_or(0) == 0) continue;
            out << "  " << padRight(comparedFigureName(f, language), nameWidth) << "  "
                << padLeft(f.a ? comparedValueText(f, *f.a) : none, 12) << "  "
                << padLeft(f.b ? comparedValueText(f, *f.b) : none, 12) << "  "
                << comparedDifferenceText(f) << "\n";
        }
    };
    out << word("compare.heading.figures", language) << "\n";
    rows(compared.figures, false);
    out << word("compare.heading.step", language) << "\n";
    rows(compared.stepParts, true);
    out << word("compare.heading.stages", language) << "\n";
    for (const ComparedStage& stage : compared.stages) {
        const auto total = [&](const std::optional<StageBytes>& s) {
            return s ? formatBytes(s->totalBytes) : none;
        };
        out << "  " << word("compare.stage", language, {{"stage", stage.stage}}) << "  "
            << padLeft(total(stage.a), 12) << "  " << padLeft(total(stage.b), 12) << "\n";
    }
    out << word("compare.heading.fields", language, {{"count", compared.fields.size()}}) << "\n";
    for (const FieldDifference& field : compared.fields) {
        out << "  " << field.pointer << ": " << (field.a.empty() ? none : field.a) << " → "
            << (field.b.empty() ? none : field.b) << "\n";
    }
    return out.str();
}

}  // namespace fourfold::core
