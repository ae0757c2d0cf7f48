// SPDX-License-Identifier: GPL-3.0-or-later
// FocusFrame: a visible keyboard-focus ring drawn over a view while it has focus. Chart canvases
// paint edge to edge and leave the style no room for a focus rectangle, so the frame is a
// mouse-transparent child on top of the view, shown only while the view (or a child) has focus.
#pragma once

#include <QWidget>

namespace fourfold::ui {

class FocusFrame : public QWidget {
    Q_OBJECT
public:
    // Watches `view` and draws over it; `view` owns the frame.
    explicit FocusFrame(QWidget* view);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void follow();
    QWidget* view_;
};

}  // namespace fourfold::ui
