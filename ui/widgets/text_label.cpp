// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/text_label.h"

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

TextLabel::Sizes& TextLabel::sizesNow() const {
    ensurePolished();  // a style may still set the font
    const Measure measure{text(),     font(),        contentsMargins(),
                          margin(),   indent(),      static_cast<int>(alignment()),
                          wordWrap(), minimumSize(), maximumWidth()};
    if (Sizes* known = sizes_.find(measure)) return *known;
    return sizes_.add(measure, Sizes{});
}

int TextLabel::heightForWidth(int width) const {
    if (!wordWrap() || !drawsItself()) return QLabel::heightForWidth(width);
    return sizesNow().heights.get(width, [&] { return QLabel::heightForWidth(width); });
}

QSize TextLabel::sizeHint() const {
    if (!drawsItself()) return QLabel::sizeHint();
    Sizes& sizes = sizesNow();
    if (sizes.hint.isValid()) return sizes.hint;
    if (wordWrap() || minimumWidth() > 0) {
        // QLabel's own: the text is measured for QLabel's current text, which is this one.
        sizes.minimum = QLabel::minimumSizeHint();
        sizes.hint = QLabel::sizeHint();
        return sizes.hint;
    }
    // One line of plain text, measured as QLabel measures it: within a large box, tabs
    // expanded, no centring (centring halves, and rounds, what only needs adding up). Its
    // minimum is the same size: a line that does not wrap needs all of it.
    const int flags = (static_cast<int>(alignment()) | Qt::TextExpandTabs) &
                      ~static_cast<int>(Qt::AlignVCenter | Qt::AlignHCenter);
    const QMargins contents = contentsMargins();
    const int extra = 2 * margin();
    sizes.hint = (fontMetrics().boundingRect(0, 0, 2000, 2000, flags, text()).size() +
                  QSize(extra + contents.left() + contents.right(),
                        extra + contents.top() + contents.bottom()))
                     .expandedTo(minimumSize());
    sizes.minimum = sizes.hint;
    return sizes.hint;
}

QSize TextLabel::minimumSizeHint() const {
    if (!drawsItself()) return QLabel::minimumSizeHint();
    const Sizes& sizes = sizesNow();
    if (!sizes.minimum.isValid()) (void)sizeHint();  // measures both, into the same entry
    return sizes.minimum;
}

const QStaticText& TextLabel::layoutNow(int width, int alignment) {
    const QString& shown = text();
    return drawn_.get({shown, font(), width, alignment}, [&] {
        // QStaticText joins the lines of plain text; QLabel breaks them.
        QString lines = shown;
        lines.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QStaticText layout(lines);
        layout.setTextFormat(Qt::PlainText);
        layout.setTextWidth(width);
        QTextOption option{Qt::Alignment(alignment)};
        option.setWrapMode(width >= 0 ? QTextOption::WordWrap : QTextOption::NoWrap);
        layout.setTextOption(option);
        layout.prepare(QTransform(), font());
        return layout;
    });
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
    const QStaticText& layout = layoutNow(wrap, horizontal);
    // Placed in the contents as QLabel places it: wrapped lines are aligned within the width
    // by the layout, one line by its own width here.
    const QSizeF size = layout.size();
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
    painter.drawStaticText(QPointF(x, y), layout);
}

}  // namespace fourfold::ui
