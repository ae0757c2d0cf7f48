// SPDX-License-Identifier: MIT
#include "ui/app_runner.h"

#include <QApplication>
#include <QLabel>

namespace fourfold::ui {

int runApplication(QApplication& application) {
    QLabel window(QStringLiteral("Fourfold"));  // placeholder until the main window lands
    window.resize(800, 600);
    window.show();
    return application.exec();
}

}  // namespace fourfold::ui
