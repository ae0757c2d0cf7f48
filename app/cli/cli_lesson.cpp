// SPDX-License-Identifier: MIT
// fourfold-cli lesson: a lesson's steps as text, each step's figures taken from the plan the
// walkthrough reaches there (the default plan with the patches up to that step applied).
#include "app/cli/cli_command_list.h"
#include "core/evaluate/evaluate.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_render.h"
#include "core/plan/catalog.h"

#include <charconv>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli lesson FILE [--step N] [--lang LANG] [--gib]\n"
    "\n"
    "Check a lesson (docs/lessons.md) and print its steps, each with its figures taken from\n"
    "the plan the walkthrough reaches at that step: the default plan (`fourfold-cli new`)\n"
    "with the patches of the steps up to it applied in order.\n"
    "  --step N     print only step N (1-based)\n"
    "  --lang LANG  read the translation FILE.LANG.json beside FILE (e.g. --lang zh_CN reads\n"
    "               article.zh_CN.json for article.json); en reads FILE itself\n"
    "  --gib        bytes in GiB (2^30) instead of GB (10^9)\n"
    "A malformed lesson is reported as FILE:LINE:COLUMN: error: message [JSON pointer].\n"
    "Exit status: 0 done, 1 the lesson has errors (or a step's plan does not evaluate),\n"
    "2 usage or file error.\n";

struct LessonArgs {
    std::string file;
    std::string language = "en";
    int step = 0;  // 1-based; 0: all
    bool gib = false;
    std::string error;
};

LessonArgs parseArgs(const std::vector<std::string>& args) {
    LessonArgs parsed;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool hasValue = i + 1 < args.size();
        if (arg == "--gib") {
            parsed.gib = true;
        } else if (arg == "--step" || arg == "--lang") {
            if (!hasValue) {
                parsed.error = arg + " needs a value";
                return parsed;
            }
            const std::string& value = args[++i];
            if (arg == "--lang") {
                parsed.language = value;
                continue;
            }
            const auto [end, code] =
                std::from_chars(value.data(), value.data() + value.size(), parsed.step);
            if (code != std::errc{} || end != value.data() + value.size() || parsed.step < 1) {
                parsed.error = "--step needs a step number from 1, got '" + value + "'";
                return parsed;
            }
        } else if (arg.size() > 1 && arg[0] == '-') {
            parsed.error = "unknown option '" + arg + "'";
            return parsed;
        } else if (parsed.file.empty()) {
            parsed.file = arg;
        } else {
            parsed.error = "more than one FILE given ('" + parsed.file + "', '" + arg + "')";
            return parsed;
        }
    }
    if (parsed.file.empty()) parsed.error = "missing FILE";
    const bool languageOk =
        !parsed.language.empty() && parsed.language.find_first_of("/\\.") == std::string::npos;
    if (parsed.error.empty() && !languageOk) {
        parsed.error = "--lang needs a language: " + languageChoices();
    }
    return parsed;
}

// "lessons/article.json" + "zh_CN" → "lessons/article.zh_CN.json".
std::string translationPath(const std::string& file, const std::string& language) {
    if (language == "en" || file == "-") return file;
    const std::size_t slash = file.find_last_of('/');
    const std::size_t dot = file.rfind('.');
    const bool hasExtension =
        dot != std::string::npos && (slash == std::string::npos || dot > slash);
    if (!hasExtension) return file + "." + language;
    return file.substr(0, dot) + "." + language + file.substr(dot);
}

// Prints a text rendered for `evaluation`, indented; false when a figure was missing.
bool printText(std::ostream& out, const LessonText& text, const Evaluation& evaluation,
               ByteUnits units, std::vector<std::string>& unresolved) {
    const RenderedLessonText rendered = renderLessonText(text, evaluation, units);
    out << lessonTextToPlain(rendered.text);
    unresolved.insert(unresolved.end(), rendered.unresolved.begin(), rendered.unresolved.end());
    return rendered.unresolved.empty();
}

void printQuestion(std::ostream& out, const LessonQuestion& question, const Evaluation& evaluation,
                   ByteUnits units, std::vector<std::string>& unresolved) {
    out << "\nQuestion: ";
    (void)printText(out, question.prompt, evaluation, units, unresolved);
    if (question.kind == LessonQuestion::Kind::Choice) {
        for (std::size_t i = 0; i < question.choices.size(); ++i) {
            out << "  " << static_cast<char>('a' + static_cast<int>(i % 26)) << ") "
                << lessonTextToPlain(renderLessonText(question.choices[i], evaluation, units).text);
        }
        out << "Answer: " << static_cast<char>('a' + question.correctChoice % 26) << "\n";
    } else {
        out << "Answer: " << formatFixed(question.answer, 2);
        if (question.tolerance > 0) out << " (± " << formatFixed(question.tolerance, 2) << ")";
        out << "\n";
    }
    if (!question.explanation.blocks.empty()) {
        (void)printText(out, question.explanation, evaluation, units, unresolved);
    }
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const LessonArgs parsed = parseArgs(args);
    if (!parsed.error.empty()) return usageError(err, parsed.error, kHelp);
    const std::string path = translationPath(parsed.file, parsed.language);
    // Read no further than a lesson may hold: a huge file or /dev/zero is refused at once.
    const ReadResult input = readInput(path, kMaxLessonBytes, "a lesson file");
    if (!input.text) {
        err << "fourfold-cli: " << input.error << "\n";
        return kExitUsage;
    }
    const std::string& text = *input.text;
    const std::string name = path == "-" ? "<stdin>" : path;
    const LessonParse lesson = parseLesson(text);
    printDiagnostics(err, name, lesson.diagnostics);
    if (!lesson.lesson) return kExitPlanErrors;
    const auto& steps = lesson.lesson->steps;
    if (parsed.step > 0 && static_cast<std::size_t>(parsed.step) > steps.size()) {
        return usageError(err,
                          "--step " + std::to_string(parsed.step) + ": the lesson has " +
                              std::to_string(steps.size()) + " steps",
                          kHelp);
    }
    const ByteUnits units = parsed.gib ? ByteUnits::Binary : ByteUnits::Decimal;
    bool ok = true;
    out << lesson.lesson->title << " (" << steps.size() << " steps)\n";
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (parsed.step > 0 && i + 1 != static_cast<std::size_t>(parsed.step)) continue;
        const LessonStep& step = steps[i];
        const PlanParse plan = lessonPlanAt(*lesson.lesson, i, defaultPlan());
        if (!plan.plan) {
            printDiagnostics(err, name + " step " + std::to_string(i + 1), plan.diagnostics);
            ok = false;
            continue;
        }
        const Evaluation evaluation = evaluate(*plan.plan);
        std::vector<Diagnostic> errors;
        for (const Diagnostic& found : evaluation.diagnostics) {
            if (found.severity == Severity::Error) errors.push_back(found);
        }
        printDiagnostics(err, name + " step " + std::to_string(i + 1), errors);
        out << "\n== Step " << i + 1 << "/" << steps.size() << ": " << step.title << " ==\n";
        out << "[" << step.id;
        if (step.view != LessonView::None) out << "; view " << lessonViewName(step.view);
        if (!step.highlight.empty()) out << "; highlight " << step.highlight;
        out << "]\n\n";
        std::vector<std::string> unresolved;
        (void)printText(out, step.text, evaluation, units, unresolved);
        if (step.question) printQuestion(out, *step.question, evaluation, units, unresolved);
        for (const std::string& figure : unresolved) {
            err << name << " step " << i + 1 << ": error: the plan of this step has no figure \""
                << figure << "\"\n";
        }
        ok = ok && errors.empty() && unresolved.empty();
    }
    return ok ? kExitOk : kExitPlanErrors;
}

}  // namespace

const CliCommand kLessonCommand = {"lesson", "lesson FILE [--step N] [--lang LANG]",
                                   "check a lesson and print its steps with their figures", kHelp,
                                   run};

}  // namespace fourfold::app
