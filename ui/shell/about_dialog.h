// SPDX-License-Identifier: GPL-3.0-or-later
// Help > About: Fourfold's version and license, the libraries it is built on with their
// versions and licenses, and Qt's own About box.
#pragma once

#include <QDialog>
#include <QString>

#include <vector>

class QPushButton;

namespace fourfold::ui {

struct LibraryNotice {
    QString name;
    QString version;  // as built against; for Qt also the version running, when it differs
    QString license;  // SPDX identifier of the terms Fourfold uses it under
    QString url;

    bool operator==(const LibraryNotice&) const = default;
};

// The version of Fourfold this was built as (the CMake project version).
[[nodiscard]] QString fourfoldVersion();
// Qt, QCustomPlot and nlohmann_json, in that order.
[[nodiscard]] std::vector<LibraryNotice> libraryNotices();

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);

    [[nodiscard]] QPushButton* aboutQtButton() const { return aboutQt_; }

private:
    QPushButton* aboutQt_ = nullptr;
};

}  // namespace fourfold::ui
