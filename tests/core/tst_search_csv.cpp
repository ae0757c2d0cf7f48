// SPDX-License-Identifier: MIT
// A search's candidates as CSV (core/search/search_csv.h): the header, one row per candidate
// in rank order, every layout field as the plan JSON writes it, and figures that read back to
// the same doubles.
#include "search_test_util.h"

#include "core/plan/plan_enums.h"
#include "core/search/search_csv.h"
#include "core/search/search_fields.h"

#include <QTest>

#include <charconv>
#include <string>
#include <vector>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find("\r\n", start);
        if (end == std::string::npos) break;
        lines.push_back(text.substr(start, end - start));
        start = end + 2;
    }
    return lines;
}

std::vector<std::string> splitCells(const std::string& line) {
    std::vector<std::string> cells(1);
    for (const char c : line) {
        if (c == ',') {
            cells.emplace_back();
        } else {
            cells.back() += c;
        }
    }
    return cells;
}

double parsed(const std::string& text) {
    double value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

}  // namespace

class TestSearchCsv : public QObject {
    Q_OBJECT
private slots:
    void headerNamesEveryColumn() {
        const std::vector<std::string> columns = searchCsvColumns();
        QCOMPARE(columns.front(), std::string("rank"));
        QCOMPARE(columns.size(), 3 + layoutFields().size() + 10);
        QVERIFY(std::find(columns.begin(), columns.end(), "zero_stage") != columns.end());
        QVERIFY(std::find(columns.begin(), columns.end(), "tokens_per_s") != columns.end());
        const std::string csv = searchCsv(SearchResult{});
        const std::vector<std::string> lines = splitLines(csv);
        QCOMPARE(lines.size(), std::size_t{1});  // the header alone
        QCOMPARE(splitCells(lines.front()), columns);
    }

    void rowsReadBackToTheCandidates() {
        SearchOptions options;
        options.top = 12;
        const SearchResult result = search(smallPlan(8), options);
        QCOMPARE(result.candidates.size(), std::size_t{12});
        const std::vector<std::string> lines = splitLines(searchCsv(result));
        QCOMPARE(lines.size(), result.candidates.size() + 1);
        const std::vector<std::string> columns = splitCells(lines.front());
        const auto column = [&](const std::string& name) {
            return static_cast<std::size_t>(std::find(columns.begin(), columns.end(), name) -
                                            columns.begin());
        };
        for (std::size_t i = 0; i < result.candidates.size(); ++i) {
            const SearchCandidate& candidate = result.candidates[i];
            const std::vector<std::string> cells = splitCells(lines[i + 1]);
            QCOMPARE(cells.size(), columns.size());
            QCOMPARE(cells[column("rank")], std::to_string(candidate.rank));
            QCOMPARE(cells[column("pareto")], std::string(candidate.pareto ? "true" : "false"));
            const SearchLayout& layout = candidate.point.layout;
            QCOMPARE(cells[column("tp")], std::to_string(layout.tp));
            QCOMPARE(cells[column("micro_batch")], std::to_string(layout.microBatch));
            QCOMPARE(cells[column("schedule")], std::string(toString(layout.schedule)));
            QCOMPARE(cells[column("etp")], std::to_string(layout.etp));
            QCOMPARE(cells[column("sequence_parallel")],
                     std::string(layout.sequenceParallel ? "true" : "false"));
            QCOMPARE(cells[column("peak_bytes")], std::to_string(candidate.point.peakBytes));
            // Bit for bit: the shortest text that reads back to the same double.
            QVERIFY(parsed(cells[column("step_time_s")]) == candidate.point.stepTimeS);
            QVERIFY(parsed(cells[column("tokens_per_s")]) == candidate.point.tokensPerS);
            QVERIFY(parsed(cells[column("mfu")]) == candidate.point.mfu);
            QCOMPARE(cells[column("objective")], std::string("tokens_per_s"));
        }
    }
};

QTEST_APPLESS_MAIN(TestSearchCsv)
#include "tst_search_csv.moc"
