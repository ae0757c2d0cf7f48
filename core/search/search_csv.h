// SPDX-License-Identifier: MIT
// A search's candidates as CSV (RFC 4180: comma-separated, CRLF line ends, a header row), for a
// spreadsheet or a script: one row per candidate, best first, with every layout field under its
// plan JSON key and the figures in base units (bytes, seconds), numbers written so that they
// read back to the same double. docs/search.md lists the columns.
#pragma once

#include "core/search/search.h"

#include <string>
#include <vector>

namespace fourfold::core {

// The header row's column names, in order: "rank", "pareto", "fits", the layout fields'
// keys (layoutFields() order), then the figures ("peak_bytes", ..., "objective_value").
[[nodiscard]] std::vector<std::string> searchCsvColumns();
// The header and one row per candidate of `result.candidates`.
[[nodiscard]] std::string searchCsv(const SearchResult& result);

}  // namespace fourfold::core
