// SPDX-License-Identifier: MIT
// The terms of one explained figure as the memory builders name them: each symbol becomes one
// term however often the formula uses it, and when the estimate runs without explanations (the
// what-ifs' and the micro-batch search's lean passes) nothing is stored and every term is an
// empty expression.
#pragma once

#include "core/text/explained.h"

#include <cassert>
#include <cstddef>
#include <string>
#include <string_view>

namespace fourfold::core::detail {

class FigureTerms {
public:
    FigureTerms(ExplainedFigure& figure, bool explain) : figure_(explain ? &figure : nullptr) {}

    [[nodiscard]] bool explains() const { return figure_ != nullptr; }

    // The term `symbol`, added the first time the formula names it.
    [[nodiscard]] Expression operator()(std::string_view symbol, std::string_view name,
                                        double value, std::string_view unit) {
        if (figure_ == nullptr) return {};
        for (std::size_t index = 0; index < figure_->terms.size(); ++index) {
            if (figure_->terms[index].symbol != symbol) continue;
            assert(figure_->terms[index].value == value);  // one symbol, one value
            Expression named;
            named.kind = Expression::Kind::Term;
            named.term = index;
            return named;
        }
        return figure_->term(std::string(symbol), std::string(name), value, unit);
    }

private:
    ExplainedFigure* figure_;  // nullptr: figures only
};

}  // namespace fourfold::core::detail
