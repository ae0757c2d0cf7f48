// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: title and status from the document, views fed from the one signal, the maximise
// toggle, file commands through injectable prompts, drag-and-drop, the --screenshot path and the
// persisted settings. Offscreen; QSettings live in the test-mode location.
#include "app/gui/app_runner.h"
#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/recent_files.h"
#include "ui/settings/theme.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/summary_strip.h"
#include "ui/widgets/view_grid.h"

#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QMimeData>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <cmath>

using fourfold::core::Plan;
using namespace fourfold::ui;
using fourfold::app::runApplication;

namespace {

// Scripted answers for the window's questions, and a record of what it said.
struct Script {
    QStringList errors;
    QString saveName;
    QString openName;
    UnsavedChoice unsaved = UnsavedChoice::Cancel;
    int unsavedAsked = 0;
    double imageScale = 2.0;
    int scaleAsked = 0;
};

Prompts scripted(Script* script) {
    Prompts prompts;
    prompts.showError = [script](QWidget*, const QString&, const QString& message) {
        script->errors << message;
    };
    prompts.askUnsaved = [script](QWidget*, const QString&) {
        ++script->unsavedAsked;
        return script->unsaved;
    };
    prompts.openFileName = [script](QWidget*, const QString&, const QString&, const QString&) {
        return script->openName;
    };
    prompts.saveFileName = [script](QWidget*, const QString&, const QString&, const QString&) {
        return script->saveName;
    };
    prompts.imageScale = [script](QWidget*, const QSize&) {
        ++script->scaleAsked;
        return script->imageScale;
    };
    return prompts;
}

PlanEdit setDataParallel(int value) {
    return {fourfold::ui::editField(fourfold::core::ParallelAxis::Data), 0,
            QStringLiteral("Set data parallel to %1").arg(value),
            [value](Plan& plan) { plan.parallel.dp = value; }};
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

// WCAG 2.1 relative luminance and contrast ratio (w3.org/TR/WCAG21, "contrast ratio").
double luminance(const QColor& color) {
    const auto channel = [](double value) {
        return value <= 0.04045 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) +
           0.0722 * channel(color.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void titleShowsNameAndModifiedMark();
    void statusBarShowsWorldSizeAndNodes();
    void viewsReceiveEveryEvaluation();
    void maximiseTogglesAView();
    void malformedOpenLeavesThePlanUntouched();
    void droppedFileOpensThroughTheSamePath();
    void saveAsWritesTheFile();
    void unsavedChangesAreAskedAbout();
    void diagnosticActivationShowsControls();
    void exportsWriteTheChosenFiles();
    void geometryPersistsAcrossWindows();
    void screenshotHasTheWindowSize();
    void screenshotCommandLine();
    void screenshotCommandLineRejectsBadInput();
    void byteUnitsPersistAndNotify();
    void memoryViewFollowsByteUnits();
    void themesAreLegible_data();
    void themesAreLegible();
};

void TestMainWindow::initTestCase() { QStandardPaths::setTestModeEnabled(true); }

void TestMainWindow::init() {
    QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
    AppSettings::instance().reload();
}

void TestMainWindow::titleShowsNameAndModifiedMark() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    QCOMPARE(window.windowTitle(), document.displayName() + QStringLiteral("[*] \u2014 Fourfold"));
    QVERIFY(!window.isWindowModified());
    QVERIFY(document.apply(setDataParallel(4)));
    QVERIFY(window.isWindowModified());
    QVERIFY(document.apply({EditField::Name, 0, QStringLiteral("Rename"),
                            [](Plan& plan) { plan.name = "GPT-3 dry run"; }}));
    QTRY_COMPARE(window.windowTitle(), QStringLiteral("GPT-3 dry run[*] \u2014 Fourfold"));
    document.undoStack()->undo();
    document.undoStack()->undo();
    QVERIFY(!window.isWindowModified());
}

void TestMainWindow::statusBarShowsWorldSizeAndNodes() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    // The default plan: DP 8 on one node of 8 GPUs, so 8 × 1 × 1 × 1 = 8 ranks.
    QVERIFY2(window.statusText().contains(QStringLiteral("World size 8 ")),
             qPrintable(window.statusText()));
    QVERIFY(window.statusText().contains(QStringLiteral("1 node")));
    QVERIFY(document.apply({EditField::None, 0, QStringLiteral("Two nodes"), [](Plan& plan) {
                                plan.parallel.dp = 16;
                                plan.cluster.nodes = 2;
                            }}));
    QTRY_VERIFY2(window.statusText().contains(QStringLiteral("World size 16 ")),
                 qPrintable(window.statusText()));
    QVERIFY(window.statusText().contains(QStringLiteral("2 nodes")));
}

void TestMainWindow::viewsReceiveEveryEvaluation() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    QCOMPARE(window.views().size(), 4);
    QList<EvaluationView*> all = window.views();
    all << window.summaryStrip() << window.diagnosticsList();
    for (EvaluationView* view : std::as_const(all)) {
        QCOMPARE(view->evaluation(), document.evaluation());  // the initial push
    }
    QVERIFY(document.apply(setDataParallel(2)));
    QTRY_VERIFY(!document.isEvaluationPending());
    for (EvaluationView* view : std::as_const(all)) {
        QCOMPARE(view->evaluation(), document.evaluation());
        QCOMPARE(view->evaluation()->plan.parallel.dp, 2);
    }
}

void TestMainWindow::maximiseTogglesAView() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ViewGrid* grid = window.viewGrid();
    QCOMPARE(grid->panes().size(), 4);
    // All four panes (memory, pipeline, rank map, step time) show at start.
    const auto shownAsAtStart = [grid] {
        return std::all_of(grid->panes().begin(), grid->panes().end(),
                           [](const ViewPane* pane) { return pane->isVisible(); });
    };
    QVERIFY(shownAsAtStart());

    // Double-clicking the Pipeline pane's title maximises it.
    ViewPane* pipeline = grid->panes().at(1);
    QTest::mouseDClick(pipeline->titleBar(), Qt::LeftButton);
    QCOMPARE(grid->maximizedPane(), pipeline);
    QVERIFY(pipeline->isVisible());
    for (ViewPane* pane : grid->panes()) {
        if (pane != pipeline) QVERIFY(!pane->isVisible());
    }
    QVERIFY(window.maximizeAction()->isChecked());
    // It fills the grid.
    QTRY_VERIFY(pipeline->width() > grid->width() * 9 / 10);
    QTRY_VERIFY(pipeline->height() > grid->height() * 9 / 10);

    // The View menu's action restores the grid as it was.
    window.maximizeAction()->trigger();
    QCOMPARE(grid->maximizedPane(), nullptr);
    QVERIFY(shownAsAtStart());
    QVERIFY(!window.maximizeAction()->isChecked());

    // With nothing chosen yet the action acts on the current pane.
    window.maximizeAction()->trigger();
    QCOMPARE(grid->maximizedPane(), grid->currentPane());
}

void TestMainWindow::malformedOpenLeavesThePlanUntouched() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("broken.json"));
    writeFile(path,
              QByteArrayLiteral("{ \"schema\": \"fourfold.plan/1\", \"parallel\": { \"tp\": "));
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    Script script;
    window.setPrompts(scripted(&script));
    QVERIFY(document.apply(setDataParallel(4)));
    const Plan before = document.plan();

    script.unsaved = UnsavedChoice::Discard;
    QVERIFY(!window.openFile(path));
    QCOMPARE(script.errors.size(), 1);
    QVERIFY2(script.errors.first().contains(path), qPrintable(script.errors.first()));
    QCOMPARE(document.plan(), before);
    QCOMPARE(document.undoStack()->count(), 1);
    QVERIFY(document.filePath().isEmpty());

    // The File ▸ Open path reports the same way.
    script.openName = path;
    QVERIFY(!window.open());
    QCOMPARE(script.errors.size(), 2);
    QCOMPARE(document.plan(), before);
}

void TestMainWindow::droppedFileOpensThroughTheSamePath() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString broken = folder.filePath(QStringLiteral("dropped.json"));
    writeFile(broken, QByteArrayLiteral("not json at all\n"));
    // Neither a plan, a framework config nor a training log (.log, .txt, .out, .err).
    const QString text = folder.filePath(QStringLiteral("picture.png"));
    writeFile(text, QByteArrayLiteral("hello\n"));

    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    Script script;
    window.setPrompts(scripted(&script));
    const Plan before = document.plan();

    QMimeData textMime;
    textMime.setUrls({QUrl::fromLocalFile(text)});
    QDragEnterEvent rejected(QPoint(10, 10), Qt::CopyAction, &textMime, Qt::LeftButton,
                             Qt::NoModifier);
    rejected.ignore();
    QCoreApplication::sendEvent(&window, &rejected);
    QVERIFY(!rejected.isAccepted());

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(broken)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    enter.ignore();
    QCoreApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    QCOMPARE(script.errors.size(), 1);
    QCOMPARE(document.plan(), before);
    QCOMPARE(document.undoStack()->count(), 0);
}

void TestMainWindow::saveAsWritesTheFile() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    Script script;
    window.setPrompts(scripted(&script));
    QVERIFY(document.apply(setDataParallel(2)));
    QVERIFY(window.isWindowModified());

    script.saveName = folder.filePath(QStringLiteral("saved"));  // no suffix: ".json" is added
    QVERIFY(window.saveAs());
    const QString expected = folder.filePath(QStringLiteral("saved.json"));
    QVERIFY(QFile::exists(expected));
    QVERIFY(QFileInfo(expected).size() > 0);
    QCOMPARE(document.filePath(), QFileInfo(expected).absoluteFilePath());
    QVERIFY(!window.isWindowModified());
    QVERIFY(script.errors.isEmpty());
    QCOMPARE(RecentFiles().files().value(0), QFileInfo(expected).canonicalFilePath());

    // Cancelling the dialog writes nothing and keeps the document dirty.
    QVERIFY(document.apply(setDataParallel(4)));
    script.saveName.clear();
    QVERIFY(!window.saveAs());
    QVERIFY(window.isWindowModified());
}

void TestMainWindow::unsavedChangesAreAskedAbout() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    Script script;
    window.setPrompts(scripted(&script));
    window.show();

    QVERIFY(window.close());  // nothing to lose: no question
    QCOMPARE(script.unsavedAsked, 0);
    window.show();
    QVERIFY(document.apply(setDataParallel(2)));

    script.unsaved = UnsavedChoice::Cancel;
    QVERIFY(!window.close());
    QVERIFY(window.isVisible());
    QVERIFY(!window.newPlan());
    QCOMPARE(document.plan().parallel.dp, 2);
    QCOMPARE(script.unsavedAsked, 2);

    // Save writes the file first, then the new plan replaces it.
    script.unsaved = UnsavedChoice::Save;
    script.saveName = folder.filePath(QStringLiteral("kept.json"));
    QVERIFY(window.newPlan());
    QVERIFY(QFile::exists(script.saveName));
    QCOMPARE(document.plan(), fourfold::core::defaultPlan());
    QVERIFY(document.filePath().isEmpty());

    QVERIFY(document.apply(setDataParallel(2)));
    script.unsaved = UnsavedChoice::Discard;
    QVERIFY(window.close());
    QCOMPARE(script.unsavedAsked, 4);
}

void TestMainWindow::diagnosticActivationShowsControls() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.controlsDock()->hide();
    emit window.diagnosticsList()->diagnosticActivated(QStringLiteral("/parallel/tp"));
    QVERIFY(window.controlsDock()->isVisible());
}

void TestMainWindow::exportsWriteTheChosenFiles() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    Script script;
    window.setPrompts(scripted(&script));
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    EvaluationView* memory = window.views().first();

    script.saveName = folder.filePath(QStringLiteral("memory"));  // ".png" is added
    QVERIFY(window.exportViewImage(memory));
    QVERIFY(!QImage(folder.filePath(QStringLiteral("memory.png"))).isNull());
    QCOMPARE(script.scaleAsked, 1);
    // The chosen scale sets the PNG's pixels; cancelling the choice writes nothing.
    script.saveName = folder.filePath(QStringLiteral("memory-1x.png"));
    script.imageScale = 1.0;
    QVERIFY(window.exportViewImage(memory));
    const QSize once = QImage(script.saveName).size();
    script.saveName = folder.filePath(QStringLiteral("memory-3x.png"));
    script.imageScale = 3.0;
    QVERIFY(window.exportViewImage(memory));
    QCOMPARE(QImage(script.saveName).size(), once * 3);
    script.saveName = folder.filePath(QStringLiteral("memory-cancelled.png"));
    script.imageScale = 0.0;
    QVERIFY(!window.exportViewImage(memory));
    QVERIFY(!QFileInfo::exists(script.saveName));
    QVERIFY(script.errors.isEmpty());
    // The dialog's choices name the pixels each scale gives, 2× suggested.
    const QStringList choices = fourfold::ui::imageScaleChoices(QSize(800, 500));
    QCOMPARE(choices.size(), 4);
    QVERIFY2(choices.at(1).contains(QStringLiteral("1600 × 1000 px")), qPrintable(choices.at(1)));
    QCOMPARE(fourfold::ui::imageScaleOfChoice(1), 2.0);
    script.saveName = folder.filePath(QStringLiteral("memory.svg"));
    const int asked = script.scaleAsked;
    QVERIFY(window.exportViewImage(memory));
    QCOMPARE(script.scaleAsked, asked);  // a vector image has no pixels to choose
    QVERIFY(QFileInfo(script.saveName).size() > 0);
    script.saveName = folder.filePath(QStringLiteral("memory.bmp"));
    QVERIFY(!window.exportViewImage(memory));
    QCOMPARE(script.errors.size(), 1);

    script.saveName = folder.filePath(QStringLiteral("with-results.json"));
    QVERIFY(window.exportWithResults());
    QFile file(script.saveName);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("\"results\""));
    QVERIFY(document.filePath().isEmpty());  // exporting is not saving
}

void TestMainWindow::geometryPersistsAcrossWindows() {
    PlanDocument document(fourfold::core::defaultPlan());
    {
        MainWindow window(&document);
        window.restoreSettings();
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.diagnosticsDock()->hide();
        QVERIFY(window.close());
    }
    QVERIFY(!AppSettings::instance().windowGeometry().isEmpty());
    MainWindow again(&document);
    again.restoreSettings();
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(again.size(), QSize(1200, 800));
    QVERIFY(!again.diagnosticsDock()->isVisible());
    QVERIFY(again.controlsDock()->isVisible());
}

void TestMainWindow::screenshotHasTheWindowSize() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString path = folder.filePath(QStringLiteral("shot.png"));
    QString error;
    QVERIFY2(window.saveScreenshot(path, &error), qPrintable(error));
    const QImage image(path);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1600, 1000) * window.devicePixelRatio());
    // The controls keep a legible width and the four panes share the rest.
    const int controls = window.controlsDock()->width();
    QVERIFY2(controls >= 340 && controls <= 380, qPrintable(QString::number(controls)));
    for (EvaluationView* view : window.views()) {
        QVERIFY2(view->isVisible() && view->width() >= 500 && view->height() >= 250,
                 qPrintable(view->title()));
    }
}

void TestMainWindow::screenshotCommandLine() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    auto* application = qobject_cast<QApplication*>(QCoreApplication::instance());
    QVERIFY(application);
    const QString path = folder.filePath(QStringLiteral("cli.png"));
    const int status = runApplication(
        *application, {QStringLiteral("fourfold"), QStringLiteral("--screenshot"), path});
    QCOMPARE(status, 0);
    QVERIFY(QFileInfo(path).size() > 0);
    const QImage image(path);
    QCOMPARE(image.size(), QSize(1600, 1000) * application->devicePixelRatio());
    // Not a blank image: the menus, titles and frames leave more than one colour.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    }
    QVERIFY(colours.size() > 3);

    const QString small = folder.filePath(QStringLiteral("small.png"));
    QCOMPARE(runApplication(*application,
                            {QStringLiteral("fourfold"), QStringLiteral("--size"),
                             QStringLiteral("800x500"), QStringLiteral("--screenshot"), small}),
             0);
    QCOMPARE(QImage(small).size(), QSize(800, 500) * application->devicePixelRatio());
    // --screenshot-scale draws the same window at that many times its pixels.
    const QString sharp = folder.filePath(QStringLiteral("sharp.png"));
    QCOMPARE(runApplication(*application,
                            {QStringLiteral("fourfold"), QStringLiteral("--size"),
                             QStringLiteral("800x500"), QStringLiteral("--screenshot-scale"),
                             QStringLiteral("2"), QStringLiteral("--screenshot"), sharp}),
             0);
    QCOMPARE(QImage(sharp).size(), QSize(1600, 1000));
}

void TestMainWindow::screenshotCommandLineRejectsBadInput() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    auto* application = qobject_cast<QApplication*>(QCoreApplication::instance());
    QVERIFY(application);
    const QString broken = folder.filePath(QStringLiteral("broken.json"));
    writeFile(broken, QByteArrayLiteral("{ \"schema\": "));
    const QString out = folder.filePath(QStringLiteral("never.png"));
    QCOMPARE(runApplication(*application, {QStringLiteral("fourfold"), broken,
                                           QStringLiteral("--screenshot"), out}),
             2);
    QVERIFY(!QFile::exists(out));
    QCOMPARE(runApplication(*application, {QStringLiteral("fourfold"),
                                           folder.filePath(QStringLiteral("absent.json")),
                                           QStringLiteral("--screenshot"), out}),
             2);
    for (const char* scale : {"0", "x", "-2", "100"}) {
        QCOMPARE(runApplication(*application,
                                {QStringLiteral("fourfold"), QStringLiteral("--screenshot-scale"),
                                 QString::fromLatin1(scale), QStringLiteral("--screenshot"), out}),
                 2);
    }
    for (const char* size : {"0x100", "100", "axb", "-5x10", "100000x10"}) {
        QCOMPARE(runApplication(*application,
                                {QStringLiteral("fourfold"), QStringLiteral("--size"),
                                 QString::fromLatin1(size), QStringLiteral("--screenshot"), out}),
                 2);
    }
    QCOMPARE(runApplication(*application, {QStringLiteral("fourfold"), QStringLiteral("--bogus")}),
             2);
    QVERIFY(!QFile::exists(out));
}

void TestMainWindow::byteUnitsPersistAndNotify() {
    PlanDocument document(fourfold::core::defaultPlan());
    MainWindow window(&document);
    AppSettings& settings = AppSettings::instance();
    QCOMPARE(settings.byteUnits(), fourfold::core::ByteUnits::Decimal);
    QSignalSpy spy(&settings, &AppSettings::byteUnitsChanged);
    window.byteUnitsAction()->trigger();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(settings.byteUnits(), fourfold::core::ByteUnits::Binary);
    QCOMPARE(QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold"))
                 .value(QStringLiteral("view/byteUnits"))
                 .toString(),
             QStringLiteral("GiB"));
    settings.reload();
    QCOMPARE(settings.byteUnits(), fourfold::core::ByteUnits::Binary);
    settings.setByteUnits(fourfold::core::ByteUnits::Decimal);
    QVERIFY(!window.byteUnitsAction()->isChecked());
}

void TestMainWindow::memoryViewFollowsByteUnits() {
    PlanDocument document(fourfold::core::defaultPlan());
    AppSettings& settings = AppSettings::instance();
    settings.setByteUnits(fourfold::core::ByteUnits::Binary);
    MainWindow window(&document);
    auto* memory = qobject_cast<MemoryStackView*>(window.views().value(0));
    QVERIFY(memory);
    QVERIFY(memory->binaryUnits());  // starts from the setting
    QSignalSpy spy(&settings, &AppSettings::byteUnitsChanged);
    window.byteUnitsAction()->trigger();  // menu: GiB off
    QVERIFY(!memory->binaryUnits());
    QCOMPARE(spy.count(), 1);
    memory->setBinaryUnits(true);  // the view's own check box
    QCOMPARE(settings.byteUnits(), fourfold::core::ByteUnits::Binary);
    QVERIFY(window.byteUnitsAction()->isChecked());
    QCOMPARE(spy.count(), 2);  // one change each way, no echo
    settings.setByteUnits(fourfold::core::ByteUnits::Decimal);
}

void TestMainWindow::themesAreLegible_data() {
    QTest::addColumn<Theme>("theme");
    QTest::newRow("wcag21-contrast-light") << Theme::Light;
    QTest::newRow("wcag21-contrast-dark") << Theme::Dark;
}

void TestMainWindow::themesAreLegible() {
    QFETCH(Theme, theme);
    const QPalette palette = paletteFor(theme);
    // WCAG 2.1 success criterion 1.4.3: at least 4.5:1 for normal text; we ask 7:1 (1.4.6) for
    // the main text roles and 4.5:1 for selection and disabled-free roles.
    QVERIFY(contrast(palette.color(QPalette::WindowText), palette.color(QPalette::Window)) >= 7.0);
    QVERIFY(contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 7.0);
    QVERIFY(contrast(palette.color(QPalette::ButtonText), palette.color(QPalette::Button)) >= 7.0);
    QVERIFY(contrast(palette.color(QPalette::HighlightedText),
                     palette.color(QPalette::Highlight)) >= 4.5);
    QVERIFY(contrast(palette.color(QPalette::ToolTipText), palette.color(QPalette::ToolTipBase)) >=
            4.5);
    const bool dark = luminance(palette.color(QPalette::Window)) < 0.2;
    QCOMPARE(dark, theme == Theme::Dark);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
