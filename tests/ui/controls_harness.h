// SPDX-License-Identifier: GPL-3.0-or-later
// The controls panel in a dock-sized window on the default plan, recording the edits it sends:
// shared by the tests of what the panel edits and of what it redraws.
#pragma once

#include "core/plan/catalog.h"
#include "ui/controls/controls_panel.h"
#include "ui/document/plan_document.h"

#include <QDebug>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMainWindow>
#include <QSlider>
#include <QTest>

#include <vector>

namespace fourfold::test {

struct Edit {
    int field;
    int gesture;
    QString text;
};

// A dock-sized window holding the panel, recording every edit it sends.
struct Harness {
    fourfold::ui::PlanDocument document{fourfold::core::defaultPlan()};
    QMainWindow window;
    fourfold::ui::ControlsPanel* panel = nullptr;
    std::vector<Edit> edits;

    Harness() {
        panel = new fourfold::ui::ControlsPanel(&document);
        window.setCentralWidget(panel);
        window.resize(360, 700);
        QObject::connect(panel, &fourfold::ui::ControlsPanel::editRequested,
                         [this](int field, int gesture, const QString& text) {
                             edits.push_back({field, gesture, text});
                         });
    }
    // The document may evaluate on the next event-loop turn, or on a worker thread for a large
    // plan: let it, before looking.
    void settle() {
        const bool settled = QTest::qWaitFor(
            [this] { return document.evaluation()->plan == document.plan(); }, 30000);
        if (!settled) qWarning() << "the evaluation did not arrive";
    }
    template <typename T>
    T* find(const QString& name) {
        settle();
        T* widget = panel->findChild<T*>(name);
        if (!widget) qWarning() << "no widget" << name;
        return widget;
    }
    QSlider* slider(const char* name) {
        return find<QSlider>(QString::fromLatin1(name) + QStringLiteral("Slider"));
    }
    QDoubleSpinBox* spin(const char* name) {
        return find<QDoubleSpinBox>(QString::fromLatin1(name) + QStringLiteral("Spin"));
    }
    QLabel* marker(const char* name) {
        return find<QLabel>(QString::fromLatin1(name) + QStringLiteral("Marker"));
    }
};

}  // namespace fourfold::test
