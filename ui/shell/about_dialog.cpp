// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/about_dialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

// Set by the top-level CMakeLists.txt from the project and the packages found.
#ifndef FOURFOLD_VERSION
#define FOURFOLD_VERSION ""
#endif
#ifndef FOURFOLD_QCUSTOMPLOT_VERSION
#define FOURFOLD_QCUSTOMPLOT_VERSION ""
#endif
#ifndef FOURFOLD_NLOHMANN_JSON_VERSION
#define FOURFOLD_NLOHMANN_JSON_VERSION ""
#endif

namespace fourfold::ui {
namespace {

constexpr int kIconSide = 64;

QString versionOrUnknown(const char* version) {
    const QString text = QString::fromLatin1(version);
    return text.isEmpty() ? AboutDialog::tr("unknown") : text;
}

QTableWidget* libraryTable(QWidget* parent) {
    const std::vector<LibraryNotice> notices = libraryNotices();
    auto* table = new QTableWidget(static_cast<int>(notices.size()), 3, parent);
    table->setObjectName(QStringLiteral("aboutLibraries"));
    table->setHorizontalHeaderLabels(
        {AboutDialog::tr("Library"), AboutDialog::tr("Version"), AboutDialog::tr("License")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionMode(QAbstractItemView::NoSelection);
    table->setFocusPolicy(Qt::NoFocus);
    for (int row = 0; row < table->rowCount(); ++row) {
        const LibraryNotice& notice = notices.at(static_cast<std::size_t>(row));
        auto* name = new QTableWidgetItem(notice.name);
        name->setToolTip(notice.url);
        table->setItem(row, 0, name);
        table->setItem(row, 1, new QTableWidgetItem(notice.version));
        table->setItem(row, 2, new QTableWidgetItem(notice.license));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    return table;
}

}  // namespace

QString fourfoldVersion() { return versionOrUnknown(FOURFOLD_VERSION); }

std::vector<LibraryNotice> libraryNotices() {
    QString qt = QString::fromLatin1(QT_VERSION_STR);
    const QString running = QString::fromLatin1(qVersion());
    if (running != qt) qt = AboutDialog::tr("%1 (running %2)").arg(qt, running);
    return {
        {QStringLiteral("Qt"), qt, QStringLiteral("LGPL-3.0-only"),
         QStringLiteral("https://www.qt.io/")},
        {QStringLiteral("QCustomPlot"), versionOrUnknown(FOURFOLD_QCUSTOMPLOT_VERSION),
         QStringLiteral("GPL-3.0-or-later"), QStringLiteral("https://www.qcustomplot.com/")},
        {QStringLiteral("nlohmann_json"), versionOrUnknown(FOURFOLD_NLOHMANN_JSON_VERSION),
         QStringLiteral("MIT"), QStringLiteral("https://github.com/nlohmann/json")},
    };
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About Fourfold"));

    auto* icon = new QLabel(this);
    icon->setPixmap(QApplication::windowIcon().pixmap(kIconSide, kIconSide));
    icon->setAlignment(Qt::AlignTop);

    auto* title = new QLabel(tr("<h2>Fourfold %1</h2>"
                                "<p>A planner for distributed deep-learning training: memory per "
                                "GPU, the pipeline schedule, the rank map on the cluster and the "
                                "step time, recomputed as you change the plan.</p>")
                                 .arg(fourfoldVersion().toHtmlEscaped()),
                             this);
    title->setObjectName(QStringLiteral("aboutVersion"));
    title->setWordWrap(true);

    // The app links QCustomPlot (GPL), so the whole is GPL; the Qt-free parts stay MIT.
    auto* license = new QLabel(
        tr("<p>Fourfold is free software under the GNU General Public License, version 3 or "
           "later (GPL-3.0-or-later), because it links QCustomPlot. Its Qt-free engine and the "
           "<tt>fourfold-cli</tt> tool may also be used under the MIT license. There is NO "
           "WARRANTY, to the extent permitted by law.</p>"
           "<p>It is built on these libraries:</p>"),
        this);
    license->setObjectName(QStringLiteral("aboutLicense"));
    license->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    aboutQt_ = buttons->addButton(tr("About &Qt"), QDialogButtonBox::ActionRole);
    aboutQt_->setObjectName(QStringLiteral("aboutQtButton"));
    connect(aboutQt_, &QPushButton::clicked, this, [this] { QMessageBox::aboutQt(this); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* text = new QVBoxLayout;
    text->addWidget(title);
    text->addWidget(license);
    text->addWidget(libraryTable(this));
    auto* top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
}

}  // namespace fourfold::ui
