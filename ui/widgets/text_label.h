// SPDX-License-Identifier: GPL-3.0-or-later
// A label that shapes its text once per text, font and width. QLabel shapes a plain text again
// at every paint and every height-for-width query, and a slider step repaints and lays out
// dozens of labels (figures, captions, notes): that was a quarter of the window's work per
// step. Here the layouts of the last few texts are kept (QStaticText), and so are their size
// hints and heights (one line of text is measured once, where QLabel measures it three times).
// Rich text, selectable text, a frame or a mnemonic are drawn and measured by QLabel itself.
#pragma once

#include "ui/widgets/recent_values.h"

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <QSize>
#include <QStaticText>

namespace fourfold::ui {

class TextLabel : public QLabel {
public:
    explicit TextLabel(QWidget* parent = nullptr);
    explicit TextLabel(const QString& text, QWidget* parent = nullptr);

    [[nodiscard]] int heightForWidth(int width) const override;
    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    // Whether this label's text is drawn here (plain, unframed, no mnemonic, not selectable).
    [[nodiscard]] bool drawsItself() const;

    // What a text's layout for drawing depends on.
    struct Drawn {
        QString text;
        QFont font;
        int width = -2;  // the wrapping width; -1: no wrapping
        int alignment = 0;
        bool operator==(const Drawn&) const = default;
    };
    // The layouts of the last texts drawn: a slider dragged back and forth shows the same few
    // texts again, and shaping one again costs more than drawing it.
    [[nodiscard]] const QStaticText& layoutNow(int width, int alignment);
    RecentValues<Drawn, QStaticText, 8> drawn_;

    // What the label's size depends on besides its text (QLabel's own measuring rules).
    struct Measure {
        QString text;
        QFont font;
        QMargins contents;
        int margin = 0;
        int indent = 0;
        int alignment = 0;
        bool wrap = false;
        QSize minimum;
        int maximumWidth = 0;
        bool operator==(const Measure&) const = default;
    };
    // One text's sizes: its hints (invalid until asked) and its heights for the last widths
    // asked.
    struct Sizes {
        QSize hint;
        QSize minimum;
        RecentValues<int, int, 4> heights;  // width → height
    };
    // The sizes of the last texts shown: a slider dragged back and forth shows the same few
    // texts again, and each costs QLabel several shapings of the text.
    [[nodiscard]] Sizes& sizesNow() const;
    mutable RecentValues<Measure, Sizes, 8> sizes_;
};

}  // namespace fourfold::ui
