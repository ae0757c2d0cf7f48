// SPDX-License-Identifier: MIT
// The GUI's start: reads the command line (plan file, --screenshot), builds the document and
// the main window, and runs the event loop.
#pragma once

class QApplication;

namespace fourfold::ui {

[[nodiscard]] int runApplication(QApplication& application);

}  // namespace fourfold::ui
