// SPDX-License-Identifier: MIT
// The figures a lesson may quote and rendering a lesson's text for one evaluation. Every
// placeholder is bound to a number the engine computed (docs/lessons.md lists them), so the
// text says exactly what the views show, in GB or GiB, in any language.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/lesson/lesson.h"
#include "core/text/format.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

// True for a name a placeholder may use: a fixed name ("global_batch", "memory.peak") or a
// stage figure "stage<N>.<item>" ("stage0.weights").
[[nodiscard]] bool isLessonFigure(std::string_view name);
// True when the figure carries an explained formula ({bubble:formula} may be written).
[[nodiscard]] bool lessonFigureHasFormula(std::string_view name);
// Every fixed name, then the stage items as "stage<N>.<item>" (for the docs and tests).
[[nodiscard]] std::vector<std::string> lessonFigureNames();

// One figure of an evaluation: its text in the given units, and its formula when it has one.
// Empty when the evaluation lacks the part it comes from (a plan with errors, a stage index
// beyond the pipeline).
struct LessonFigureText {
    std::string value;    // "13.5 GB", "256", "27.3 %", "1.90 s"
    std::string symbols;  // "B = b × a × dp" ("" without a formula)
    std::string formula;  // "B = b × a × dp = 4 × 8 × 8 = 256" (the value alone without one)
    double number = 0;    // the raw value (bytes, seconds, a fraction)
};
[[nodiscard]] std::optional<LessonFigureText> lessonFigure(const Evaluation& evaluation,
                                                           std::string_view name,
                                                           ByteUnits units = ByteUnits::Decimal);

struct RenderedLessonText {
    LessonText text;                      // every placeholder run's text filled in
    std::vector<std::string> unresolved;  // placeholders the evaluation could not give ("?")
};
[[nodiscard]] RenderedLessonText renderLessonText(const LessonText& text,
                                                  const Evaluation& evaluation,
                                                  ByteUnits units = ByteUnits::Decimal);

// Plain text for a terminal, one line per block: paragraphs separated by blank lines, list
// items as "  - ",
// emphasis as *word*, formulas as they are. Placeholder runs must be rendered first.
[[nodiscard]] std::string lessonTextToPlain(const LessonText& text);

}  // namespace fourfold::core
