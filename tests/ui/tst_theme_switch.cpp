// SPDX-License-Identifier: GPL-3.0-or-later
// Switching the theme while a plan shows: every chart's background, axes, heading and legend
// text, the summary strip's values and the fit advice take the new colours at once, through the
// View ▸ Theme actions; "System" sets no palette of its own, so Qt resolves every role from the
// desktop's.
#include "core/plan/catalog.h"
#include "ui/charts/step_lines.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/settings/theme.h"
#include "ui/shell/main_window.h"
#include "ui/views/evaluation_view.h"
#include "ui/views/step_time_view.h"
#include "ui/views/summary_strip.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTest>

using namespace fourfold;
using fourfold::ui::Theme;

namespace {

double lightness(const QColor& colour) { return colour.lightnessF(); }

// What a person sees of a chart: its background (a corner pixel of the rendered plot), its
// left axis's tick labels, its heading and legend text.
struct ChartLook {
    QColor background;
    QColor tickLabels;
    QColor legendText;
    QList<QColor> headings;
};

ChartLook lookOf(QCustomPlot* plot) {
    ChartLook look;
    const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
    look.background = image.pixelColor(2, 2);
    QCPAxis* left = plot->axisRect()->axis(QCPAxis::atLeft);
    look.tickLabels = left->tickLabelColor();
    look.legendText = plot->legend->textColor();
    for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
        if (auto* heading = qobject_cast<QCPTextElement*>(element)) {
            look.headings << heading->textColor();
        }
    }
    return look;
}

QList<QCustomPlot*> plotsOf(const ui::MainWindow& window) {
    QList<QCustomPlot*> plots;
    for (ui::EvaluationView* view : window.views()) plots << view->findChildren<QCustomPlot*>();
    return plots;
}

// The scaling chart's ring round this plan, in the colour it is drawn now.
QColor thisPlanRing(const ui::MainWindow& window) {
    auto* plot = window.findChild<QCustomPlot*>(QStringLiteral("scalingPlot"));
    if (!plot) return {};
    for (int index = 0; index < plot->graphCount(); ++index) {
        if (plot->graph(index)->name() == QLatin1String("This plan")) {
            return plot->graph(index)->scatterStyle().pen().color();
        }
    }
    return {};
}

void choose(ui::MainWindow& window, Theme theme) {
    window.themeAction(theme)->trigger();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
}

}  // namespace

class TestThemeSwitch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanupTestCase() {
        if (auto* application = qobject_cast<QApplication*>(QCoreApplication::instance())) {
            ui::applyTheme(*application, Theme::Light);
        }
    }

    void switchingRepaintsEveryViewAtOnce() {
        auto* application = qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(application);
        ui::applyTheme(*application, Theme::Light);
        ui::PlanDocument document(core::defaultPlan());  // does not fit: red verdict, advice
        ui::MainWindow window(&document);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(document.evaluation() && document.evaluation()->memory);
        QVERIFY(!document.evaluation()->memory->fits);
        QCoreApplication::processEvents();

        const QList<QCustomPlot*> plots = plotsOf(window);
        QVERIFY(plots.size() >= 2);  // memory and pipeline at least
        QList<ChartLook> light;
        for (QCustomPlot* plot : plots) light << lookOf(plot);
        auto* fit = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("fitValue"));
        auto* batch = window.summaryStrip()->findChild<QLabel*>(QStringLiteral("batchValue"));
        QVERIFY(fit && batch);
        const QColor fitLight = fit->palette().color(QPalette::WindowText);
        QVERIFY(lightness(batch->palette().color(QPalette::WindowText)) < 0.3);
        const QList<QPushButton*> choices =
            window.findChildren<QPushButton*>(QStringLiteral("fitChoice"));
        QVERIFY(!choices.isEmpty());
        QVERIFY(lightness(choices.first()->palette().color(QPalette::ButtonText)) < 0.3);
        // The scaling tab on show, with its ring round this plan in dark ink.
        auto* stepTime = window.findChild<ui::StepTimeView*>();
        QVERIFY(stepTime);
        stepTime->tabs()->setCurrentIndex(1);
        QTRY_VERIFY(thisPlanRing(window).isValid());
        QVERIFY(lightness(thisPlanRing(window)) < 0.3);

        // The activation lines take a shade that reads on the chart's paper: they change too.
        auto* gantt = window.findChild<QCustomPlot*>(QStringLiteral("pipelineGanttPlot"));
        QVERIFY(gantt && gantt->axisRect(1));
        const auto firstLine = [gantt] {
            const auto& lines = ui::stepLines(ui::stepLinesOf(gantt->axisRect(1)));
            return lines.empty() ? QColor() : lines.front().colour;
        };
        const QColor lineLight = firstLine();
        QVERIFY(lineLight.isValid());

        choose(window, Theme::Dark);
        QCOMPARE(ui::AppSettings::instance().theme(), Theme::Dark);
        QVERIFY(firstLine().isValid());
        QVERIFY2(firstLine() != lineLight, qPrintable(lineLight.name()));
        QVERIFY(window.themeAction(Theme::Dark)->isChecked());
        const QPalette dark = ui::paletteFor(Theme::Dark);
        QCOMPARE(thisPlanRing(window), dark.color(QPalette::Text));  // not black on black
        for (int index = 0; index < plots.size(); ++index) {
            const ChartLook now = lookOf(plots[index]);
            const QString name = plots[index]->parentWidget()->objectName();
            // Dark paper, light ink, unlike before.
            QVERIFY2(lightness(now.background) < 0.25 && lightness(light[index].background) > 0.75,
                     qPrintable(name + QLatin1Char(' ') + now.background.name()));
            QCOMPARE(now.tickLabels, dark.color(QPalette::Text));
            QVERIFY(now.tickLabels != light[index].tickLabels);
            QCOMPARE(now.legendText, dark.color(QPalette::Text));
            for (const QColor& heading : now.headings)
                QCOMPARE(heading, dark.color(QPalette::Text));
        }
        // The strip: plain values in the light text colour, the verdict in a lighter red that
        // still reads on the dark window.
        QCOMPARE(batch->palette().color(QPalette::WindowText), dark.color(QPalette::WindowText));
        const QColor fitDark = fit->palette().color(QPalette::WindowText);
        QVERIFY(fitDark != fitLight);
        QVERIFY2(fitDark.red() > fitDark.green() && lightness(fitDark) > 0.6,
                 qPrintable(fitDark.name()));
        for (QPushButton* button : window.findChildren<QPushButton*>(QStringLiteral("fitChoice"))) {
            QCOMPARE(button->palette().color(QPalette::ButtonText),
                     dark.color(QPalette::ButtonText));
        }
        // The rank map paints its window in the dark colour too.
        for (ui::EvaluationView* view : window.views()) {
            if (view->findChildren<QCustomPlot*>().isEmpty()) {
                const QImage image = view->grab().toImage();
                QVERIFY2(lightness(image.pixelColor(image.width() / 2, image.height() - 3)) < 0.3,
                         qPrintable(view->title()));
            }
        }

        // And back: everything light again, without a restart.
        choose(window, Theme::Light);
        for (int index = 0; index < plots.size(); ++index) {
            const ChartLook now = lookOf(plots[index]);
            QCOMPARE(now.background, light[index].background);
            QCOMPARE(now.tickLabels, light[index].tickLabels);
            QCOMPARE(now.legendText, light[index].legendText);
        }
        QCOMPARE(fit->palette().color(QPalette::WindowText), fitLight);
        QVERIFY(lightness(thisPlanRing(window)) < 0.3);
    }

    // "System" exists beside Light and Dark, persists, and sets no colour of its own: the
    // application palette is the one Qt resolves from the desktop (on this offscreen test
    // platform, which has no desktop palette, the style's standard palette).
    void systemFollowsTheDesktopPalette() {
        auto* application = qobject_cast<QApplication*>(QCoreApplication::instance());
        QVERIFY(application);
        Theme parsed = Theme::Light;
        QVERIFY(ui::parseTheme(QStringLiteral("System"), &parsed));
        QCOMPARE(parsed, Theme::System);
        QCOMPARE(ui::themeName(Theme::System), QStringLiteral("system"));

        ui::PlanDocument document(core::defaultPlan());
        ui::MainWindow window(&document);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        choose(window, Theme::Dark);
        choose(window, Theme::System);
        QCOMPARE(ui::AppSettings::instance().theme(), Theme::System);
        QVERIFY(window.themeAction(Theme::System)->isChecked());
        const QPalette now = QApplication::palette();
        QCOMPARE(now.resolveMask(), QPalette::ResolveMask(0));  // no role chosen by the app
        const QPalette desktop = application->style()->standardPalette();
        QCOMPARE(now.color(QPalette::Window), desktop.color(QPalette::Window));
        QCOMPARE(now.color(QPalette::Text), desktop.color(QPalette::Text));
        QVERIFY(now.color(QPalette::Window) != ui::paletteFor(Theme::Dark).color(QPalette::Window));
        // The charts follow it like any other palette.
        for (QCustomPlot* plot : plotsOf(window)) {
            QCOMPARE(plot->axisRect()->axis(QCPAxis::atLeft)->tickLabelColor(),
                     plot->palette().color(QPalette::Text));
            QCOMPARE(plot->palette().color(QPalette::Text), desktop.color(QPalette::Text));
        }
        // The setting survives a reload.
        ui::AppSettings::instance().reload();
        QCOMPARE(ui::AppSettings::instance().theme(), Theme::System);
        ui::AppSettings::instance().setTheme(Theme::Light);
    }
};

QTEST_MAIN(TestThemeSwitch)
#include "tst_theme_switch.moc"
