// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/gantt_legend_swatch.h"

#include <qcustomplot.h>

namespace fourfold::ui {
namespace {

// SVG readers such as QSvgRenderer (SVG Tiny) have no fill patterns: use a plain tint there.
QBrush printableBrush(const QPainter* painter, const QBrush& brush) {
    const bool pattern = brush.style() >= Qt::HorPattern && brush.style() <= Qt::DiagCrossPattern;
    if (!pattern || !painter->paintEngine() ||
        painter->paintEngine()->type() != QPaintEngine::SVG) {
        return brush;
    }
    QColor tint = brush.color();
    tint.setAlpha(70);
    return tint;
}

// A caption's box measured once per font and icon height: shaping the same text again at every
// layout pass and paint was a visible part of a chart's replot during a drag.
class CaptionBox {
public:
    QRect measure(const QFont& font, int iconHeight, const QString& text) const {
        if (!valid_ || font != font_ || iconHeight != iconHeight_ || text != text_) {
            box_ = QFontMetrics(font).boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, text);
            font_ = font;
            iconHeight_ = iconHeight;
            text_ = text;
            valid_ = true;
        }
        return box_;
    }

private:
    mutable bool valid_ = false;
    mutable QFont font_;
    mutable int iconHeight_ = 0;
    mutable QString text_;
    mutable QRect box_;
};

class SwatchLegendItem final : public QCPAbstractLegendItem {
public:
    SwatchLegendItem(QCPLegend* legend, Swatch swatch)
        : QCPAbstractLegendItem(legend), swatch_(std::move(swatch)) {
        setSelectable(false);
    }

protected:
    void draw(QCPPainter* painter) override {
        const QSize icon = mParentLegend->iconSize();
        painter->setFont(mFont);
        const QRect textBox = textRect();
        const int rowHeight = qMax(textBox.height(), icon.height());
        const QRectF iconRect(mRect.x(), mRect.y() + (rowHeight - icon.height()) / 2.0,
                              icon.width(), icon.height());
        painter->save();
        painter->setClipRect(iconRect.adjusted(-1, -1, 1, 1));
        painter->setRenderHint(QPainter::Antialiasing, true);
        switch (swatch_.shape) {
            case SwatchShape::Box:
                painter->setPen(swatch_.pen);
                painter->setBrush(printableBrush(painter, swatch_.brush));
                painter->drawRect(iconRect.adjusted(1, 2, -1, -2));
                break;
            case SwatchShape::Line:
                painter->setPen(swatch_.pen);
                painter->drawLine(QPointF(iconRect.left(), iconRect.center().y()),
                                  QPointF(iconRect.right(), iconRect.center().y()));
                break;
            case SwatchShape::Circle:
            case SwatchShape::Diamond: {
                const auto shape = swatch_.shape == SwatchShape::Circle
                                       ? QCPScatterStyle::ssCircle
                                       : QCPScatterStyle::ssDiamond;
                QCPScatterStyle marker(shape, swatch_.pen.color(), swatch_.brush.color(), 8);
                marker.applyTo(painter, swatch_.pen);
                marker.drawShape(painter, iconRect.center());
                break;
            }
        }
        painter->restore();
        painter->setPen(QPen(mTextColor));
        painter->drawText(mRect.x() + icon.width() + mParentLegend->iconTextPadding(), mRect.y(),
                          textBox.width(), rowHeight, Qt::TextDontClip | Qt::AlignVCenter,
                          swatch_.text);
    }

    QSize minimumOuterSizeHint() const override {
        const QSize icon = mParentLegend->iconSize();
        const QRect textBox = textRect();
        QSize size(icon.width() + mParentLegend->iconTextPadding() + textBox.width(),
                   qMax(textBox.height(), icon.height()));
        size += QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
        return size;
    }

private:
    QRect textRect() const {
        return caption_.measure(mFont, mParentLegend->iconSize().height(), swatch_.text);
    }

    Swatch swatch_;
    CaptionBox caption_;
};

// A plottable's entry whose size is measured once per name, font and icon size (the same
// measurement QCPPlottableLegendItem makes at every layout pass).
class MeasuredPlottableLegendItem final : public QCPPlottableLegendItem {
public:
    MeasuredPlottableLegendItem(QCPLegend* legend, QCPAbstractPlottable* plottable)
        : QCPPlottableLegendItem(legend, plottable) {}

protected:
    QSize minimumOuterSizeHint() const override {
        if (!mPlottable) return {};
        const QSize icon = mParentLegend->iconSize();
        const QRect textBox = caption_.measure(getFont(), icon.height(), mPlottable->name());
        QSize size(icon.width() + mParentLegend->iconTextPadding() + textBox.width(),
                   qMax(textBox.height(), icon.height()));
        size += QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
        return size;
    }

private:
    CaptionBox caption_;
};

}  // namespace

void addLegendSwatch(QCPLegend* legend, const Swatch& swatch) {
    legend->addItem(new SwatchLegendItem(legend, swatch));
}

void addPlottableLegendEntry(QCPLegend* legend, QCPAbstractPlottable* plottable) {
    legend->addItem(new MeasuredPlottableLegendItem(legend, plottable));
}

void padLegendItems(QCPLegend* legend) {
    // Room under each line: without it descenders (g, y, p) touch the item's clip.
    for (int index = 0; index < legend->itemCount(); ++index) {
        if (QCPAbstractLegendItem* item = legend->item(index))
            item->setMargins(QMargins(4, 1, 6, 4));
    }
}

}  // namespace fourfold::ui
