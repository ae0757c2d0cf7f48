// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/app_runner.h"

#include "core/plan/catalog.h"
#include "ui/charts/image_export.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/language.h"
#include "ui/settings/theme.h"
#include "ui/shell/main_window.h"
#include "ui/walkthrough/walkthrough_controller.h"
#include "ui/walkthrough/walkthrough_session.h"

#include <QApplication>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QIcon>
#include <QStringList>
#include <QTimer>

#include <cstdio>
#include <optional>

namespace fourfold::app {
using namespace fourfold::core;
using namespace fourfold::ui;
namespace {

constexpr int kExitOk = 0;
constexpr int kExitWriteFailed = 1;
constexpr int kExitUsage = 2;
// Time for queued work (evaluation, queued replots, layouts) to settle before the grab.
constexpr int kScreenshotSettleMs = 300;
// Above this a window is surely a typo, and its pixmap would need gigabytes.
constexpr int kMaxScreenshotSide = 16384;

// "en, zh_CN": the codes --lang takes, from the language table.
QString languageCodes() {
    QStringList codes;
    for (const core::LanguageInfo& info : core::kLanguages) {
        codes << QString::fromLatin1(info.code.data(), static_cast<qsizetype>(info.code.size()));
    }
    return codes.join(QStringLiteral(", "));
}

void printError(const QString& message) {
    std::fprintf(stderr, "fourfold: %s\n", qUtf8Printable(message));
}

struct Arguments {
    QString planPath;
    QString screenshotPath;
    QSize size = kDefaultScreenshotSize;
    double scale = 0.0;  // 0: the screen's device pixels
    std::optional<Theme> theme;
    QString language;    // "en" or "zh_CN" from --lang; empty: the settings' (or the system's)
    QString lesson;      // "builtin", "builtin:zh_CN" or a lesson file; "" for none
    int lessonStep = 1;  // 1-based
    bool presentation = false;
};

// Parses the command line; on a usage error prints it and returns false.
bool parseArguments(const QStringList& commandLine, Arguments* arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "fourfold", "Plan distributed training: memory per GPU, pipeline, rank map."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("plan"),
                                 QApplication::translate("fourfold", "A plan file to open."),
                                 QStringLiteral("[PLAN.json]"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QApplication::translate("fourfold", "Render the main window to a PNG file and exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        QApplication::translate("fourfold", "Window size for --screenshot (default 1600x1000)."),
        QStringLiteral("WxH"));
    const QCommandLineOption scaleOption(
        QStringLiteral("screenshot-scale"),
        QApplication::translate("fourfold",
                                "Draw the --screenshot at this many times the window size "
                                "(e.g. 2 for slides; default: the screen's pixels)."),
        QStringLiteral("SCALE"));
    const QCommandLineOption themeOption(
        QStringLiteral("theme"),
        QApplication::translate("fourfold", "light, dark or system (the desktop's colours)."),
        QStringLiteral("THEME"));
    const QCommandLineOption languageOption(
        QStringLiteral("lang"),
        QApplication::translate("fourfold",
                                "Interface language: %1 (default: the one chosen in View > "
                                "Language, else the system's).")
            .arg(languageCodes()),
        QStringLiteral("LANG"));
    const QCommandLineOption lessonOption(
        QStringLiteral("lesson"),
        QApplication::translate("fourfold",
                                "Start a walkthrough: builtin (in the UI's language), "
                                "builtin:LANG (LANG: %1) or a lesson file.")
            .arg(languageCodes()),
        QStringLiteral("LESSON"));
    const QCommandLineOption lessonStepOption(
        QStringLiteral("lesson-step"),
        QApplication::translate("fourfold", "The walkthrough's step to show (from 1)."),
        QStringLiteral("N"));
    const QCommandLineOption presentationOption(
        QStringLiteral("presentation"),
        QApplication::translate("fourfold", "Start in presentation mode."));
    parser.addOptions({screenshotOption, sizeOption, scaleOption, themeOption, languageOption,
                       lessonOption, lessonStepOption, presentationOption});

    if (!parser.parse(commandLine)) {
        printError(parser.errorText());
        return false;
    }
    if (parser.isSet(helpOption)) parser.showHelp(kExitOk);  // exits
    if (parser.isSet(versionOption)) parser.showVersion();   // exits

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QApplication::translate("fourfold", "expected at most one plan file, got %1")
                       .arg(positional.size()));
        return false;
    }
    if (!positional.isEmpty()) arguments->planPath = positional.first();
    arguments->screenshotPath = parser.value(screenshotOption);
    if (parser.isSet(sizeOption) && !parseWindowSize(parser.value(sizeOption), &arguments->size)) {
        printError(QApplication::translate("fourfold", "--size expects WIDTHxHEIGHT, got \"%1\"")
                       .arg(parser.value(sizeOption)));
        return false;
    }
    if (parser.isSet(scaleOption)) {
        bool ok = false;
        const double scale = parser.value(scaleOption).toDouble(&ok);
        if (!ok || scale < 0.25 || scale > kMaxImageScale) {
            printError(
                QApplication::translate("fourfold",
                                        "--screenshot-scale expects a number from 0.25 to %1, "
                                        "got \"%2\"")
                    .arg(kMaxImageScale)
                    .arg(parser.value(scaleOption)));
            return false;
        }
        arguments->scale = scale;
    }
    if (parser.isSet(themeOption)) {
        Theme theme = Theme::Light;
        if (!parseTheme(parser.value(themeOption), &theme)) {
            printError(QApplication::translate("fourfold",
                                               "--theme expects light, dark or system, got \"%1\"")
                           .arg(parser.value(themeOption)));
            return false;
        }
        arguments->theme = theme;
    }
    if (parser.isSet(languageOption)) {
        core::Language language = core::Language::English;
        if (!core::parseLanguage(parser.value(languageOption).toStdString(), &language)) {
            printError(QApplication::translate("fourfold", "--lang expects one of %1, got \"%2\"")
                           .arg(languageCodes(), parser.value(languageOption)));
            return false;
        }
        arguments->language = QString::fromLatin1(core::languageCode(language).data());
    }
    arguments->lesson = parser.value(lessonOption);
    arguments->presentation = parser.isSet(presentationOption);
    if (parser.isSet(lessonStepOption)) {
        bool ok = false;
        arguments->lessonStep = parser.value(lessonStepOption).toInt(&ok);
        if (!ok || arguments->lessonStep < 1 || arguments->lesson.isEmpty()) {
            printError(
                QApplication::translate("fourfold",
                                        "--lesson-step expects a step number from 1 with --lesson, "
                                        "got \"%1\"")
                    .arg(parser.value(lessonStepOption)));
            return false;
        }
    }
    return true;
}

// Starts the walkthrough the command line asks for; false (reported) when it cannot.
bool startLesson(MainWindow& window, const Arguments& arguments) {
    WalkthroughController* walkthrough = window.walkthrough();
    if (arguments.presentation) walkthrough->presentationAction()->setChecked(true);
    if (arguments.lesson.isEmpty()) return true;
    const QString builtin = QStringLiteral("builtin");
    const bool started = arguments.lesson == builtin ? walkthrough->startBuiltin()
                         : arguments.lesson.startsWith(builtin + QLatin1Char(':'))
                             ? walkthrough->startBuiltin(arguments.lesson.mid(builtin.size() + 1))
                             : walkthrough->startFile(arguments.lesson);
    if (!started) return false;
    if (!walkthrough->session()->goTo(arguments.lessonStep - 1)) {
        printError(QApplication::translate("fourfold", "the lesson has no step %1")
                       .arg(arguments.lessonStep));
        return false;
    }
    return true;
}

// Renders the window once everything queued has run, writes the PNG and leaves the event loop.
int runScreenshot(QApplication& application, const Arguments& arguments) {
    applyTheme(application, arguments.theme.value_or(Theme::Light));
    PlanDocument document(core::defaultPlan());
    if (!arguments.planPath.isEmpty()) {
        QString error;
        if (!document.open(arguments.planPath, &error)) {
            printError(error);
            return kExitUsage;
        }
    }
    MainWindow window(&document);
    Prompts quiet;
    quiet.showError = [](QWidget*, const QString&, const QString& message) { printError(message); };
    quiet.askUnsaved = [](QWidget*, const QString&) { return UnsavedChoice::Discard; };
    window.setPrompts(quiet);
    // Laid out and painted like a shown window, but never put on a real screen.
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(arguments.size);
    window.show();
    if (!startLesson(window, arguments)) return kExitUsage;

    int status = kExitOk;
    QTimer::singleShot(kScreenshotSettleMs, &window, [&] {
        QString error;
        if (!window.saveScreenshot(arguments.screenshotPath, &error, arguments.scale)) {
            printError(error);
            status = kExitWriteFailed;
        }
        application.exit(status);
    });
    application.exec();
    return status;
}

int runWindow(QApplication& application, const Arguments& arguments) {
    applyTheme(application, arguments.theme.value_or(AppSettings::instance().theme()));
    PlanDocument document(core::defaultPlan());
    MainWindow window(&document);
    window.restoreSettings();
    window.show();
    // A bad file leaves the default plan in place; openFile shows the reason.
    if (!arguments.planPath.isEmpty()) window.openFile(arguments.planPath);
    startLesson(window, arguments);
    return application.exec();
}

}  // namespace

QIcon applicationIcon() {
    QIcon icon;
    for (const int side : {16, 24, 32, 48, 64, 128, 256}) {
        icon.addFile(QStringLiteral(":/icons/fourfold-%1.png").arg(side), QSize(side, side));
    }
    return icon;
}

bool parseWindowSize(const QString& text, QSize* size) {
    const QStringList parts = text.trimmed().toLower().split(QLatin1Char('x'));
    if (parts.size() != 2) return false;
    bool widthOk = false;
    bool heightOk = false;
    const int width = parts.at(0).toInt(&widthOk);
    const int height = parts.at(1).toInt(&heightOk);
    if (!widthOk || !heightOk || width <= 0 || height <= 0) return false;
    if (width > kMaxScreenshotSide || height > kMaxScreenshotSide) return false;
    *size = QSize(width, height);
    return true;
}

int runApplication(QApplication& application) {
    return runApplication(application, QApplication::arguments());
}

int runApplication(QApplication& application, const QStringList& commandLine) {
    QApplication::setOrganizationName(QStringLiteral("Fourfold"));
    QApplication::setApplicationName(QStringLiteral("Fourfold"));
    // Wayland and the task bar match the window to the installed desktop entry and its icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.fourfold.Fourfold"));
    QApplication::setWindowIcon(applicationIcon());
    // The system's language for --help and errors; then --lang, else (in the window) the choice
    // saved in View > Language. A screenshot, like its theme, ignores the saved settings.
    applyLanguage(application, resolveLanguage(QString(), QLocale::system()));
    Arguments arguments;
    if (!parseArguments(commandLine, &arguments)) return kExitUsage;
    QString choice = arguments.language;
    if (choice.isEmpty() && arguments.screenshotPath.isEmpty()) {
        choice = AppSettings::instance().language();
    }
    applyLanguage(application, resolveLanguage(choice, QLocale::system()));
    if (!arguments.screenshotPath.isEmpty()) return runScreenshot(application, arguments);
    return runWindow(application, arguments);
}

}  // namespace fourfold::app
