// SPDX-License-Identifier: MIT
#include "core/text/explained.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace fourfold::core {
namespace {

using Kind = Expression::Kind;

Expression combine(Kind kind, Expression left, Expression right) {
    Expression out;
    out.kind = kind;
    // Sums and products are associative: a × b × c stays one flat product.
    const bool flatten = kind == Kind::Sum || kind == Kind::Product;
    for (Expression* part : {&left, &right}) {
        if (flatten && part->kind == kind) {
            for (Expression& inner : part->operands) out.operands.push_back(std::move(inner));
        } else {
            out.operands.push_back(std::move(*part));
        }
    }
    return out;
}

Expression unary(Kind kind, Expression operand) {
    Expression out;
    out.kind = kind;
    out.operands.push_back(std::move(operand));
    return out;
}

// A constant as people write it: 2, 0.5, 1.05, 18 (no trailing zeros).
std::string plainNumber(double value) {
    if (!std::isfinite(value)) return formatFixed(value, 0);
    if (value == std::floor(value) && std::fabs(value) < 1e15) return formatFixed(value, 0);
    std::string text = formatFixed(value, 4);
    while (!text.empty() && text.back() == '0') text.pop_back();
    if (!text.empty() && text.back() == '.') text.pop_back();
    return text;
}

bool isAdditive(const Expression& expression) {
    return expression.kind == Kind::Sum || expression.kind == Kind::Difference;
}

std::string render(const Expression& expression, const std::vector<Term>& terms,
                   const std::function<std::string(const Term&)>& termText) {
    const auto part = [&](const Expression& operand, bool wrap) {
        const std::string text = render(operand, terms, termText);
        return wrap ? "(" + text + ")" : text;
    };
    const auto& operands = expression.operands;
    switch (expression.kind) {
        case Kind::Term:
            return expression.term < terms.size() ? termText(terms[expression.term]) : "?";
        case Kind::Number:
            return plainNumber(expression.number);
        case Kind::Sum: {
            std::string text;
            for (std::size_t i = 0; i < operands.size(); ++i) {
                text += (i > 0 ? " + " : "") + part(operands[i], false);
            }
            return text;
        }
        case Kind::Difference:
            if (operands.size() != 2) return "?";
            return part(operands[0], false) + " − " + part(operands[1], isAdditive(operands[1]));
        case Kind::Product: {
            std::string text;
            for (std::size_t i = 0; i < operands.size(); ++i) {
                text += (i > 0 ? " × " : "") + part(operands[i], isAdditive(operands[i]));
            }
            return text;
        }
        case Kind::Quotient: {
            if (operands.size() != 2) return "?";
            const Kind below = operands[1].kind;
            const bool wrapBelow =
                isAdditive(operands[1]) || below == Kind::Product || below == Kind::Quotient;
            return part(operands[0], isAdditive(operands[0])) + " / " +
                   part(operands[1], wrapBelow);
        }
        case Kind::Floor:
            return operands.size() == 1 ? "⌊" + part(operands[0], false) + "⌋" : "?";
        case Kind::Ceil:
            return operands.size() == 1 ? "⌈" + part(operands[0], false) + "⌉" : "?";
        case Kind::Min:
            if (operands.size() != 2) return "?";
            return "min(" + part(operands[0], false) + ", " + part(operands[1], false) + ")";
    }
    return "?";
}

void collectTerms(const Expression& expression, std::vector<std::size_t>& order,
                  std::vector<bool>& seen) {
    if (expression.kind == Kind::Term) {
        if (expression.term < seen.size() && !seen[expression.term]) {
            seen[expression.term] = true;
            order.push_back(expression.term);
        }
        return;
    }
    for (const Expression& operand : expression.operands) collectTerms(operand, order, seen);
}

void renumber(Expression& expression, const std::vector<std::size_t>& newIndex) {
    if (expression.kind == Kind::Term && expression.term < newIndex.size()) {
        expression.term = newIndex[expression.term];
    }
    for (Expression& operand : expression.operands) renumber(operand, newIndex);
}

}  // namespace

void orderTermsByFormula(ExplainedFigure& figure) {
    const std::size_t count = figure.terms.size();
    std::vector<std::size_t> order;
    std::vector<bool> seen(count, false);
    collectTerms(figure.expression, order, seen);
    for (std::size_t i = 0; i < count; ++i) {
        if (!seen[i]) order.push_back(i);  // named but unused: kept, last
    }
    std::vector<std::size_t> newIndex(count);
    std::vector<Term> terms;
    terms.reserve(count);
    for (std::size_t position = 0; position < count; ++position) {
        newIndex[order[position]] = position;
        terms.push_back(std::move(figure.terms[order[position]]));
    }
    figure.terms = std::move(terms);
    renumber(figure.expression, newIndex);
}

Expression numberExpr(double value) {
    Expression out;
    out.kind = Kind::Number;
    out.number = value;
    return out;
}

Expression floorExpr(Expression operand) { return unary(Kind::Floor, std::move(operand)); }
Expression ceilExpr(Expression operand) { return unary(Kind::Ceil, std::move(operand)); }
Expression minExpr(Expression first, Expression second) {
    return combine(Kind::Min, std::move(first), std::move(second));
}
Expression operator+(Expression left, Expression right) {
    return combine(Kind::Sum, std::move(left), std::move(right));
}
Expression operator-(Expression left, Expression right) {
    return combine(Kind::Difference, std::move(left), std::move(right));
}
Expression operator*(Expression left, Expression right) {
    return combine(Kind::Product, std::move(left), std::move(right));
}
Expression operator/(Expression left, Expression right) {
    return combine(Kind::Quotient, std::move(left), std::move(right));
}
Expression operator*(double left, Expression right) { return numberExpr(left) * std::move(right); }
Expression operator/(Expression left, double right) { return std::move(left) / numberExpr(right); }
Expression operator+(Expression left, double right) { return std::move(left) + numberExpr(right); }
Expression operator-(Expression left, double right) { return std::move(left) - numberExpr(right); }

Expression ExplainedFigure::term(std::string symbol, std::string name, double termValue,
                                 std::string_view termUnit) {
    terms.push_back({std::move(symbol), std::move(name), termValue, std::string(termUnit)});
    Expression out;
    out.kind = Kind::Term;
    out.term = terms.size() - 1;
    return out;
}

double evaluateExpression(const Expression& expression, const std::vector<Term>& terms) {
    const auto& operands = expression.operands;
    const auto at = [&](std::size_t index) {
        return index < operands.size() ? evaluateExpression(operands[index], terms)
                                       : std::numeric_limits<double>::quiet_NaN();
    };
    switch (expression.kind) {
        case Kind::Term:
            return expression.term < terms.size() ? terms[expression.term].value
                                                  : std::numeric_limits<double>::quiet_NaN();
        case Kind::Number:
            return expression.number;
        case Kind::Sum: {
            double sum = 0;
            for (const Expression& operand : operands) sum += evaluateExpression(operand, terms);
            return sum;
        }
        case Kind::Product: {
            double product = 1;
            for (const Expression& operand : operands) {
                product *= evaluateExpression(operand, terms);
            }
            return product;
        }
        case Kind::Difference:
            return at(0) - at(1);
        case Kind::Quotient:
            return at(0) / at(1);
        case Kind::Floor:
            return std::floor(at(0));
        case Kind::Ceil:
            return std::ceil(at(0));
        case Kind::Min:
            return std::min(at(0), at(1));
    }
    return std::numeric_limits<double>::quiet_NaN();
}

double evaluateFigure(const ExplainedFigure& figure) {
    return evaluateExpression(figure.expression, figure.terms);
}

std::string renderExpression(const Expression& expression, const std::vector<Term>& terms,
                             const std::function<std::string(const Term&)>& termText) {
    return render(expression, terms, termText);
}

std::string symbolicFormula(const ExplainedFigure& figure) {
    return render(figure.expression, figure.terms, [](const Term& term) { return term.symbol; });
}

std::string substitutedFormula(const ExplainedFigure& figure, ByteUnits units) {
    return render(figure.expression, figure.terms, [units](const Term& term) {
        return formatQuantity(term.value, term.unit, units);
    });
}

std::string formatQuantity(double value, std::string_view unit, ByteUnits units) {
    if (unit == units::kBytes) {
        // Clamped below 2^64, as the memory engine's byte counts are.
        const double bytes = std::clamp(std::nearbyint(value), 0.0, 1.8e19);
        return formatBytes(static_cast<std::uint64_t>(bytes), units);
    }
    if (unit == units::kBytesPerParameter || unit == units::kBytesPerElement) {
        return plainNumber(std::round(value * 100.0) / 100.0) + " B";
    }
    if (unit == units::kParameters || unit == units::kElements || unit == units::kTokens)
        return formatScientific(value);
    if (unit == units::kFraction) return formatPercent(value);
    if (unit == units::kSeconds) return formatSeconds(value);
    if (unit == units::kTokensPerSecond) return formatCount(value) + " tokens/s";
    if (unit == units::kFlops) return formatScientific(value) + " FLOPs";
    if (unit == units::kFlopsPerSecond) return formatScientific(value) + " FLOP/s";
    return plainNumber(value);
}

std::string explainedLine(std::string_view label, const ExplainedFigure& figure, ByteUnits units) {
    std::string line(label);
    line += " = ";
    if (!figure.terms.empty()) {
        line += symbolicFormula(figure) + " = ";
        // A lone term's value is the figure itself: "F = 1.5 GB", not "F = 1.5 GB = 1.5 GB".
        if (figure.expression.kind != Expression::Kind::Term) {
            line += substitutedFormula(figure, units) + " = ";
        }
    }
    line += formatQuantity(figure.value, figure.unit, units);
    if (!figure.note.empty()) line += " (" + figure.note + ")";
    return line;
}

}  // namespace fourfold::core
