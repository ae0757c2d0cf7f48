// SPDX-License-Identifier: GPL-3.0-or-later
// The main window by keyboard: Tab visits every control and view in the order they sit on
// screen, mnemonics are unique across the Controls dock and the menu bar, Ctrl+Z undoes the
// plan even from a spin box, a focused view shows a focus ring, and the standard zoom keys zoom
// the charts. Offscreen, driving real widgets with QTest key presses.
#include "tests/ui/mnemonics.h"

#include "core/plan/catalog.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"
#include "ui/views/diagnostics_list.h"
#include "ui/views/pipeline_gantt_view.h"
#include "ui/views/rank_map_view.h"
#include "ui/widgets/focus_frame.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMap>
#include <QMenuBar>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTest>

using namespace fourfold;
using namespace fourfold::ui;
using fourfold::ui::testing::mnemonicOf;

namespace {

struct Shown {
    PlanDocument document{core::defaultPlan()};
    MainWindow window{&document};
    Shown() {
        window.resize(1600, 1000);
        window.show();
        window.activateWindow();
    }
    void settle() {
        for (int turn = 0; turn < 50 && document.evaluation()->plan != document.plan(); ++turn) {
            QCoreApplication::processEvents();
        }
    }
};

}  // namespace

class TestMainWindowKeyboard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() {
        QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
        AppSettings::instance().reload();
    }

    // Alt+letter must mean one thing: the Controls dock's mnemonics are unique and none takes
    // the menu bar's Alt+F / E / V / H.
    void mnemonicsAreUniqueAcrossDockAndMenuBar() {
        Shown shown;
        QMap<QChar, QString> taken;
        const auto claim = [&taken](const QString& text) {
            const QChar letter = mnemonicOf(text);
            if (letter.isNull()) return;
            QVERIFY2(!taken.contains(letter), qPrintable(QStringLiteral("%1 in \"%2\" and \"%3\"")
                                                             .arg(letter)
                                                             .arg(taken.value(letter), text)));
            taken.insert(letter, text);
        };
        for (QAction* action : shown.window.menuBar()->actions()) claim(action->text());
        for (QChar letter :
             {QLatin1Char('F'), QLatin1Char('E'), QLatin1Char('V'), QLatin1Char('H')}) {
            QVERIFY2(taken.contains(letter), "the menu bar keeps Alt+F, E, V and H");
        }
        int inDock = 0;
        QWidget* dock = shown.window.controlsDock();
        for (QLabel* label : dock->findChildren<QLabel*>()) {
            if (mnemonicOf(label->text()).isNull()) continue;
            ++inDock;
            QVERIFY2(label->buddy(), qPrintable(label->text()));
            claim(label->text());
        }
        for (QAbstractButton* button : dock->findChildren<QAbstractButton*>()) {
            if (!mnemonicOf(button->text()).isNull()) ++inDock;
            claim(button->text());
        }
        QVERIFY2(inDock >= 20, qPrintable(QString::number(inDock)));
    }

    // Within each menu Alt+letter reaches one entry: with two, the key only moves between them.
    void mnemonicsAreUniqueWithinEachMenu() {
        Shown shown;
        const QStringList clashes = testing::menuMnemonicClashes(*shown.window.menuBar());
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QStringLiteral("; "))));
    }

    // Tab from the first control reaches every visible control, then the views in reading order
    // (with the rank map's "Colour by"), then the diagnostics, and comes back round.
    void tabVisitsEverythingInVisualOrder() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowActive(&shown.window));
        MainWindow& window = shown.window;
        QWidget* first =
            window.controlsPanel()->findChild<QWidget*>(QStringLiteral("modelGroupHeader"));
        QVERIFY(first);
        first->setFocus(Qt::TabFocusReason);
        QCOMPARE(QApplication::focusWidget(), first);
        QList<QWidget*> visited{first};
        for (int press = 0; press < 400; ++press) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            QWidget* now = QApplication::focusWidget();
            if (now == first) break;
            QVERIFY2(!visited.contains(now), qPrintable(now->objectName()));
            visited << now;
        }
        QCOMPARE(QApplication::focusWidget(), first);  // a full round

        auto* colourBy = window.views().at(2)->findChild<QComboBox*>();
        QVERIFY(colourBy);
        const qsizetype memory = visited.indexOf(window.views().at(0));
        const qsizetype pipeline = visited.indexOf(window.views().at(1));
        const qsizetype colour = visited.indexOf(colourBy);
        const qsizetype rankMap = visited.indexOf(window.views().at(2));
        const qsizetype diagnostics = visited.indexOf(window.diagnosticsList()->list());
        QVERIFY2(memory > 0 && memory < pipeline && pipeline < colour && colour < rankMap &&
                     rankMap < diagnostics,
                 qPrintable(QStringLiteral("%1 %2 %3 %4 %5")
                                .arg(memory)
                                .arg(pipeline)
                                .arg(colour)
                                .arg(rankMap)
                                .arg(diagnostics)));
        // Every visible control of the panel comes before the views.
        for (QAbstractSpinBox* spin : window.controlsPanel()->findChildren<QAbstractSpinBox*>()) {
            if (!spin->isVisible()) continue;
            const qsizetype at = visited.indexOf(spin);
            QVERIFY2(at >= 0 && at < memory, qPrintable(spin->objectName()));
        }
        for (QSlider* slider : window.controlsPanel()->findChildren<QSlider*>()) {
            if (!slider->isVisible() || !slider->isEnabled()) continue;
            QVERIFY2(visited.contains(slider), qPrintable(slider->objectName()));
        }
    }

    // Ctrl+Z undoes the plan wherever focus is, a spin box's text field included.
    void undoKeyWorksFromASpinBox() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowActive(&shown.window));
        auto* slider = shown.window.controlsPanel()->findChild<QSlider*>(
            QStringLiteral("tensorParallelSlider"));
        slider->setFocus();
        QTest::keyClick(slider, Qt::Key_Right);
        QCOMPARE(shown.document.plan().parallel.tp, 2);
        shown.settle();
        auto* spin =
            shown.window.controlsPanel()->findChild<QDoubleSpinBox*>(QStringLiteral("nodesSpin"));
        spin->setFocus();
        QCOMPARE(QApplication::focusWidget(), spin);
        QTest::keySequence(QApplication::focusWidget(), QKeySequence::Undo);
        QCOMPARE(shown.document.plan(), core::defaultPlan());
        QTest::keySequence(QApplication::focusWidget(), QKeySequence::Redo);
        QCOMPARE(shown.document.plan().parallel.tp, 2);
    }

    // A focused view shows a ring; it goes when focus leaves.
    void focusedViewShowsAFocusRing() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowActive(&shown.window));
        for (EvaluationView* view : shown.window.views()) {
            auto* ring = view->findChild<FocusFrame*>();
            QVERIFY(ring);
            view->setFocus(Qt::TabFocusReason);
            QVERIFY(view->hasFocus());
            QVERIFY(ring->isVisible());
            QCOMPARE(ring->geometry(), view->rect());
            // The ring is painted in the highlight colour on the view's edge.
            const QImage image = view->grab().toImage();
            const QColor edge = image.pixelColor(image.width() / 2, 1);
            QCOMPARE(edge.rgb(), view->palette().color(QPalette::Highlight).rgb());
            shown.window.diagnosticsList()->list()->setFocus();
            QVERIFY(!ring->isVisible());
        }
    }

    // QKeySequence::ZoomIn / ZoomOut (Ctrl++ / Ctrl+-) zoom the Gantt's time axis and the map.
    void standardZoomKeysZoomTheCharts() {
        Shown shown;
        QVERIFY(QTest::qWaitForWindowActive(&shown.window));
        shown.settle();
        auto* gantt = qobject_cast<PipelineGanttView*>(shown.window.views().at(1));
        QVERIFY(gantt);
        gantt->setFocus();
        const double span = gantt->visibleEndMs() - gantt->visibleStartMs();
        QTest::keySequence(gantt, QKeySequence::ZoomIn);
        QVERIFY(gantt->visibleEndMs() - gantt->visibleStartMs() < span * 0.95);
        QTest::keySequence(gantt, QKeySequence::ZoomOut);
        QVERIFY(qAbs(gantt->visibleEndMs() - gantt->visibleStartMs() - span) < span * 0.01);

        auto* map = qobject_cast<RankMapView*>(shown.window.views().at(2));
        QVERIFY(map);
        map->setFocus();
        const double zoom = map->zoom();
        QTest::keySequence(map, QKeySequence::ZoomIn);
        QVERIFY(map->zoom() > zoom);
        QTest::keySequence(map, QKeySequence::ZoomOut);
        QCOMPARE(map->zoom(), zoom);
    }
};

QTEST_MAIN(TestMainWindowKeyboard)
#include "tst_main_window_keyboard.moc"
