// SPDX-License-Identifier: GPL-3.0-or-later
// The main window as the window-level tests drive it: a document on a plan, the window on it
// at a size, shown; and the settings of a first start before each test (test-mode paths, no
// settings a test before left behind).
#pragma once

#include "core/plan/catalog.h"
#include "core/plan/plan.h"
#include "core/plan/plan_title.h"
#include "ui/document/plan_document.h"
#include "ui/settings/app_settings.h"
#include "ui/shell/main_window.h"

#include <QSettings>
#include <QSize>
#include <QStandardPaths>
#include <QTest>

namespace fourfold::test {

// For initTestCase(): settings and files go to the test-mode paths, never the user's.
inline void useTestPaths() { QStandardPaths::setTestModeEnabled(true); }

// For init(): the settings as on a first start.
inline void forgetSettings() {
    QSettings(QStringLiteral("Fourfold"), QStringLiteral("Fourfold")).clear();
    ui::AppSettings::instance().reload();
}

// The default model on one RTX 4090, named from its content ("Llama-2 7B on 1 x RTX 4090"):
// one GPU, one node, in the words of every count.
inline core::Plan onOneRtx4090() {
    core::Plan plan = core::defaultPlan();
    plan.cluster.gpu = core::findGpuPreset("rtx4090-24gb")->spec;
    plan.cluster.gpusPerNode = 1;
    plan.cluster.nodes = 1;
    plan.parallel.dp = 1;
    plan.name = core::derivedPlanName(plan);
    return plan;
}

// `auto& [document, window] = shown;` names the parts as the tests use them.
struct ShownWindow {
    ui::PlanDocument document;
    ui::MainWindow window;

    ShownWindow(const core::Plan& plan, QSize size) : document(plan), window(&document) {
        window.resize(size);
        window.show();
    }
    [[nodiscard]] bool active() { return QTest::qWaitForWindowActive(&window); }
    [[nodiscard]] bool exposed() { return QTest::qWaitForWindowExposed(&window); }
};

}  // namespace fourfold::test
