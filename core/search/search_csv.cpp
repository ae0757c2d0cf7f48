// SPDX-License-Identifier: MIT
#include "core/search/search_csv.h"

#include "core/search/search_fields.h"

#include <array>
#include <charconv>
#include <string_view>

namespace fourfold::core {
namespace {

constexpr std::array<std::string_view, 10> kCsvFigureColumns = {
    "peak_bytes", "headroom_bytes",   "step_time_s",   "tokens_per_s",    "mfu",
    "bubble_s",   "training_seconds", "training_cost", "objective_value", "objective",
};

// The shortest text that reads back to the same double ("0.1", "1.5e+20").
std::string csvNumber(double value) {
    std::array<char, 32> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return error == std::errc() ? std::string(buffer.data(), end) : std::string("nan");
}

// A layout field as its plan JSON value: numbers as numbers (etp 0, "same as tp", as 0),
// choices by their key, switches as true / false.
std::string csvFieldValue(const SearchLayout& layout, LayoutField field) {
    switch (field) {
        case LayoutField::Schedule:
        case LayoutField::Offload:
        case LayoutField::Recompute:
            return layoutFieldText(layout, field);
        case LayoutField::SequenceParallel:
        case LayoutField::OverlapGradReduce:
        case LayoutField::OverlapParamGather:
        case LayoutField::OverlapTpComm:
        case LayoutField::OverlapP2p:
            return layoutFieldOrder(layout, field) != 0 ? "true" : "false";
        default:
            return std::to_string(layoutFieldOrder(layout, field));
    }
}

void appendCsvRow(std::string& out, const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) out += ',';
        // No value of ours holds a comma, a quote or a line break; quote one all the same.
        const std::string& cell = cells[i];
        if (cell.find_first_of(",\"\r\n") == std::string::npos) {
            out += cell;
            continue;
        }
        out += '"';
        for (const char c : cell) {
            if (c == '"') out += '"';
            out += c;
        }
        out += '"';
    }
    out += "\r\n";
}

}  // namespace

std::vector<std::string> searchCsvColumns() {
    std::vector<std::string> columns = {"rank", "pareto", "fits"};
    for (const LayoutField field : layoutFields()) columns.emplace_back(layoutFieldKey(field));
    for (const std::string_view figure : kCsvFigureColumns) columns.emplace_back(figure);
    return columns;
}

std::string searchCsv(const SearchResult& result) {
    std::string out;
    appendCsvRow(out, searchCsvColumns());
    const std::string objective(toString(result.objective));
    for (const SearchCandidate& candidate : result.candidates) {
        const SearchPoint& p = candidate.point;
        std::vector<std::string> row = {std::to_string(candidate.rank),
                                        candidate.pareto ? "true" : "false",
                                        p.fits ? "true" : "false"};
        for (const LayoutField field : layoutFields())
            row.push_back(csvFieldValue(p.layout, field));
        row.push_back(std::to_string(p.peakBytes));
        row.push_back(std::to_string(p.headroomBytes));
        row.push_back(csvNumber(p.stepTimeS));
        row.push_back(csvNumber(p.tokensPerS));
        row.push_back(csvNumber(p.mfu));
        row.push_back(csvNumber(p.bubbleS));
        row.push_back(csvNumber(p.trainingSeconds));
        row.push_back(csvNumber(p.trainingCost));
        row.push_back(csvNumber(p.objective));
        row.push_back(objective);
        appendCsvRow(out, row);
    }
    return out;
}

}  // namespace fourfold::core
