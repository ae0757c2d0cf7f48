// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's start: reads the command line (plan file, --screenshot, --size, --theme, --lang,
// --lesson), builds the document and the main window, and runs the event loop.
//   fourfold [PLAN.json]                        open the window (with the plan, if given)
//   fourfold [PLAN.json] --screenshot FILE.png  render the window to a PNG and exit
//   fourfold --lesson builtin [--lesson-step N] [--presentation]   start a walkthrough
//   fourfold --version                          print "Fourfold VERSION" and exit
// Exit codes: 0 success, 1 the screenshot could not be written, 2 bad arguments or a bad plan
// file in screenshot mode.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

class QApplication;
class QIcon;

namespace fourfold::app {

inline constexpr QSize kDefaultScreenshotSize(1600, 1000);

// Parses "1600x1000" (also "1600X1000"); false unless both sides are positive integers.
[[nodiscard]] bool parseWindowSize(const QString& text, QSize* size);

// Fourfold's icon in every size the resources hold (resources/icons); the window icon.
[[nodiscard]] QIcon applicationIcon();

[[nodiscard]] int runApplication(QApplication& application);
// The same with an explicit command line (the first item is the program name).
[[nodiscard]] int runApplication(QApplication& application, const QStringList& arguments);

}  // namespace fourfold::app
