// SPDX-License-Identifier: GPL-3.0-or-later
// LayoutBarrier: holds one content widget and keeps its relayouts to itself. Qt hands every
// text change of a label (or button) up to the window's top layout, which then lays out the
// whole window again: at each step of a slider drag that cost more than the rest of the edit.
// Behind a barrier the content lays itself out alone, and only a change the parent must hear
// of goes further up: a new minimum size (where the content sets none of its own), or for a
// strip, a new height.
#pragma once

#include <QSize>
#include <QWidget>

namespace fourfold::ui {

class LayoutBarrier : public QWidget {
    Q_OBJECT
public:
    enum class Passes {
        Minimum,  // the content's minimum size (a pane, whose size its parent gives)
        Height,   // its height for the width and minimum height (a strip that may wrap,
                  // whose width its parent gives)
    };
    LayoutBarrier(QWidget* content, Passes passes, QWidget* parent = nullptr);

    [[nodiscard]] QWidget* content() const { return content_; }
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override;
    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Needs {
        QSize minimum;
        int height = -1;
        bool operator==(const Needs&) const = default;
    };
    [[nodiscard]] Needs needs() const;
    void fitContent();

    QWidget* content_;
    Passes passes_;
    QSize ownMinimum_;  // the content's explicit minimum: where set, it stands for the hint
    Needs told_;        // what the parent last heard
};

}  // namespace fourfold::ui
