// SPDX-License-Identifier: GPL-3.0-or-later
// fourfold: builds the application from its parts and runs it. No logic lives here.
#include "app/allocator_tuning.h"
#include "app/gui/app_runner.h"

#include <QApplication>

int main(int argc, char** argv) {
    fourfold::app::tuneAllocatorForReuse();
    // Fractional scale factors (1.25, 1.5) as the screen reports them, not rounded.
    QApplication::setHighDpiScaleFactorRoundingPolicy(
        Qt::HighDpiScaleFactorRoundingPolicy::PassThrough);
    QApplication application(argc, argv);
    QApplication::setApplicationVersion(QStringLiteral(FOURFOLD_VERSION));
    return fourfold::app::runApplication(application);
}
