// SPDX-License-Identifier: MIT
#include "core/search/search_json.h"

#include "core/plan/plan_enums.h"
#include "core/plan/plan_json.h"
#include "core/text/format.h"

#include <cstdio>
#include <sstream>
#include <string_view>

namespace fourfold::core {
namespace {

nlohmann::ordered_json candidateJson(const SearchCandidate& candidate) {
    const SearchPoint& p = candidate.point;
    nlohmann::ordered_json j;
    j["rank"] = candidate.rank;
    // planToJson writes valid JSON; parse without exceptions all the same.
    j["plan"] = nlohmann::ordered_json::parse(planToJson(candidate.plan), nullptr, false);
    j["step_time_s"] = p.stepTimeS;
    j["tokens_per_s"] = p.tokensPerS;
    j["mfu"] = p.mfu;
    j["peak_bytes"] = p.peakBytes;
    j["fits"] = p.fits;
    j["pareto"] = candidate.pareto;
    j["headroom_bytes"] = p.headroomBytes;
    j["bubble_s"] = p.bubbleS;
    j["objective_value"] = p.objective;
    return j;
}

nlohmann::ordered_json candidatesJson(const std::vector<SearchCandidate>& candidates) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const SearchCandidate& candidate : candidates) list.push_back(candidateJson(candidate));
    return list;
}

std::string schedule(const SearchLayout& l) {
    std::string text(toString(l.schedule));
    if (l.virtualStages > 1) text += " v" + std::to_string(l.virtualStages);
    return text;
}

void row(std::ostringstream& out, const SearchCandidate& candidate) {
    const SearchPoint& p = candidate.point;
    const SearchLayout& l = p.layout;
    char line[256];
    std::snprintf(
        line, sizeof line,
        "%4s %4d %3d %3d %3d %3d  %-20s %4d  %-24s %-3s %-9s %4d %5d %10s %12s %6s %9s %s\n",
        candidate.rank > 0 ? std::to_string(candidate.rank).c_str() : "-", l.dp, l.tp, l.pp, l.cp,
        l.ep, schedule(l).c_str(), l.zeroStage, std::string(toString(l.offload)).c_str(),
        l.sequenceParallel ? "on" : "off", std::string(toString(l.recompute)).c_str(), l.microBatch,
        l.gradAccumulation, formatBytes(p.peakBytes).c_str(), formatFixed(p.tokensPerS, 0).c_str(),
        formatPercent(p.mfu).c_str(), formatSeconds(p.bubbleS).c_str(),
        candidate.pareto ? "*" : "");
    out << line;
}

void table(std::ostringstream& out, const std::vector<SearchCandidate>& candidates) {
    out << "rank   dp  tp  pp  cp  ep  schedule             zero  offload                  sp  "
           "recompute   mb   acc       peak     tokens/s    MFU    bubble\n";
    for (const SearchCandidate& candidate : candidates) row(out, candidate);
}

}  // namespace

nlohmann::ordered_json searchToJson(const SearchResult& result) {
    nlohmann::ordered_json j;
    j["schema"] = "fourfold.search/1";
    j["space"] = result.counts.space;
    j["pruned"] = result.counts.pruned;
    j["evaluated"] = result.counts.evaluated;
    j["timed"] = result.counts.timed;
    j["fitting"] = result.counts.fitting;
    j["seconds"] = result.seconds;
    j["cancelled"] = result.cancelled;
    j["objective"] = std::string(toString(result.objective));
    j["global_batch"] = result.globalBatch;
    j["candidates"] = candidatesJson(result.candidates);
    j["pareto_front"] = candidatesJson(result.paretoFront);
    auto notes = nlohmann::ordered_json::array();
    for (const CodedText& note : result.notes) notes.push_back(searchNote(note, Language::English));
    j["notes"] = notes;
    return j;
}

namespace {

std::string searchTableZh(const SearchResult& result) {
    const SearchCounts& c = result.counts;
    std::ostringstream out;
    out << "在 " << formatSeconds(result.seconds) << " 内搜索了 " << formatGrouped(c.space)
        << " 种布局：" << formatGrouped(c.pruned) << " 种违反规则，" << formatGrouped(c.evaluated)
        << " 种已评估，" << formatGrouped(c.fitting) << " 种放得下（" << formatGrouped(c.timed)
        << " 种已计时）；全局批次 " << formatGrouped(result.globalBatch) << "。\n";
    if (result.cancelled) out << "已取消：数字只涵盖已搜索的部分。\n";
    for (const CodedText& note : result.notes) {
        out << "注意：" << searchNote(note, Language::SimplifiedChinese) << "\n";
    }
    if (result.candidates.empty()) {
        out << "没有放得下的布局。\n";
        return out.str();
    }
    out << "\n按 " << toString(result.objective) << " 排列的最佳布局（* 表示位于显存与 token/s 的"
        << "帕累托前沿）：\n";
    table(out, result.candidates);
    out << "\n帕累托前沿，显存最少的在前：\n";
    table(out, result.paretoFront);
    return out.str();
}

}  // namespace

std::string searchNote(const CodedText& note, Language language) {
    return renderCodedText(note, language);
}

std::string searchTable(const SearchResult& result, Language language) {
    return language == Language::SimplifiedChinese ? searchTableZh(result) : searchTable(result);
}

std::string searchTable(const SearchResult& result) {
    const SearchCounts& c = result.counts;
    std::ostringstream out;
    out << "Searched " << formatGrouped(c.space) << " layouts in " << formatSeconds(result.seconds)
        << ": " << formatGrouped(c.pruned) << " break a rule, " << formatGrouped(c.evaluated)
        << " evaluated, " << formatGrouped(c.fitting) << " fit (" << formatGrouped(c.timed)
        << " timed); global batch " << formatGrouped(result.globalBatch) << ".\n";
    if (result.cancelled) out << "Cancelled: the figures cover the part searched.\n";
    for (const CodedText& note : result.notes) {
        out << "Note: " << searchNote(note, Language::English) << "\n";
    }
    if (result.candidates.empty()) {
        out << "No layout fits.\n";
        return out.str();
    }
    out << "\nBest by " << toString(result.objective) << " (* on the Pareto front of memory vs "
        << "tokens/s):\n";
    table(out, result.candidates);
    out << "\nPareto front, least memory first:\n";
    table(out, result.paretoFront);
    return out.str();
}

}  // namespace fourfold::core
