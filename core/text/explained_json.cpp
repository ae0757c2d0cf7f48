// SPDX-License-Identifier: MIT
#include "core/text/explained_json.h"

#include <cmath>

namespace fourfold::core {
namespace {

// Whole numbers (bytes, counts) as JSON integers, the rest as doubles.
nlohmann::ordered_json number(double value) {
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9.0e15) {
        return static_cast<std::int64_t>(value);
    }
    return value;
}

}  // namespace

nlohmann::ordered_json toJson(const ExplainedFigure& figure) {
    nlohmann::ordered_json json;
    json["value"] = number(figure.value);
    json["unit"] = figure.unit;
    json["formula"] = symbolicFormula(figure);
    auto terms = nlohmann::ordered_json::array();
    for (const Term& term : figure.terms) {
        terms.push_back({{"symbol", term.symbol},
                         {"name", term.name},
                         {"value", number(term.value)},
                         {"unit", term.unit}});
    }
    json["terms"] = std::move(terms);
    json["source"] = figure.source;
    if (!figure.note.empty()) json["note"] = figure.note;
    return json;
}

}  // namespace fourfold::core
