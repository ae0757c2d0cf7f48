// SPDX-License-Identifier: MIT
// Lesson figures and the shipped lessons. Placeholders are checked against hand calculations
// (b × a × dp, the GPipe bubble (p − 1)/(m + p − 1), 2 bytes per BF16 weight); every step of
// every lesson in resources/lessons applies to the default plan in order, evaluates without
// errors and resolves every placeholder; the article's worked numbers appear in the text; and
// the translations keep the English file's steps, patches, views, highlights and answers.
#include "core/evaluate/evaluate.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_render.h"
#include "core/plan/catalog.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <cmath>
#include <string>

using namespace fourfold::core;

namespace {

const QString kLessonDir = QStringLiteral(FOURFOLD_SOURCE_DIR "/resources/lessons");

std::string readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.readAll().toStdString();
}

Lesson load(const QString& name) {
    const LessonParse parse = parseLesson(readFile(kLessonDir + "/" + name));
    for (const Diagnostic& found : parse.diagnostics) qWarning("%s", describe(found).c_str());
    if (!parse.lesson) qFatal("%s does not load", qPrintable(name));
    return *parse.lesson;
}

std::string render(const std::string& markup, const Evaluation& evaluation,
                   ByteUnits units = ByteUnits::Decimal) {
    const MarkupParse parsed = parseLessonMarkup(markup);
    if (!parsed.error.empty()) return "markup error: " + parsed.error;
    const RenderedLessonText rendered = renderLessonText(parsed.text, evaluation, units);
    return lessonTextToPlain(rendered.text);
}

// The whole text of a step as a terminal shows it (text, question, choices, explanation).
std::string stepText(const LessonStep& step, const Evaluation& evaluation,
                     std::vector<std::string>& unresolved) {
    std::vector<const LessonText*> parts = {&step.text};
    if (step.question) {
        parts.push_back(&step.question->prompt);
        parts.push_back(&step.question->explanation);
        for (const LessonText& choice : step.question->choices) parts.push_back(&choice);
    }
    std::string out;
    for (const LessonText* part : parts) {
        const RenderedLessonText rendered = renderLessonText(*part, evaluation);
        unresolved.insert(unresolved.end(), rendered.unresolved.begin(), rendered.unresolved.end());
        out += lessonTextToPlain(rendered.text);
    }
    return out;
}

Plan planWith(int microBatch, int accumulation, int dp) {
    Plan plan = defaultPlan();
    plan.training.microBatch = microBatch;
    plan.training.gradAccumulation = accumulation;
    plan.parallel.dp = dp;
    return plan;
}

}  // namespace

class TestLessonRender : public QObject {
    Q_OBJECT
private slots:
    void globalBatchIsMicroTimesAccumulationTimesDp() {
        // Source article: b = 4, a = 8, n = 8 → B = 4 × 8 × 8 = 256.
        const Evaluation evaluation = evaluate(planWith(4, 8, 8));
        QCOMPARE(render("{global_batch}", evaluation), std::string("256\n"));
        const auto figure = lessonFigure(evaluation, "global_batch");
        QVERIFY(figure.has_value());
        QCOMPARE(figure->number, 256.0);
        QVERIFY2(figure->formula.find("4 × 8 × 8 = 256") != std::string::npos,
                 figure->formula.c_str());
        QVERIFY(figure->formula.find(figure->symbols) == 0);
        QCOMPARE(render("{micro_batch}, {grad_accumulation}, {dp}, {world_size}", evaluation),
                 std::string("4, 8, 8, 8\n"));
    }

    void bubbleQuotesTheClosedForm() {
        // GPipe, p = 4, m = 8: (p − 1)/(m + p − 1) = 3/11 = 27.3 % (Huang et al. 2019).
        Plan plan = planWith(1, 8, 2);
        plan.parallel.pp = 4;
        plan.parallel.schedule = ScheduleKind::Gpipe;
        const Evaluation evaluation = evaluate(plan);
        const auto figure = lessonFigure(evaluation, "bubble");
        QVERIFY(figure.has_value());
        QCOMPARE(figure->value, std::string("27.3 %"));
        QVERIFY(std::abs(figure->number - 3.0 / 11.0) < 1e-12);
        QVERIFY(render("`{bubble:formula}`", evaluation).find("= 27.3 %") != std::string::npos);
        QVERIFY(!render("{bubble:symbols}", evaluation).empty());
        QCOMPARE(render("{micro_batches} {pp}", evaluation), std::string("8 4\n"));
    }

    void stageFiguresQuoteTheMemoryReport() {
        // BF16 weights: 2 bytes per parameter, all on one rank without TP, PP or ZeRO-3; with
        // BF16 gradients mixed-precision Adam keeps 2 + 2 + 4 + 8 = 16 bytes per parameter
        // (Rajbhandari et al. 2020, section 3).
        Plan plan = planWith(1, 1, 1);
        plan.cluster.gpusPerNode = 1;
        plan.training.gradDtype = Precision::Bf16;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.model && evaluation.memory);
        const std::uint64_t weights = 2 * evaluation.model->parameters;
        QCOMPARE(evaluation.memory->stages[0].items[0].bytes, weights);
        QCOMPARE(render("{stage0.weights}", evaluation), formatBytes(weights) + "\n");
        QCOMPARE(render("{stage0.weights}", evaluation, ByteUnits::Binary),
                 formatBytes(weights, ByteUnits::Binary) + "\n");
        QCOMPARE(render("{stage0.bytes_per_parameter}", evaluation), std::string("16 B\n"));
        QCOMPARE(render("{memory.peak}", evaluation),
                 formatBytes(evaluation.memory->peakBytes) + "\n");
        // A stage beyond the pipeline has no figures: "?" and the name reported.
        const MarkupParse parsed = parseLessonMarkup("{stage1.weights}");
        const RenderedLessonText rendered = renderLessonText(parsed.text, evaluation);
        QCOMPARE(rendered.unresolved, std::vector<std::string>{"stage1.weights"});
        QCOMPARE(lessonTextToPlain(rendered.text), std::string("?\n"));
    }

    void figureNamesAreKnownAndFormulasDeclared() {
        QVERIFY(isLessonFigure("global_batch"));
        QVERIFY(isLessonFigure("stage12.optimizer_states"));
        QVERIFY(isLessonFigure("stage0.in_flight"));
        QVERIFY(!isLessonFigure("stage.weights"));
        QVERIFY(!isLessonFigure("stage0x.weights"));
        QVERIFY(!isLessonFigure("stage0.weight"));
        QVERIFY(!isLessonFigure("Global_batch"));
        QVERIFY(lessonFigureHasFormula("bubble"));
        QVERIFY(lessonFigureHasFormula("stage3.activations"));
        QVERIFY(!lessonFigureHasFormula("stage0.total"));
        QVERIFY(!lessonFigureHasFormula("step_time"));
        // Every fixed name resolves on the default plan, which evaluates in full.
        const Evaluation evaluation = evaluate(defaultPlan());
        for (const std::string& name : lessonFigureNames()) {
            const std::string concrete =
                name.rfind("stage<N>.", 0) == 0 ? "stage0." + name.substr(9) : name;
            QVERIFY2(isLessonFigure(concrete), concrete.c_str());
            const auto figure = lessonFigure(evaluation, concrete);
            QVERIFY2(figure.has_value() && !figure->value.empty(), concrete.c_str());
        }
    }

    void docsListEveryFigureAndHighlight() {
        const std::string docs = readFile(QStringLiteral(FOURFOLD_SOURCE_DIR "/docs/lessons.md"));
        QVERIFY(!docs.empty());
        for (const std::string& name : lessonFigureNames()) {
            // Stage items are listed after the first as "`.item`".
            const std::size_t dot = name.find('.');
            const std::string item = name.rfind("stage<N>.", 0) == 0 ? name.substr(dot) : name;
            QVERIFY2(docs.find("`" + name + "`") != std::string::npos ||
                         docs.find("`" + item + "`") != std::string::npos,
                     name.c_str());
        }
        for (const std::string_view id : lessonHighlightIds()) {
            QVERIFY2(docs.find("`" + std::string(id) + "`") != std::string::npos,
                     std::string(id).c_str());
        }
    }

    void shippedLessonsWalkFromTheDefaultPlan_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(kLessonDir).entryList({"*.json"}, QDir::Files);
        QVERIFY(files.contains("article.json"));
        QVERIFY(files.contains("article.zh_CN.json"));
        for (const QString& file : files) QTest::newRow(qPrintable(file)) << file;
    }
    void shippedLessonsWalkFromTheDefaultPlan() {
        QFETCH(QString, file);
        const Lesson lesson = load(file);
        QVERIFY(lesson.steps.size() >= 10);
        std::string whole;
        for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
            const LessonStep& step = lesson.steps[i];
            const PlanParse plan = lessonPlanAt(lesson, i, defaultPlan());
            QVERIFY2(plan.plan.has_value(), step.id.c_str());
            const Evaluation evaluation = evaluate(*plan.plan);
            for (const Diagnostic& found : evaluation.diagnostics) {
                QVERIFY2(found.severity != Severity::Error,
                         (step.id + ": " + describe(found)).c_str());
            }
            std::vector<std::string> unresolved;
            whole += stepText(step, evaluation, unresolved);
            const std::string missing = unresolved.empty() ? "" : unresolved.front();
            QVERIFY2(unresolved.empty(), (step.id + ": " + missing).c_str());
            if (step.id == "global-batch") {
                QCOMPARE(evaluation.batch.globalBatch, std::int64_t{256});
                QCOMPARE(step.question->answer, 256.0);
            }
            if (step.id == "tp-pp-do-not-multiply") {
                QCOMPARE(evaluation.batch.globalBatch, std::int64_t{256});
                QVERIFY(evaluation.worldSize > 8);
            }
            if (step.id == "pipeline-bubble") {
                QVERIFY(checkNumericAnswer(*step.question,
                                           100 * evaluation.schedule->bubbleExplain.value));
            }
            if (step.id == "training-state") {
                QVERIFY(checkNumericAnswer(*step.question,
                                           evaluation.memory->stages[0].bytesPerParameter));
                QVERIFY(!evaluation.memory->stages[0].fits);
            }
            if (step.id == "weights-fit") {
                QVERIFY(evaluation.memory->stages[0].items[0].bytes <
                        evaluation.memory->capacityBytes);
            }
            if (step.id == "zero-3") QVERIFY(evaluation.memory->stages[0].fits);
            if (step.id == "tensor-parallel") {
                QCOMPARE(evaluation.topology->tp.groupCount, 1);
                QCOMPARE(evaluation.topology->tp.crossNodeGroups, 0);
            }
            if (step.id == "three-d") {
                QCOMPARE(evaluation.worldSize, std::int64_t{64});
                QCOMPARE(evaluation.topology->tp.crossNodeGroups, 0);
            }
            if (step.id == "topology") QVERIFY(evaluation.topology->tp.crossNodeGroups > 0);
        }
        // The article's worked numbers, in the rendered text of either language.
        for (const char* quoted :
             {"256", "27.3 %", "5.71×", "71.4 %", "131072 × 262144", "68.7 GB", "800", "140"}) {
            QVERIFY2(whole.find(quoted) != std::string::npos, quoted);
        }
    }

    void translationsKeepTheSteps_data() {
        QTest::addColumn<QString>("file");
        const QStringList files = QDir(kLessonDir).entryList({"article.*.json"}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString& file : files) QTest::newRow(qPrintable(file)) << file;
    }
    void translationsKeepTheSteps() {
        QFETCH(QString, file);
        const Lesson english = load("article.json");
        const Lesson translated = load(file);
        QCOMPARE(english.language, std::string("en"));
        QVERIFY(translated.language != english.language);
        QCOMPARE(translated.steps.size(), english.steps.size());
        for (std::size_t i = 0; i < english.steps.size(); ++i) {
            const LessonStep& a = english.steps[i];
            const LessonStep& b = translated.steps[i];
            QCOMPARE(b.id, a.id);
            QCOMPARE(b.patch, a.patch);
            QCOMPARE(b.view, a.view);
            QCOMPARE(b.highlight, a.highlight);
            QCOMPARE(b.question.has_value(), a.question.has_value());
            if (!a.question) continue;
            QCOMPARE(b.question->kind, a.question->kind);
            QCOMPARE(b.question->answer, a.question->answer);
            QCOMPARE(b.question->tolerance, a.question->tolerance);
            QCOMPARE(b.question->correctChoice, a.question->correctChoice);
            QCOMPARE(b.question->choices.size(), a.question->choices.size());
        }
    }
};

QTEST_GUILESS_MAIN(TestLessonRender)
#include "tst_lesson_render.moc"
