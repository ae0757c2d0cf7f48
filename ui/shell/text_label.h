// SPDX-License-Identifier: GPL-3.0-or-later
// A label that shapes its text once per text, font and width. QLabel shapes a plain text again
// at every paint and every height-for-width query, and a slider step repaints and lays out
// dozens of labels (figures, captions, notes): that was a quarter of the window's work per
// step. Here the text's layout is kept (QStaticText) and so are its heights for the last
// widths asked. Rich text, selectable text, a frame or a mnemonic are drawn by QLabel itself.
#pragma once

#include <QFont>
#include <QLabel>
#include <QStaticText>

#include <array>

namespace fourfold::ui {

class TextLabel : public QLabel {
public:
    explicit TextLabel(QWidget* parent = nullptr);
    explicit TextLabel(const QString& text, QWidget* parent = nullptr);

    [[nodiscard]] int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    // Whether this label's text is drawn here (plain, unframed, no mnemonic, not selectable).
    [[nodiscard]] bool drawsItself() const;

    QStaticText layout_;  // the text as last drawn
    QString layoutText_;
    QFont layoutFont_;
    int layoutWidth_ = -2;  // the wrapping width it was laid out for; -1: no wrapping
    int layoutAlignment_ = 0;

    struct Height {
        int width = -1;
        int height = 0;
    };
    mutable std::array<Height, 4> heights_{};  // the last widths asked, most recent first
    mutable QString heightsText_;
    mutable QFont heightsFont_;
};

}  // namespace fourfold::ui
