// SPDX-License-Identifier: MIT
// A search result as JSON (PLAN_FORMAT.md, "Search": schema fourfold.search/1) and as the
// plain-text table fourfold-cli prints.
#pragma once

#include "core/search/search.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json searchToJson(const SearchResult& result);
[[nodiscard]] std::string searchTable(const SearchResult& result);
// One of SearchResult::notes in a language (the JSON carries the English).
[[nodiscard]] std::string searchNote(const CodedText& note, Language language);
// The same table in a language: its sentences and notes; column keys, plan values and numbers
// as in English.
[[nodiscard]] std::string searchTable(const SearchResult& result, Language language);

// A search result written as it comes, for `fourfold-cli search`: the head (counts, notes) when
// the first candidate arrives through SearchOptions::onCandidate, each candidate as it is
// handed over, then the rest at finish(). So `--top 0` of a large space never holds a tree (or
// a plan) of every fitting layout. As JSON it writes the object searchToJson() gives, with
// "generator" after "schema"; as text, searchTable()'s table.
class SearchWriter {
public:
    SearchWriter(std::ostream& out, bool json, Language language, std::string generator);

    // One candidate, best first; `result` holds the final counts, front and notes.
    void candidate(const SearchResult& result, const SearchCandidate& candidate);
    // What is left: the head if no candidate came, the candidates `result` holds itself (when
    // none were handed over), the Pareto front and the notes.
    void finish(const SearchResult& result);

private:
    void head(const SearchResult& result);

    std::ostream& out_;
    bool json_;
    Language language_;
    std::string generator_;
    std::size_t written_ = 0;  // candidates written
    bool headWritten_ = false;
};

}  // namespace fourfold::core
