// SPDX-License-Identifier: MIT
// Lessons as data: the markup read into blocks and runs, a well-formed lesson read in full,
// and malformed lessons refused with the code, the JSON pointer and the line and column of the
// mistake (truncated JSON, wrong types, unknown keys, unknown placeholders, bad patches).
#include "core/lesson/lesson.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <QTest>

#include <string>

using namespace fourfold::core;

namespace {

using Kind = LessonRun::Kind;

// A one-step lesson whose step holds `stepBody` (the members after "id" and "title").
std::string oneStep(const std::string& stepBody) {
    return "{\n"
           "  \"schema\": \"fourfold.lesson/1\",\n"
           "  \"title\": \"T\",\n"
           "  \"steps\": [\n"
           "    {\n"
           "      \"id\": \"s\", \"title\": \"S\",\n" +
           stepBody +
           "\n    }\n"
           "  ]\n"
           "}\n";
}

const Diagnostic* firstError(const LessonParse& parse) {
    for (const Diagnostic& found : parse.diagnostics) {
        if (found.severity == Severity::Error) return &found;
    }
    return nullptr;
}

}  // namespace

class TestLesson : public QObject {
    Q_OBJECT
private slots:
    void markupReadsBlocksAndRuns() {
        const MarkupParse parsed = parseLessonMarkup(
            "First *line*\ncontinues `B = {global_batch:formula}`.\n\n- one {dp}\n- two\n"
            "  wraps\n\nLast \\*not emphasis\\* and \\{brace}.");
        QVERIFY2(parsed.error.empty(), parsed.error.c_str());
        const auto& blocks = parsed.text.blocks;
        QCOMPARE(blocks.size(), std::size_t{4});
        QCOMPARE(blocks[0].kind, LessonBlock::Kind::Paragraph);
        const std::vector<LessonRun> first = {{Kind::Text, "First ", "", ""},
                                              {Kind::Emphasis, "line", "", ""},
                                              {Kind::Text, " continues ", "", ""},
                                              {Kind::Formula, "B = ", "", ""},
                                              {Kind::Formula, "", "global_batch", "formula"},
                                              {Kind::Text, ".", "", ""}};
        QCOMPARE(blocks[0].runs, first);
        QCOMPARE(blocks[1].kind, LessonBlock::Kind::ListItem);
        const std::vector<LessonRun> item = {{Kind::Text, "one ", "", ""},
                                             {Kind::Text, "", "dp", ""}};
        QCOMPARE(blocks[1].runs, item);
        QCOMPARE(blocks[2].kind, LessonBlock::Kind::ListItem);
        QCOMPARE(blocks[2].runs.front().text, std::string("two wraps"));
        QCOMPARE(blocks[3].runs.size(), std::size_t{1});
        QCOMPARE(blocks[3].runs.front().text, std::string("Last *not emphasis* and {brace}."));
    }

    void markupFormulaStyleOutsideBackticksIsAFormulaRun() {
        const MarkupParse parsed = parseLessonMarkup("Bubble {bubble:formula}.");
        QVERIFY(parsed.error.empty());
        QCOMPARE(parsed.text.blocks.at(0).runs.at(1).kind, Kind::Formula);
        QCOMPARE(parsed.text.blocks.at(0).runs.at(1).figure, std::string("bubble"));
    }

    void markupRefusesUnclosedMarks_data() {
        QTest::addColumn<QString>("markup");
        QTest::addColumn<int>("offset");
        QTest::newRow("emphasis") << "ok\n\nnot *closed" << 8;
        QTest::newRow("formula-across-blocks") << "a `b\n\nc`" << 2;
        QTest::newRow("brace") << "a {b" << 2;
        QTest::newRow("not-a-name") << "a {B C} d" << 2;
    }
    void markupRefusesUnclosedMarks() {
        QFETCH(QString, markup);
        QFETCH(int, offset);
        const MarkupParse parsed = parseLessonMarkup(markup.toStdString());
        QVERIFY(!parsed.error.empty());
        QCOMPARE(parsed.errorOffset, static_cast<std::size_t>(offset));
    }

    void readsACompleteLesson() {
        const std::string text = oneStep(
            "      \"text\": [\"Batch {global_batch}.\", \"\", \"- item\"],\n"
            "      \"patch\": { \"parallel\": { \"dp\": 4 }, \"training\": { \"micro_batch\": 2 } "
            "},\n"
            "      \"view\": \"rank_map\", \"highlight\": \"rank_map.dp_groups\",\n"
            "      \"question\": { \"prompt\": \"Which?\", \"choices\": [\"a\", \"*b*\"],\n"
            "                    \"answer\": 1, \"explanation\": \"Because.\" }");
        const LessonParse parse = parseLesson(text);
        QVERIFY2(parse.lesson.has_value(),
                 parse.diagnostics.empty() ? "" : describe(parse.diagnostics[0]).c_str());
        const Lesson& lesson = *parse.lesson;
        QCOMPARE(lesson.title, std::string("T"));
        QCOMPARE(lesson.steps.size(), std::size_t{1});
        const LessonStep& step = lesson.steps[0];
        QCOMPARE(step.text.blocks.size(), std::size_t{2});
        QCOMPARE(step.text.blocks[1].kind, LessonBlock::Kind::ListItem);
        QCOMPARE(step.view, LessonView::RankMap);
        QCOMPARE(step.highlight, std::string("rank_map.dp_groups"));
        QVERIFY(step.question.has_value());
        QCOMPARE(step.question->kind, LessonQuestion::Kind::Choice);
        QCOMPARE(step.question->correctChoice, 1);
        QCOMPARE(step.question->choices.size(), std::size_t{2});
        // The patch applies on top of the plan it is given.
        const PlanParse plan = lessonPlanAt(lesson, 0, defaultPlan());
        QVERIFY(plan.plan.has_value());
        QCOMPARE(plan.plan->parallel.dp, 4);
        QCOMPARE(plan.plan->training.microBatch, 2);
        QCOMPARE(plan.plan->training.gradAccumulation, defaultPlan().training.gradAccumulation);
    }

    void patchesApplyCumulatively() {
        const std::string text =
            "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\", \"steps\": ["
            "{\"id\": \"a\", \"title\": \"A\", \"text\": \"x\", \"patch\": {\"parallel\": {\"pp\": "
            "2, "
            "\"dp\": 4}}},"
            "{\"id\": \"b\", \"title\": \"B\", \"text\": \"y\", \"patch\": {\"parallel\": "
            "{\"zero_stage\": 1}}}]}";
        const LessonParse parse = parseLesson(text);
        QVERIFY(parse.lesson.has_value());
        const PlanParse second = lessonPlanAt(*parse.lesson, 1, defaultPlan());
        QVERIFY(second.plan.has_value());
        QCOMPARE(second.plan->parallel.pp, 2);
        QCOMPARE(second.plan->parallel.zeroStage, 1);
        QCOMPARE(parse.lesson->steps[1].view, LessonView::None);
        QCOMPARE(parse.lesson->steps[0].patch, std::string(R"({"parallel":{"dp":4,"pp":2}})"));
    }

    void numericAnswersUseTheTolerance() {
        LessonQuestion question;
        question.answer = 27.3;
        question.tolerance = 0.1;
        QVERIFY(checkNumericAnswer(question, 27.27));
        QVERIFY(checkNumericAnswer(question, 27.4));
        QVERIFY(!checkNumericAnswer(question, 27.5));
        QVERIFY(!checkNumericAnswer(question, std::nan("")));
        question.kind = LessonQuestion::Kind::Choice;
        QVERIFY(!checkNumericAnswer(question, 27.3));
    }

    // Each malformed lesson: the first error's code, JSON pointer, line and column.
    void refusesMalformedLessons_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        const auto row = [](const char* name, const std::string& text, const char* code,
                            const char* pointer, int line, int column) {
            QTest::newRow(name) << QString::fromStdString(text) << code << pointer << line
                                << column;
        };
        row("truncated", "{\n  \"title\": \"T\",\n  \"steps\": [", "json.syntax_truncated", "", 3,
            13);
        row("syntax", "{\n  \"title\": \"T\" \"steps\": []\n}", "json.syntax_error", "", 2, 16);
        row("array-document", "[1, 2]", "lesson.not_an_object", "", 1, 1);
        row("title-number", "{\"schema\": \"fourfold.lesson/1\",\n \"title\": 3, \"steps\": []}",
            "json.expected_string", "/title", 2, 11);
        row("schema", "{\"schema\": \"fourfold.lesson/9\", \"title\": \"T\", \"steps\": [{}]}",
            "lesson.schema", "/schema", 1, 12);
        row("no-steps", "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\", \"steps\": []}",
            "lesson.no_steps", "/steps", 1, 56);
        row("unknown-top-key",
            "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\",\n\"stepz\": [], \"steps\": []}",
            "lesson.unknown_key", "/stepz", 2, 10);
        row("unknown-step-key", oneStep("      \"txt\": \"x\", \"text\": \"y\""),
            "lesson.unknown_key", "/steps/0/txt", 7, 14);
        row("missing-text", oneStep("      \"view\": \"memory\""), "lesson.missing_key", "/steps/0",
            5, 5);
        row("text-number", oneStep("      \"text\": 7"), "lesson.expected_text", "/steps/0/text", 7,
            15);
        row("text-line-number", oneStep("      \"text\": [\"a\",\n        false]"),
            "json.expected_string", "/steps/0/text/1", 8, 9);
        row("unknown-placeholder", oneStep("      \"text\": \"Weights: {stage0.wieghts} per GPU\""),
            "lesson.unknown_placeholder", "/steps/0/text", 7, 25);
        row("unknown-placeholder-in-line",
            oneStep("      \"text\": [\"fine {dp}\",\n        \"bad {global_bach}\"]"),
            "lesson.unknown_placeholder", "/steps/0/text/1", 8, 14);
        row("placeholder-after-escaped-quote",
            oneStep("      \"text\": \"a \\\"q\\\" {bad_name}\""), "lesson.unknown_placeholder",
            "/steps/0/text", 7, 24);
        row("formula-without-one", oneStep("      \"text\": \"{dp:formula}\""),
            "lesson.placeholder_without_formula", "/steps/0/text", 7, 16);
        row("unknown-style", oneStep("      \"text\": \"{bubble:percent}\""),
            "lesson.unknown_placeholder_style", "/steps/0/text", 7, 16);
        row("unclosed-emphasis", oneStep("      \"text\": \"a \\\"quoted\\\" *word\""),
            "lesson.markup", "/steps/0/text", 7, 29);
        row("view", oneStep("      \"text\": \"x\", \"view\": \"gantt\""), "json.expected_one_of",
            "/steps/0/view", 7, 28);
        row("highlight", oneStep("      \"text\": \"x\", \"highlight\": \"control.tpp\""),
            "lesson.unknown_highlight", "/steps/0/highlight", 7, 33);
        row("patch-not-object", oneStep("      \"text\": \"x\", \"patch\": [1]"),
            "json.expected_object", "/steps/0/patch", 7, 29);
        row("patch-wrong-type",
            oneStep(
                "      \"text\": \"x\",\n      \"patch\": { \"parallel\": { \"tp\": \"four\" } }"),
            "lesson.bad_patch", "/steps/0/patch/parallel/tp", 8, 38);
        row("patch-unknown-key", oneStep("      \"text\": \"x\", \"patch\": { \"paralel\": {} }"),
            "lesson.bad_patch", "/steps/0/patch/paralel", 7, 42);
        row("choice-out-of-range",
            oneStep("      \"text\": \"x\", \"question\": { \"prompt\": \"?\", \"choices\": "
                    "[\"a\"], \"answer\": 1 }"),
            "lesson.choice_out_of_range", "/steps/0/question/answer", 7, 77);
        row("numeric-answer-text",
            oneStep("      \"text\": \"x\", \"question\": { \"prompt\": \"?\", \"answer\": "
                    "\"256\" }"),
            "lesson.expected_number", "/steps/0/question/answer", 7, 59);
        row("question-unknown-key",
            oneStep("      \"text\": \"x\", \"question\": { \"prompt\": \"?\", \"answer\": 1, "
                    "\"choice\": [] }"),
            "lesson.unknown_key", "/steps/0/question/choice", 7, 72);
    }
    void refusesMalformedLessons() {
        QFETCH(QString, text);
        QFETCH(QString, code);
        QFETCH(QString, pointer);
        QFETCH(int, line);
        QFETCH(int, column);
        const LessonParse parse = parseLesson(text.toStdString());
        QVERIFY(!parse.lesson.has_value());
        const Diagnostic* error = firstError(parse);
        QVERIFY(error != nullptr);
        QVERIFY2(!error->message.empty() && error->message.find('?') == std::string::npos,
                 error->message.c_str());
        QCOMPARE(QString::fromStdString(error->code), code);
        QCOMPARE(QString::fromStdString(error->path), pointer);
        QCOMPARE(error->line, line);
        QCOMPARE(error->column, column);
    }

    void refusesDuplicateStepIds() {
        const std::string text =
            "{\"schema\": \"fourfold.lesson/1\", \"title\": \"T\", \"steps\": ["
            "{\"id\": \"a\", \"title\": \"A\", \"text\": \"x\"},"
            "{\"id\": \"a\", \"title\": \"B\", \"text\": \"y\"}]}";
        const LessonParse parse = parseLesson(text);
        QVERIFY(!parse.lesson.has_value());
        QCOMPARE(firstError(parse)->code, std::string("lesson.duplicate_step_id"));
        QCOMPARE(firstError(parse)->path, std::string("/steps/1/id"));
    }

    void refusesOversizedText() {
        const std::string text(kMaxLessonBytes + 1, ' ');
        const LessonParse parse = parseLesson(text);
        QVERIFY(!parse.lesson.has_value());
        QCOMPARE(firstError(parse)->code, std::string("lesson.too_large"));
    }

    void highlightIdsAreUniqueAndNamed() {
        const auto ids = lessonHighlightIds();
        QVERIFY(ids.size() >= 40);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            QVERIFY(!ids[i].empty());
            QVERIFY(ids[i].find('.') != std::string_view::npos);
            for (std::size_t j = i + 1; j < ids.size(); ++j) QVERIFY(ids[i] != ids[j]);
            QVERIFY(isLessonHighlight(ids[i]));
        }
        QVERIFY(!isLessonHighlight("memory"));
    }

    void viewNamesRoundTrip() {
        for (const LessonView view : {LessonView::None, LessonView::Memory, LessonView::Pipeline,
                                      LessonView::RankMap, LessonView::StepTime}) {
            QCOMPARE(lessonViewFromName(lessonViewName(view)), std::optional<LessonView>(view));
        }
        QCOMPARE(lessonViewName(LessonView::StepTime), std::string_view("step_time"));
        QVERIFY(!lessonViewFromName("Memory").has_value());
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
