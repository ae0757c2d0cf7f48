// SPDX-License-Identifier: GPL-3.0-or-later
// File → Export As (one entry per format the core writes) and File → Import… (any format the core
// reads), from core::frameworkFormats(): the formats, their names and file patterns are the
// core's table, not listed here. An import is one undoable step through
// PlanDocument::replacePlan; the core does the reading and writing.
#pragma once

#include "core/frameworks/frameworks.h"
#include "ui/widgets/prompts.h"

#include <QObject>
#include <QString>

class QMenu;
class QWidget;

namespace fourfold::ui {

class PlanDocument;

class FrameworkFileActions : public QObject {
    Q_OBJECT
public:
    // `prompts` and `document` must outlive this object; `window` parents the dialogs.
    FrameworkFileActions(PlanDocument* document, const Prompts* prompts, QWidget* window);

    // Adds "Export As" (one entry per format written, object name "exportAs-<key>") and
    // "Import…" to the menu.
    void addToMenu(QMenu* menu);

    // Asks for a file name, then writes the plan in the format (one of core::frameworkFormats()).
    bool exportAs(const core::FrameworkFormat& format);
    bool exportTo(const core::FrameworkFormat& format, const QString& path, QString* error) const;
    // Asks for a file, then imports it.
    bool import();
    // Imports a config file onto the current plan as one undoable step. False (and nothing
    // changed) when the file is not a framework or model config, or cannot be read.
    bool importFile(const QString& path);
    // True when the file's text is a config this class imports (not a Fourfold plan).
    [[nodiscard]] static bool isImportable(const QString& path);

private:
    PlanDocument* document_;
    const Prompts* prompts_;
    QWidget* window_;
};

}  // namespace fourfold::ui
