// SPDX-License-Identifier: MIT
#include "core/search/search_json.h"

#include "core/plan/plan_enums.h"
#include "core/plan/plan_json.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <sstream>
#include <string_view>

namespace fourfold::core {
namespace {

// `withPlan` false leaves "plan" null, for candidateText to fill in.
nlohmann::ordered_json candidateJson(const SearchCandidate& candidate, bool withPlan = true) {
    const SearchPoint& p = candidate.point;
    nlohmann::ordered_json j;
    j["rank"] = candidate.rank;
    // planToJson writes valid JSON; parse without exceptions all the same.
    j["plan"] = withPlan ? nlohmann::ordered_json::parse(planToJson(candidate.plan), nullptr, false)
                         : nlohmann::ordered_json();
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

// The same object as text, indented to sit `indent` spaces in, without parsing the plan's JSON
// back into a tree: the writer streams many of these (every fitting layout under --top 0).
std::string candidateText(const SearchCandidate& candidate, std::size_t indent) {
    const nlohmann::ordered_json figures = candidateJson(candidate, false);
    const std::string inner(indent + 2, ' ');
    std::string out = "{";
    bool first = true;
    for (const auto& [key, value] : figures.items()) {
        out += first ? "\n" : ",\n";
        out += inner + "\"" + key + "\": ";
        if (key == "plan") {
            // planToJson's text, two-space indented with a final newline: shifted, not parsed.
            std::string plan = planToJson(candidate.plan);
            if (!plan.empty() && plan.back() == '\n') plan.pop_back();
            for (const char c : plan) {
                out += c;
                if (c == '\n') out += inner;
            }
        } else {
            out += value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        }
        first = false;
    }
    return out + "\n" + std::string(indent, ' ') + "}";
}

std::string schedule(const SearchLayout& l) {
    std::string text(toString(l.schedule));
    if (l.virtualStages > 1) text += " v" + std::to_string(l.virtualStages);
    // The embedding and loss counted in the split (embedding_in_split, loss_in_split).
    if (l.embeddingInSplit || l.lossInSplit) text += " E+L";
    return text;
}

// The table's words in one language (the "search_table." and "plan_value." codes).
struct Words {
    Language language = Language::English;
    [[nodiscard]] std::string operator()(std::string code, DiagnosticArgs args = {}) const {
        return renderCodedText({std::move(code), std::move(args)}, language);
    }
};

// One column: its heading's code ("" for a heading that is a plan key), its width, its side and
// the spaces before it. A heading wider than its column in another language widens it.
struct Column {
    std::string_view heading;  // a code, or the heading itself when `coded` is false
    bool coded;
    std::size_t width;
    bool left;
    std::size_t gap;
};
constexpr Column kColumns[] = {
    {"search_table.column.rank", true, 4, false, 0},
    {"dp", false, 4, false, 1},
    {"tp", false, 3, false, 1},
    {"pp", false, 3, false, 1},
    {"cp", false, 3, false, 1},
    {"ep", false, 3, false, 1},
    {"search_table.column.schedule", true, 20, true, 2},
    {"search_table.column.zero", true, 4, false, 1},
    {"search_table.column.offload", true, 24, true, 2},
    {"search_table.column.sp", true, 3, true, 1},
    {"search_table.column.recompute", true, 9, true, 1},
    {"search_table.column.mb", true, 4, false, 1},
    {"search_table.column.acc", true, 5, false, 1},
    {"search_table.column.peak", true, 10, false, 1},
    {"search_table.column.tokens", true, 12, false, 1},
    {"MFU", false, 6, false, 1},
    {"search_table.column.bubble", true, 9, false, 1},
};
constexpr std::size_t kColumnCount = std::size(kColumns);

struct Layout {
    std::array<std::string, kColumnCount> headings;
    std::array<std::size_t, kColumnCount> widths{};
};

Layout layoutIn(Words w) {
    Layout layout;
    for (std::size_t i = 0; i < kColumnCount; ++i) {
        const Column& column = kColumns[i];
        layout.headings[i] =
            column.coded ? w(std::string(column.heading)) : std::string(column.heading);
        layout.widths[i] = std::max(column.width, displayColumns(layout.headings[i]));
    }
    return layout;
}

void cells(std::ostream& out, const Layout& layout,
           const std::array<std::string, kColumnCount>& values) {
    for (std::size_t i = 0; i < kColumnCount; ++i) {
        const Column& column = kColumns[i];
        out << std::string(column.gap, ' ')
            << (column.left ? padRight(values[i], layout.widths[i])
                            : padLeft(values[i], layout.widths[i]));
    }
}

void row(std::ostream& out, const Layout& layout, const SearchCandidate& candidate, Words w) {
    const SearchPoint& p = candidate.point;
    const SearchLayout& l = p.layout;
    cells(
        out, layout,
        {candidate.rank > 0 ? std::to_string(candidate.rank) : "-", std::to_string(l.dp),
         std::to_string(l.tp), std::to_string(l.pp), std::to_string(l.cp), std::to_string(l.ep),
         schedule(l), std::to_string(l.zeroStage),
         w("plan_value.offload." + std::string(toString(l.offload))),
         w(l.sequenceParallel ? "search_table.on" : "search_table.off"),
         w("plan_value.recompute." + std::string(toString(l.recompute))),
         std::to_string(l.microBatch), std::to_string(l.gradAccumulation), formatBytes(p.peakBytes),
         formatFixed(p.tokensPerS, 0), formatPercent(p.mfu), formatSeconds(p.bubbleS)});
    out << " " << (candidate.pareto ? "*" : "") << "\n";
}

// A JSON value indented to sit `indent` spaces in: its lines after the first shifted.
std::string indented(const nlohmann::ordered_json& value, std::size_t indent) {
    const std::string text =
        value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        out += c;
        if (c == '\n') out.append(indent, ' ');
    }
    return out;
}

// The members before "candidates", in searchToJson's order.
nlohmann::ordered_json headJson(const SearchResult& result) {
    nlohmann::ordered_json j;
    j["schema"] = "fourfold.search/1";
    j["space"] = result.counts.space;
    j["pruned"] = result.counts.pruned;
    j["evaluated"] = result.counts.evaluated;
    j["timed"] = result.counts.timed;
    j["fitting"] = result.counts.fitting;
    j["seconds"] = result.seconds;
    j["cancelled"] = result.cancelled;
    j["time_limited"] = result.timeLimited;
    j["objective"] = std::string(toString(result.objective));
    j["global_batch"] = result.globalBatch;
    return j;
}

nlohmann::ordered_json notesJson(const SearchResult& result) {
    auto notes = nlohmann::ordered_json::array();
    for (const CodedText& note : result.notes) notes.push_back(searchNote(note, Language::English));
    return notes;
}

}  // namespace

nlohmann::ordered_json searchToJson(const SearchResult& result) {
    nlohmann::ordered_json j = headJson(result);
    auto list = [](const std::vector<SearchCandidate>& candidates) {
        auto array = nlohmann::ordered_json::array();
        for (const SearchCandidate& candidate : candidates)
            array.push_back(candidateJson(candidate));
        return array;
    };
    j["candidates"] = list(result.candidates);
    j["pareto_front"] = list(result.paretoFront);
    j["notes"] = notesJson(result);
    return j;
}

std::string searchNote(const CodedText& note, Language language) {
    return renderCodedText(note, language);
}

std::string searchTable(const SearchResult& result, Language language) {
    std::ostringstream out;
    SearchWriter(out, false, language, {}).finish(result);
    return out.str();
}

SearchWriter::SearchWriter(std::ostream& out, bool json, Language language, std::string generator)
    : out_(out), json_(json), language_(language), generator_(std::move(generator)) {}

void SearchWriter::head(const SearchResult& result) {
    headWritten_ = true;
    if (json_) {
        const nlohmann::ordered_json j = headJson(result);
        out_ << "{";
        bool first = true;
        for (const auto& [key, value] : j.items()) {
            out_ << (first ? "\n" : ",\n") << "  \"" << key << "\": " << indented(value, 2);
            if (first && !generator_.empty()) {
                out_ << ",\n  \"generator\": " << nlohmann::ordered_json(generator_).dump();
            }
            first = false;
        }
        out_ << ",\n  \"candidates\": [";
        return;
    }
    const Words w{language_};
    const SearchCounts& c = result.counts;
    out_ << w("search_table.summary", {{"space", formatGrouped(c.space)},
                                       {"seconds", formatSeconds(result.seconds)},
                                       {"pruned", formatGrouped(c.pruned)},
                                       {"evaluated", formatGrouped(c.evaluated)},
                                       {"fitting", formatGrouped(c.fitting)},
                                       {"timed", formatGrouped(c.timed)},
                                       {"global_batch", formatGrouped(result.globalBatch)}})
         << "\n";
    // A search stopped by its time limit says so in its note.
    if (result.cancelled && !result.timeLimited) out_ << w("search_table.cancelled") << "\n";
    for (const CodedText& note : result.notes) {
        out_ << w("search_table.note", {{"note", searchNote(note, language_)}}) << "\n";
    }
}

void SearchWriter::candidate(const SearchResult& result, const SearchCandidate& candidate) {
    if (!headWritten_) head(result);
    if (json_) {
        out_ << (written_ == 0 ? "\n    " : ",\n    ") << candidateText(candidate, 4);
    } else {
        const Words w{language_};
        const Layout layout = layoutIn(w);
        if (written_ == 0) {
            out_ << w("search_table.best", {{"objective", std::string(toString(result.objective))}})
                 << "\n";
            cells(out_, layout, layout.headings);
            out_ << "\n";
        }
        row(out_, layout, candidate, w);
    }
    ++written_;
}

void SearchWriter::finish(const SearchResult& result) {
    if (!headWritten_) head(result);
    if (written_ == 0) {
        for (const SearchCandidate& held : result.candidates) candidate(result, held);
    }
    if (json_) {
        out_ << (written_ == 0 ? "]" : "\n  ]") << ",\n  \"pareto_front\": [";
        bool first = true;
        for (const SearchCandidate& member : result.paretoFront) {
            out_ << (first ? "\n    " : ",\n    ") << candidateText(member, 4);
            first = false;
        }
        out_ << (first ? "]" : "\n  ]") << ",\n  \"notes\": " << indented(notesJson(result), 2)
             << "\n}\n";
        return;
    }
    const Words w{language_};
    if (written_ == 0) {
        out_ << w("search_table.no_layout") << "\n";
        return;
    }
    out_ << w("search_table.pareto") << "\n";
    const Layout layout = layoutIn(w);
    cells(out_, layout, layout.headings);
    out_ << "\n";
    for (const SearchCandidate& member : result.paretoFront) row(out_, layout, member, w);
}

std::string searchTable(const SearchResult& result) {
    return searchTable(result, Language::English);
}

}  // namespace fourfold::core
