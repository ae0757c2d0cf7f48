// SPDX-License-Identifier: MIT
// fourfold: builds the application from its parts and runs it. No logic lives here.
#include <QApplication>

#include "ui/app_runner.h"

int main(int argc, char** argv) {
    QApplication application(argc, argv);
    return fourfold::ui::runApplication(application);
}
