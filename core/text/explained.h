// SPDX-License-Identifier: MIT
// Explained figures: a value with its formula, named terms and source, kept as data so the CLI,
// the JSON and the app render it (in GB or GiB, in any language) and nothing parses text.
// The formula is a small expression tree over the terms and constants (sum, difference,
// product, quotient, floor, ceiling, minimum); evaluating it gives the figure's value, which
// tst_explained checks for every memory category of every preset plan.
#pragma once

#include "core/text/format.h"

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// Units a term or figure may carry; formatQuantity knows how to write each.
namespace units {
inline constexpr std::string_view kBytes = "bytes";
inline constexpr std::string_view kBytesPerParameter = "bytes/parameter";
inline constexpr std::string_view kBytesPerElement = "bytes/element";
inline constexpr std::string_view kParameters = "parameters";
inline constexpr std::string_view kElements = "elements";
inline constexpr std::string_view kTokens = "tokens";
inline constexpr std::string_view kSequences = "sequences";
inline constexpr std::string_view kFraction = "fraction";
inline constexpr std::string_view kSeconds = "s";
inline constexpr std::string_view kTokensPerSecond = "tokens/s";
inline constexpr std::string_view kFlops = "FLOPs";
inline constexpr std::string_view kFlopsPerSecond = "FLOP/s";
inline constexpr std::string_view kCount = "";  // ranks, layers, micro-batches, factors
}  // namespace units

struct Term {
    std::string symbol;  // "Φ"
    std::string name;    // "parameters on this rank" (English; the app translates it)
    double value = 0;
    std::string unit;  // one of units::*

    bool operator==(const Term&) const = default;
};

struct Expression {
    enum class Kind { Term, Number, Sum, Difference, Product, Quotient, Floor, Ceil, Min };
    Kind kind = Kind::Number;
    std::size_t term = 0;              // Kind::Term: index into the figure's terms
    double number = 0;                 // Kind::Number
    std::vector<Expression> operands;  // Sum/Product: any number; Difference/Quotient/Min: 2

    bool operator==(const Expression&) const = default;
};

// Building blocks; the operators flatten nested sums and products.
[[nodiscard]] Expression numberExpr(double value);
[[nodiscard]] Expression floorExpr(Expression operand);
[[nodiscard]] Expression ceilExpr(Expression operand);
[[nodiscard]] Expression minExpr(Expression first, Expression second);
[[nodiscard]] Expression operator+(Expression left, Expression right);
[[nodiscard]] Expression operator-(Expression left, Expression right);
[[nodiscard]] Expression operator*(Expression left, Expression right);
[[nodiscard]] Expression operator/(Expression left, Expression right);
[[nodiscard]] Expression operator*(double left, Expression right);
[[nodiscard]] Expression operator/(Expression left, double right);
[[nodiscard]] Expression operator+(Expression left, double right);
[[nodiscard]] Expression operator-(Expression left, double right);

struct ExplainedFigure {
    double value = 0;
    std::string unit;  // one of units::*
    Expression expression;
    std::vector<Term> terms;
    std::string source;  // "Rajbhandari et al. 2020, §3"
    std::string note;    // a short phrase without numbers ("kept in CPU memory"), or empty

    [[nodiscard]] bool empty() const { return terms.empty() && source.empty() && note.empty(); }
    // Adds a term and returns the expression that refers to it.
    Expression term(std::string symbol, std::string name, double termValue,
                    std::string_view termUnit);

    bool operator==(const ExplainedFigure&) const = default;
};

// Puts the terms in the order the formula first names them (the order a reader meets them,
// whatever order the code that built the expression added them in), renumbering references.
void orderTermsByFormula(ExplainedFigure& figure);

// The expression's value from the terms' values (NaN for a term index out of range).
[[nodiscard]] double evaluateExpression(const Expression& expression,
                                        const std::vector<Term>& terms);
[[nodiscard]] double evaluateFigure(const ExplainedFigure& figure);

// Writes the expression with each term written by `termText`; constants as plain numbers.
[[nodiscard]] std::string renderExpression(const Expression& expression,
                                           const std::vector<Term>& terms,
                                           const std::function<std::string(const Term&)>& termText);
// "w × Φ / N_d"
[[nodiscard]] std::string symbolicFormula(const ExplainedFigure& figure);
// "2 B × 6.74e9 / 8" with bytes in the given units.
[[nodiscard]] std::string substitutedFormula(const ExplainedFigure& figure, ByteUnits units);
// A value in its unit: "13.5 GB" (or GiB), "2 B", "6.74e9", "27.3 %", "1.90 s", "8".
[[nodiscard]] std::string formatQuantity(double value, std::string_view unit, ByteUnits units);
// One line: "weights = w × Φ / N_d = 2 B × 6.74e9 / 8 = 1.68 GB (note)"; a figure without
// terms gives "weights = 0 B (note)".
[[nodiscard]] std::string explainedLine(std::string_view label, const ExplainedFigure& figure,
                                        ByteUnits units);

}  // namespace fourfold::core
