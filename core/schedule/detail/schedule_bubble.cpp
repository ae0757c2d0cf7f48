// SPDX-License-Identifier: MIT
#include "core/schedule/detail/schedule_bubble.h"

#include "core/schedule/schedule_kinds.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

namespace fourfold::core::detail {
namespace {

// A closed form further than this from the simulated value gets the simulated one beside it.
constexpr double kBubbleDifference = 5e-4;

bool fellBackToWholeStages(const ScheduleResult& result, int requestedChunks) {
    return scheduleInfo(result.kind).usesVirtualStages && requestedChunks > 1 &&
           result.virtualStages == 1;
}

// (p − 1)/(m + p − 1), or (p − 1)/(v·m + p − 1) with v chunks, as a figure with its terms.
void explainClosedForm(ScheduleResult& result, double value, bool fellBack) {
    ExplainedFigure& figure = result.bubbleExplain;
    const Expression p =
        figure.term("p", "pipeline stages", static_cast<double>(result.stages), units::kCount);
    Expression work = figure.term("m", "micro-batches per step",
                                  static_cast<double>(result.microBatches), units::kCount);
    const bool interleaved = result.virtualStages > 1;
    if (interleaved) {
        work = figure.term("v", "model chunks per rank", static_cast<double>(result.virtualStages),
                           units::kCount) *
               std::move(work);
    }
    figure.expression = (p - 1.0) / (std::move(work) + p - 1.0);
    orderTermsByFormula(figure);
    figure.value = value;
    figure.unit = std::string(units::kFraction);
    figure.source = interleaved ? "Narayanan et al. 2021, §2.2.1 (interleaved schedule)"
                                : "Huang et al. 2019 (GPipe); Narayanan et al. 2021, §2.2";
    std::string note;
    if (fellBack) note = "m is not a multiple of p, which interleaving needs: run as 1F1B";
    if (std::fabs(value - result.bubbleFraction) > kBubbleDifference) {
        note += std::string(note.empty() ? "" : "; ") +
                "the simulated bubble differs: uneven stages or transfer time";
    }
    figure.note = std::move(note);
}

}  // namespace

void describeClosedFormBubble(ScheduleResult& result, int requestedChunks) {
    const std::int64_t stages = result.stages;
    const std::int64_t micro = result.microBatches;
    const std::int64_t chunks = result.virtualStages;
    const bool fellBack = fellBackToWholeStages(result, requestedChunks);
    std::vector<CodedText>& text = result.bubbleText;
    if (fellBack) text.push_back({"bubble.interleaving_fallback", {{"m", micro}, {"p", stages}}});
    // GPipe and 1F1B: (p − 1)/(m + p − 1) (Huang et al. 2019; Narayanan et al. 2021 §2.2).
    // Interleaved: bubble/ideal = (p − 1)/(v·m) (Narayanan et al. 2021 §2.2.1), so the idle
    // share of the whole is (p − 1)/(v·m + p − 1).
    const std::int64_t numerator = stages - 1;
    const std::int64_t denominator = chunks * micro + stages - 1;
    const double value = static_cast<double>(numerator) /
                         static_cast<double>(std::max<std::int64_t>(1, denominator));
    result.formulaBubbleFraction = value;
    DiagnosticArgs ratio{
        {"numerator", numerator}, {"denominator", denominator}, {"fraction", value}};
    if (chunks > 1) {
        ratio.emplace_back("work", chunks * micro);
        text.push_back({"bubble.closed_form_interleaved", std::move(ratio)});
    } else {
        text.push_back({"bubble.closed_form", std::move(ratio)});
    }
    if (std::fabs(value - result.bubbleFraction) > kBubbleDifference) {
        text.push_back({"bubble.simulated_differs", {{"simulated", result.bubbleFraction}}});
    }
    result.bubbleFormula = renderCodedLine(text, Language::English);
    explainClosedForm(result, value, fellBack);
}

void describeSimulatedBubble(ScheduleResult& result, std::string_view code, std::string_view note) {
    result.formulaBubbleFraction = result.bubbleFraction;
    result.bubbleText = {{std::string(code), {{"simulated", result.bubbleFraction}}}};
    result.bubbleFormula = renderCodedLine(result.bubbleText, Language::English);
    ExplainedFigure& figure = result.bubbleExplain;
    double idle = 0;
    for (const RankTimeline& rank : result.ranks) idle += rank.idleS;
    figure.expression =
        figure.term("I", "idle time summed over the ranks", idle, units::kSeconds) /
        (figure.term("p", "pipeline stages", static_cast<double>(result.stages), units::kCount) *
         figure.term("T", "step makespan", result.makespanS, units::kSeconds));
    orderTermsByFormula(figure);
    figure.value = result.bubbleFraction;
    figure.unit = std::string(units::kFraction);
    figure.source = "Qi et al. 2023 (Zero Bubble Pipeline Parallelism)";
    figure.note = std::string(note);
}

}  // namespace fourfold::core::detail
