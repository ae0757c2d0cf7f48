// SPDX-License-Identifier: MIT
// Lessons: guided walkthroughs kept as data (docs/lessons.md). A lesson is a title and steps;
// a step has text in a small markup (paragraphs, lists, *emphasis*, `formulas`) whose figures
// are placeholders bound to the evaluation ({global_batch}, {stage0.weights}, {bubble}), a plan
// patch (RFC 7396 merge patch) applied to the plan the walkthrough has reached, the view to
// bring forward, the control or chart element to highlight and optionally a checked question.
// Reading never throws: problems come back as diagnostics with line, column and JSON pointer.
#pragma once

#include "core/plan/plan.h"
#include "core/plan/plan_json.h"
#include "core/text/diagnostic.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

inline constexpr std::string_view kLessonSchema = "fourfold.lesson/1";
// The largest lesson file read (1 MiB; the built-in lesson is about 20 KB).
inline constexpr std::size_t kMaxLessonBytes = 1 << 20;

// One piece of text within a block. A placeholder run quotes a figure of the evaluation
// (`figure` is its name, `style` "" for the value or "formula" for the whole formula); its
// `text` is empty until renderLessonText() fills it.
struct LessonRun {
    enum class Kind { Text, Emphasis, Formula };
    Kind kind = Kind::Text;
    std::string text;
    std::string figure;  // placeholder name, "" for plain text
    std::string style;   // "", "formula" or "symbols"

    bool operator==(const LessonRun&) const = default;
};

struct LessonBlock {
    enum class Kind { Paragraph, ListItem };
    Kind kind = Kind::Paragraph;
    std::vector<LessonRun> runs;

    bool operator==(const LessonBlock&) const = default;
};

struct LessonText {
    std::vector<LessonBlock> blocks;

    bool operator==(const LessonText&) const = default;
};

enum class LessonView { None, Memory, Pipeline, RankMap, StepTime };

struct LessonQuestion {
    enum class Kind { Numeric, Choice };
    Kind kind = Kind::Numeric;
    LessonText prompt;
    double answer = 0;                // Numeric: the expected number
    double tolerance = 0;             // Numeric: accepted absolute difference
    std::vector<LessonText> choices;  // Choice
    int correctChoice = 0;            // Choice: index into choices
    LessonText explanation;           // shown after an answer (may be empty)

    bool operator==(const LessonQuestion&) const = default;
};

struct LessonStep {
    std::string id;  // stable, unique within the lesson ("global-batch")
    std::string title;
    LessonText text;
    std::string patch;  // compact JSON merge patch, "{}" when the step changes nothing
    LessonView view = LessonView::None;
    std::string highlight;  // a control or chart element id (docs/lessons.md), "" for none
    std::optional<LessonQuestion> question;

    bool operator==(const LessonStep&) const = default;
};

struct Lesson {
    std::string title;
    std::string language;  // BCP 47-ish tag as the file gives it: "en", "zh_CN"
    std::vector<LessonStep> steps;

    bool operator==(const Lesson&) const = default;
};

struct LessonParse {
    std::optional<Lesson> lesson;         // set exactly when no diagnostic is an error
    std::vector<Diagnostic> diagnostics;  // with line and column in the text
};

// Reads a lesson document. Unknown keys, wrong types, unknown placeholders, unclosed markup
// and patches that do not apply (step by step from defaultPlan()) are errors.
[[nodiscard]] LessonParse parseLesson(std::string_view text);

// The markup read into blocks and runs, placeholders unresolved; an error message (English,
// with the character offset) when it is malformed. Exposed for tests and the docs' examples.
struct MarkupParse {
    LessonText text;
    std::string error;
    std::size_t errorOffset = 0;  // byte offset into the markup
};
[[nodiscard]] MarkupParse parseLessonMarkup(std::string_view markup);

// The plan a walkthrough shows at `step` (0-based): `start` with the patches of steps
// 0..step applied in order. Diagnostics of every patch are returned; no plan on an error.
[[nodiscard]] PlanParse lessonPlanAt(const Lesson& lesson, std::size_t step, const Plan& start);

// The ids a step may highlight: controls ("control.tp") and chart elements
// ("memory.optimizer_states", "pipeline.bubble"); docs/lessons.md says what each marks.
[[nodiscard]] std::span<const std::string_view> lessonHighlightIds();
[[nodiscard]] bool isLessonHighlight(std::string_view id);

[[nodiscard]] std::string_view lessonViewName(LessonView view);  // "memory", "pipeline", ...
[[nodiscard]] std::optional<LessonView> lessonViewFromName(std::string_view name);

// True when `given` answers a numeric question (within its tolerance).
[[nodiscard]] bool checkNumericAnswer(const LessonQuestion& question, double given);

}  // namespace fourfold::core
