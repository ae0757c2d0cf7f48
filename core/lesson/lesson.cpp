// SPDX-License-Identifier: MIT
// Reading a lesson document (docs/lessons.md). Strict where a plan is lenient: a lesson is
// written by hand for others to follow, so an unknown key or a misspelt placeholder is an
// error rather than a warning. The markup is read in lesson_markup.cpp, the highlight ids
// are listed in lesson_ids.cpp.
#include "core/lesson/lesson.h"

#include "core/lesson/detail/lesson_reader.h"
#include "core/lesson/lesson_render.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json_text.h"
#include "core/plan/plan_patch.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <exception>
#include <set>

namespace fourfold::core {
namespace {

using Json = nlohmann::json;
using detail::LessonReader;

constexpr std::string_view kViewNames[] = {"none", "memory", "pipeline", "rank_map", "step_time"};

std::optional<LessonText> readText(LessonReader& reader, const Json& object,
                                   const std::string& pointer, std::string_view key,
                                   bool required) {
    const Json* value = reader.member(object, pointer, key, required);
    if (value == nullptr) return std::nullopt;
    return reader.markup(*value, pointer + "/" + std::string(key));
}

std::optional<LessonQuestion> readQuestion(LessonReader& reader, const Json& object,
                                           const std::string& pointer) {
    const bool choice = object.contains("choices");
    reader.allowKeys(object, pointer,
                     choice ? std::initializer_list<std::string_view>{"prompt", "choices", "answer",
                                                                      "explanation"}
                            : std::initializer_list<std::string_view>{"prompt", "answer",
                                                                      "tolerance", "explanation"});
    LessonQuestion question;
    if (auto prompt = readText(reader, object, pointer, "prompt", true)) question.prompt = *prompt;
    if (auto explanation = readText(reader, object, pointer, "explanation", false)) {
        question.explanation = *explanation;
    }
    const Json* answer = reader.member(object, pointer, "answer", true);
    if (!choice) {
        question.kind = LessonQuestion::Kind::Numeric;
        if (answer != nullptr) question.answer = reader.number(*answer, pointer + "/answer");
        if (const Json* tolerance = reader.member(object, pointer, "tolerance", false)) {
            question.tolerance = reader.number(*tolerance, pointer + "/tolerance", true);
        }
        return question;
    }
    question.kind = LessonQuestion::Kind::Choice;
    const Json& choices = object["choices"];
    const std::string choicesPointer = pointer + "/choices";
    if (!reader.expectArray(choices, choicesPointer)) return question;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (auto text = reader.markup(choices[i], choicesPointer + "/" + std::to_string(i))) {
            question.choices.push_back(*text);
        }
    }
    if (answer != nullptr) {
        question.correctChoice = reader.choiceIndex(*answer, pointer + "/answer", choices.size());
    }
    return question;
}

std::optional<LessonStep> readStep(LessonReader& reader, const Json& object,
                                   const std::string& pointer) {
    if (!reader.expectObject(object, pointer)) return std::nullopt;
    reader.allowKeys(object, pointer,
                     {"id", "title", "text", "patch", "view", "highlight", "question"});
    LessonStep step;
    if (const Json* id = reader.member(object, pointer, "id", true)) {
        step.id = reader.string(*id, pointer + "/id");
    }
    if (const Json* title = reader.member(object, pointer, "title", true)) {
        step.title = reader.string(*title, pointer + "/title");
    }
    if (auto text = readText(reader, object, pointer, "text", true)) step.text = *text;
    step.patch = "{}";
    if (const Json* patch = reader.member(object, pointer, "patch", false)) {
        if (reader.expectObject(*patch, pointer + "/patch")) step.patch = patch->dump();
    }
    if (const Json* view = reader.member(object, pointer, "view", false)) {
        const std::string name = reader.string(*view, pointer + "/view");
        if (const auto parsed = lessonViewFromName(name)) {
            step.view = *parsed;
        } else if (view->is_string()) {
            std::string choices;
            for (const std::string_view each : kViewNames) {
                choices += (choices.empty() ? "" : ", ") + std::string(each);
            }
            reader.error(pointer + "/view", "json.expected_one_of",
                         {{"pointer", pointer + "/view"},
                          {"choices", choices},
                          {"found", "\"" + name + "\""}});
        }
    }
    if (const Json* highlight = reader.member(object, pointer, "highlight", false)) {
        step.highlight = reader.string(*highlight, pointer + "/highlight");
        if (highlight->is_string() && !isLessonHighlight(step.highlight)) {
            reader.error(pointer + "/highlight", "lesson.unknown_highlight",
                         {{"pointer", pointer + "/highlight"}, {"found", step.highlight}});
        }
    }
    if (const Json* question = reader.member(object, pointer, "question", false)) {
        if (reader.expectObject(*question, pointer + "/question")) {
            step.question = readQuestion(reader, *question, pointer + "/question");
        }
    }
    return step;
}

// Each step's patch applied to the plan the steps before it reached, from defaultPlan().
void checkPatches(const Lesson& lesson, LessonReader& reader) {
    Plan plan = defaultPlan();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const std::string pointer = "/steps/" + std::to_string(i) + "/patch";
        PlanParse applied = applyPlanPatch(plan, lesson.steps[i].patch);
        bool failed = false;
        for (const Diagnostic& found : applied.diagnostics) {
            if (found.severity != Severity::Error && found.code != "json.unknown_key") continue;
            reader.error(pointer + found.path, "lesson.bad_patch",
                         {{"pointer", pointer}, {"detail", found.message}});
            failed = true;
        }
        if (failed || !applied.plan) return;  // later patches build on this one
        plan = *applied.plan;
    }
}

}  // namespace

LessonParse parseLesson(std::string_view text) {
    LessonParse result;
    if (text.size() > kMaxLessonBytes) {
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "lesson.too_large",
                           {{"bytes", text.size()}, {"limit", kMaxLessonBytes}}));
        return result;
    }
    if (auto deep =
            detail::jsonNestingError(text, detail::kMaxPlanNesting, "json.too_deep",
                                     {{"limit", detail::kMaxPlanNesting}, {"needed", 12}})) {
        result.diagnostics.push_back(std::move(*deep));
        return result;
    }
    Json document;
    try {
        document = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& error) {
        result.diagnostics.push_back(detail::lessonSyntaxError(text, error));
        return result;
    } catch (const std::exception& error) {
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "json.syntax_error", {{"detail", error.what()}}));
        return result;
    }
    LessonReader reader(text, result.diagnostics);
    if (!document.is_object()) {
        reader.error("", "lesson.not_an_object", {{"found", detail::kindOfJson(document)}});
        reader.attachPositions();
        return result;
    }
    reader.allowKeys(document, "", {"schema", "title", "language", "steps"});
    Lesson lesson;
    if (const Json* schema = reader.member(document, "", "schema", true)) {
        const std::string name = reader.string(*schema, "/schema");
        if (schema->is_string() && name != kLessonSchema) {
            reader.error("/schema", "lesson.schema", {{"found", name}, {"schema", kLessonSchema}});
        }
    }
    if (const Json* title = reader.member(document, "", "title", true)) {
        lesson.title = reader.string(*title, "/title");
    }
    if (const Json* language = reader.member(document, "", "language", false)) {
        lesson.language = reader.string(*language, "/language");
    }
    if (const Json* steps = reader.member(document, "", "steps", true);
        steps != nullptr && reader.expectArray(*steps, "/steps")) {
        if (steps->empty()) reader.error("/steps", "lesson.no_steps", {});
        std::set<std::string> ids;
        for (std::size_t i = 0; i < steps->size(); ++i) {
            const std::string pointer = "/steps/" + std::to_string(i);
            auto step = readStep(reader, (*steps)[i], pointer);
            if (!step) continue;
            if (!step->id.empty() && !ids.insert(step->id).second) {
                reader.error(pointer + "/id", "lesson.duplicate_step_id",
                             {{"id", step->id}, {"pointer", pointer + "/id"}});
            }
            lesson.steps.push_back(std::move(*step));
        }
    }
    if (!hasErrors(result.diagnostics)) checkPatches(lesson, reader);
    reader.attachPositions();
    if (!hasErrors(result.diagnostics)) result.lesson = std::move(lesson);
    return result;
}

PlanParse lessonPlanAt(const Lesson& lesson, std::size_t step, const Plan& start) {
    PlanParse result;
    Plan plan = start;
    for (std::size_t i = 0; i <= step && i < lesson.steps.size(); ++i) {
        PlanParse applied = applyPlanPatch(plan, lesson.steps[i].patch);
        result.diagnostics.insert(result.diagnostics.end(), applied.diagnostics.begin(),
                                  applied.diagnostics.end());
        if (!applied.plan) return result;
        plan = *applied.plan;
    }
    result.plan = plan;
    return result;
}

std::string_view lessonViewName(LessonView view) {
    return kViewNames[static_cast<std::size_t>(view)];
}

std::optional<LessonView> lessonViewFromName(std::string_view name) {
    for (std::size_t i = 0; i < std::size(kViewNames); ++i) {
        if (kViewNames[i] == name) return static_cast<LessonView>(i);
    }
    return std::nullopt;
}

bool checkNumericAnswer(const LessonQuestion& question, double given) {
    if (question.kind != LessonQuestion::Kind::Numeric || !std::isfinite(given)) return false;
    return std::abs(given - question.answer) <= question.tolerance;
}

}  // namespace fourfold::core
