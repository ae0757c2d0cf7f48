// SPDX-License-Identifier: GPL-3.0-or-later
// Help > About: the version (checked against CMakeLists.txt's project()), the license, each
// library with the version its own header declares, "About Qt", and the window icon the app
// sets from its resources. Offscreen; modal dialogs are closed from a timer.
#include "app/gui/app_runner.h"
#include "core/plan/catalog.h"
#include "ui/document/plan_document.h"
#include "ui/shell/about_dialog.h"
#include "ui/shell/main_window.h"

#include <nlohmann/json_fwd.hpp>
#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include <algorithm>

using namespace fourfold::ui;

namespace {

// The version in `project(fourfold VERSION x.y.z ...)`, read from the source tree.
QString projectVersion() {
    QFile file(QStringLiteral(FOURFOLD_SOURCE_DIR "/CMakeLists.txt"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QRegularExpression pattern(QStringLiteral("project\\(fourfold VERSION ([0-9.]+)"));
    return pattern.match(QString::fromUtf8(file.readAll())).captured(1);
}

// Runs `open`, which shows a modal dialog; returns that dialog's class and title, then closes it.
template <typename Open>
QPair<QString, QString> modalOpenedBy(Open open) {
    QPair<QString, QString> seen;
    QObject scope;  // cancels the timer if no dialog ever ran it
    QTimer::singleShot(0, &scope, [&seen] {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal) return;
        seen = {QString::fromLatin1(modal->metaObject()->className()), modal->windowTitle()};
        modal->close();
    });
    open();
    return seen;
}

QAction* menuAction(QMainWindow& window, const QString& menuText, const QString& actionText) {
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->text() != menuText || !menu->menu()) continue;
        for (QAction* action : menu->menu()->actions()) {
            if (action->text() == actionText) return action;
        }
    }
    return nullptr;
}

}  // namespace

class TestAboutDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setWindowIcon(fourfold::app::applicationIcon());
    }

    void versionIsTheProjectVersion() {
        const QString expected = projectVersion();
        QVERIFY(!expected.isEmpty());
        QCOMPARE(fourfoldVersion(), expected);
        AboutDialog dialog;
        auto* title = dialog.findChild<QLabel*>(QStringLiteral("aboutVersion"));
        QVERIFY(title);
        QVERIFY2(title->text().contains(QStringLiteral("Fourfold ") + expected),
                 qPrintable(title->text()));
    }

    void licenseNamesGplForTheAppAndMitForTheCore() {
        AboutDialog dialog;
        auto* license = dialog.findChild<QLabel*>(QStringLiteral("aboutLicense"));
        QVERIFY(license);
        QVERIFY(license->text().contains(QStringLiteral("GPL-3.0-or-later")));
        QVERIFY(license->text().contains(QStringLiteral("QCustomPlot")));
        QVERIFY(license->text().contains(QStringLiteral("MIT")));
    }

    void librariesShowTheirHeadersVersionsAndLicenses() {
        const QString qcustomplot = QString::fromLatin1(QCUSTOMPLOT_VERSION_STR);
        const QString json = QStringLiteral("%1.%2.%3")
                                 .arg(NLOHMANN_JSON_VERSION_MAJOR)
                                 .arg(NLOHMANN_JSON_VERSION_MINOR)
                                 .arg(NLOHMANN_JSON_VERSION_PATCH);
        const std::vector<LibraryNotice> expected = {
            {QStringLiteral("Qt"), QString::fromLatin1(QT_VERSION_STR),
             QStringLiteral("LGPL-3.0-only"), QStringLiteral("https://www.qt.io/")},
            {QStringLiteral("QCustomPlot"), qcustomplot, QStringLiteral("GPL-3.0-or-later"),
             QStringLiteral("https://www.qcustomplot.com/")},
            {QStringLiteral("nlohmann_json"), json, QStringLiteral("MIT"),
             QStringLiteral("https://github.com/nlohmann/json")},
        };
        // The tests run against the Qt they were built with, so no "(running ...)" suffix.
        QCOMPARE(QString::fromLatin1(qVersion()), QString::fromLatin1(QT_VERSION_STR));
        QVERIFY(libraryNotices() == expected);

        AboutDialog dialog;
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("aboutLibraries"));
        QVERIFY(table);
        QCOMPARE(table->rowCount(), 3);
        for (int row = 0; row < 3; ++row) {
            const LibraryNotice& notice = expected.at(static_cast<std::size_t>(row));
            QCOMPARE(table->item(row, 0)->text(), notice.name);
            QCOMPARE(table->item(row, 1)->text(), notice.version);
            QCOMPARE(table->item(row, 2)->text(), notice.license);
        }
    }

    void aboutQtButtonOpensQtsAboutBox() {
        AboutDialog dialog;
        QVERIFY(dialog.aboutQtButton());
        const auto seen = modalOpenedBy([&] { dialog.aboutQtButton()->click(); });
        QCOMPARE(seen.first, QStringLiteral("QMessageBox"));
        QCOMPARE(seen.second, QStringLiteral("About Qt"));
    }

    void helpMenuOpensTheDialogAndAboutQt() {
        PlanDocument document(fourfold::core::defaultPlan());
        MainWindow window(&document);
        QAction* about =
            menuAction(window, QStringLiteral("&Help"), QStringLiteral("&About Fourfold"));
        QAction* aboutQt = menuAction(window, QStringLiteral("&Help"), QStringLiteral("About &Qt"));
        QVERIFY(about);
        QVERIFY(aboutQt);
        QCOMPARE(aboutQt->menuRole(), QAction::AboutQtRole);
        const auto seen = modalOpenedBy([&] { about->trigger(); });
        QCOMPARE(seen.first, QStringLiteral("fourfold::ui::AboutDialog"));
        QCOMPARE(seen.second, QStringLiteral("About Fourfold"));
    }

    void windowIconHasEverySizeAndTheDialogShowsIt() {
        const QIcon icon = fourfold::app::applicationIcon();
        QList<QSize> sizes = icon.availableSizes();
        QCOMPARE(sizes.size(), 7);
        for (const int side : {16, 24, 32, 48, 64, 128, 256}) {
            QVERIFY2(sizes.contains(QSize(side, side)), qPrintable(QString::number(side)));
            // Each size is a real image from the resources, drawn (not transparent) at its centre.
            const QImage image = icon.pixmap(side, side).toImage();
            QCOMPARE(image.size(), QSize(side, side));
            QVERIFY(qAlpha(image.pixel(side / 2, side / 2)) > 0);
        }
        AboutDialog dialog;
        const QList<QLabel*> labels = dialog.findChildren<QLabel*>();
        const bool showsIcon = std::any_of(labels.begin(), labels.end(), [](QLabel* label) {
            return label->pixmap().size() == QSize(64, 64);
        });
        QVERIFY(showsIcon);
    }
};

QTEST_MAIN(TestAboutDialog)
#include "tst_about_dialog.moc"
