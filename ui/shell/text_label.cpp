// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/shell/text_label.h"

#include <QPainter>
#include <QTextDocument>
#include <QTextOption>

#include <algorithm>

namespace fourfold::ui {

TextLabel::TextLabel(QWidget* parent) : QLabel(parent) {}

TextLabel::TextLabel(const QString& text, QWidget* parent) : QLabel(text, parent) {}

bool TextLabel::drawsItself() const {
    const bool plainText = textFormat() == Qt::PlainText ||
                           (textFormat() == Qt::AutoText && !Qt::mightBeRichText(text()));
    const Qt::TextInteractionFlags selectable =
        Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard | Qt::TextEditable;
    return plainText && !buddy() && frameWidth() == 0 && indent() <= 0 &&
           !(textInteractionFlags() & selectable) && pixmap().isNull();
}

int TextLabel::heightForWidth(int width) const {
    if (!wordWrap()) return QLabel::heightForWidth(width);
    if (text() != heightsText_ || font() != heightsFont_) {
        heights_.fill({});
        heightsText_ = text();
        heightsFont_ = font();
    }
    const auto known = std::find_if(heights_.begin(), heights_.end(),
                                    [width](const Height& entry) { return entry.width == width; });
    if (known != heights_.end()) return known->height;
    std::rotate(heights_.begin(), heights_.end() - 1, heights_.end());
    heights_.front() = {width, QLabel::heightForWidth(width)};
    return heights_.front().height;
}

void TextLabel::paintEvent(QPaintEvent* event) {
    if (!drawsItself()) {
        QLabel::paintEvent(event);
        return;
    }
    if (text().isEmpty()) return;
    QRect area = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    const int wrap = wordWrap() ? std::max(1, area.width()) : -1;
    const int horizontal = static_cast<int>(alignment() & Qt::AlignHorizontal_Mask);
    if (text() != layoutText_ || font() != layoutFont_ || wrap != layoutWidth_ ||
        horizontal != layoutAlignment_) {
        // QStaticText joins the lines of plain text; QLabel breaks them.
        QString lines = text();
        lines.replace(QLatin1Char('\n'), QChar::LineSeparator);
        layout_.setText(lines);
        layout_.setTextFormat(Qt::PlainText);
        layout_.setTextWidth(wrap);
        QTextOption option{Qt::Alignment(horizontal)};
        option.setWrapMode(wordWrap() ? QTextOption::WordWrap : QTextOption::NoWrap);
        layout_.setTextOption(option);
        layout_.prepare(QTransform(), font());
        layoutText_ = text();
        layoutFont_ = font();
        layoutWidth_ = wrap;
        layoutAlignment_ = horizontal;
    }
    // Placed in the contents as QLabel places it: wrapped lines are aligned within the width
    // by the layout, one line by its own width here.
    const QSizeF size = layout_.size();
    double x = area.left();
    if (wrap < 0) {
        if (horizontal & Qt::AlignRight) {
            x = area.right() + 1 - size.width();
        } else if (horizontal & Qt::AlignHCenter) {
            x = area.left() + (area.width() - size.width()) / 2;
        }
    }
    double y = area.top() + (area.height() - size.height()) / 2;
    if (alignment() & Qt::AlignTop) {
        y = area.top();
    } else if (alignment() & Qt::AlignBottom) {
        y = area.bottom() + 1 - size.height();
    }
    QPainter painter(this);
    const QPalette::ColorGroup group = !isEnabled()       ? QPalette::Disabled
                                       : isActiveWindow() ? QPalette::Active
                                                          : QPalette::Inactive;
    painter.setPen(palette().color(group, foregroundRole()));
    painter.setFont(font());
    painter.drawStaticText(QPointF(x, y), layout_);
}

}  // namespace fourfold::ui
