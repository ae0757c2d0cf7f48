// SPDX-License-Identifier: GPL-3.0-or-later
// Image exports for slides and papers: PNGs at a chosen scale, a rank map without its on-screen
// chooser, hint and highlight, and failures that say why.
#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "ui/charts/image_export.h"
#include "ui/charts/plot_export.h"
#include "ui/views/memory_stack_view.h"
#include "ui/views/rank_map_view.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>

using namespace fourfold;
using fourfold::ui::MemoryStackView;
using fourfold::ui::RankMapView;

namespace {

// The article's rank-map example: tp 4, dp 8, pp 2 on 8 nodes of 8 GPUs.
std::shared_ptr<const core::Evaluation> articleExample() {
    core::Plan plan = core::defaultPlan();
    plan.parallel.tp = 4;
    plan.parallel.dp = 8;
    plan.parallel.pp = 2;
    plan.parallel.cp = 1;
    plan.parallel.ep = 1;
    plan.parallel.order = "tp-cp-ep-dp-pp";
    plan.cluster.gpusPerNode = 8;
    plan.cluster.nodes = 8;
    plan.model.layers = 32;
    return std::make_shared<const core::Evaluation>(core::evaluate(plan));
}

QImage exported(RankMapView& view, const QString& path, double scale) {
    QString error;
    if (!view.exportImage(path, &error, scale)) qWarning("%s", qPrintable(error));
    return QImage(path);
}

// Rows of `area` in `image` that hold more than one colour.
int inkedRows(const QImage& image, const QRect& area) {
    int rows = 0;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        const QRgb first = image.pixel(area.left(), y);
        for (int x = area.left(); x <= area.right(); ++x) {
            if (image.pixel(x, y) != first) {
                ++rows;
                break;
            }
        }
    }
    return rows;
}

}  // namespace

class TestImageExport : public QObject {
    Q_OBJECT
private slots:
    void widgetPngFollowsTheScale_data() {
        QTest::addColumn<double>("scale");
        QTest::newRow("1x") << 1.0;
        QTest::newRow("2x (default)") << 2.0;
        QTest::newRow("3x") << 3.0;
    }
    void widgetPngFollowsTheScale() {
        QFETCH(double, scale);
        QTemporaryDir dir;
        QLabel label(QStringLiteral("Fourfold"));
        label.resize(300, 120);
        const QString path = dir.filePath(QStringLiteral("label.png"));
        QString error;
        QVERIFY2(ui::exportWidgetImage(label, path, &error, scale), qPrintable(error));
        QCOMPARE(QImage(path).size(), QSize(300, 120) * scale);
    }

    void defaultScaleIsTwice() {
        QTemporaryDir dir;
        QLabel label(QStringLiteral("Fourfold"));
        label.resize(200, 100);
        const QString path = dir.filePath(QStringLiteral("label.png"));
        QString error;
        QVERIFY2(ui::exportWidgetImage(label, path, &error), qPrintable(error));
        QCOMPARE(QImage(path).size(), QSize(400, 200));
    }

    void plotPngFollowsTheScale() {
        QTemporaryDir dir;
        QCustomPlot plot;
        plot.resize(600, 400);
        plot.addGraph()->setData({0, 1, 2, 3}, {1, 3, 2, 4});
        plot.rescaleAxes();
        for (const double scale : {1.0, 2.0, 3.0}) {
            const QString path = dir.filePath(QStringLiteral("plot-%1.png").arg(scale));
            QString error;
            QVERIFY2(ui::exportPlot(plot, path, &error, scale), qPrintable(error));
            QCOMPARE(QImage(path).size(), QSize(600, 400) * scale);
        }
    }

    // A view's export: the chart at twice its size by default, or the chosen scale.
    void viewExportUsesTheScale() {
        MemoryStackView view;
        view.resize(800, 500);
        view.showEvaluation(
            std::make_shared<const core::Evaluation>(core::evaluate(core::defaultPlan())));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("memory.png"));
        QString error;
        QVERIFY2(view.exportImage(path, &error), qPrintable(error));
        const QImage twice(path);
        QVERIFY(twice.width() > 800 && twice.height() > 300);
        QVERIFY2(view.exportImage(path, &error, 1.0), qPrintable(error));
        const QImage once(path);
        QCOMPARE(twice.size(), once.size() * 2);
    }

    // The rank map's export leaves out the "Colour by" chooser, the hint line and the pinned
    // GPU's highlight: an export with a pinned GPU equals one with none.
    void rankMapExportIsClean() {
        QTemporaryDir dir;
        RankMapView pinnedView;
        pinnedView.resize(960, 600);
        pinnedView.showEvaluation(articleExample());
        pinnedView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pinnedView));
        QTest::mouseClick(&pinnedView, Qt::LeftButton, {}, pinnedView.positionOfRank(45).toPoint());
        QVERIFY(pinnedView.isPinned());
        const QImage onScreen = pinnedView.grab().toImage().convertToFormat(QImage::Format_RGB32);

        RankMapView plainView;
        plainView.resize(960, 600);
        plainView.showEvaluation(articleExample());
        plainView.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plainView));

        const QImage pinned = exported(pinnedView, dir.filePath(QStringLiteral("pinned.png")), 1.0)
                                  .convertToFormat(QImage::Format_RGB32);
        const QImage plain = exported(plainView, dir.filePath(QStringLiteral("plain.png")), 1.0)
                                 .convertToFormat(QImage::Format_RGB32);
        QCOMPARE(pinned.size(), QSize(960, 600));
        QVERIFY(pinned == plain);
        QVERIFY(!(pinned == onScreen));  // the screen shows the highlight and the chooser
        // The chooser is back on screen after the export, and the pin kept.
        QVERIFY(pinnedView.isPinned());
        const auto* chooser = pinnedView.findChild<QComboBox*>();
        QVERIFY(chooser && chooser->isVisible());

        // The legend's last line (the hint) is drawn on screen and not in the export: the
        // legend has ink in fewer rows.
        const QRect legend(0, 600 - 80, 960, 80);
        QVERIFY2(inkedRows(plain, legend) < inkedRows(onScreen, legend),
                 qPrintable(QStringLiteral("%1 vs %2")
                                .arg(inkedRows(plain, legend))
                                .arg(inkedRows(onScreen, legend))));
        // The chooser's box is gone: the export's top-left holds only text on the background.
        const QRect chooserArea = chooser->geometry().translated(
            chooser->parentWidget()->mapTo(&pinnedView, QPoint(0, 0)));
        int differing = 0;
        for (int y = chooserArea.top(); y <= chooserArea.bottom(); ++y) {
            for (int x = chooserArea.left(); x <= chooserArea.right(); ++x) {
                if (plain.pixel(x, y) != onScreen.pixel(x, y)) ++differing;
            }
        }
        QVERIFY(differing > chooserArea.width() * chooserArea.height() / 10);
    }

    // A file that cannot be written says why, in the system's words.
    void failureSaysWhy() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("no/such/folder/view.png"));
        QLabel label(QStringLiteral("Fourfold"));
        label.resize(200, 100);
        QString error;
        QVERIFY(!ui::exportWidgetImage(label, path, &error));
        QVERIFY2(error.contains(path), qPrintable(error));
        QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(error));

        QCustomPlot plot;
        plot.resize(300, 200);
        error.clear();
        QVERIFY(!ui::exportPlot(plot, path, &error));
        QVERIFY2(error.contains(QString::fromLocal8Bit(std::strerror(ENOENT))), qPrintable(error));
    }
};

QTEST_MAIN(TestImageExport)
#include "tst_image_export.moc"
