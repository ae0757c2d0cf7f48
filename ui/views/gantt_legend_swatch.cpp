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
        const QRect textBox = textRect(painter->fontMetrics());
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
        const QRect textBox = textRect(QFontMetrics(mFont));
        QSize size(icon.width() + mParentLegend->iconTextPadding() + textBox.width(),
                   qMax(textBox.height(), icon.height()));
        size += QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
        return size;
    }

private:
    QRect textRect(const QFontMetrics& metrics) const {
        return metrics.boundingRect(0, 0, 0, mParentLegend->iconSize().height(), Qt::TextDontClip,
                                    swatch_.text);
    }

    Swatch swatch_;
};

}  // namespace

void addLegendSwatch(QCPLegend* legend, const Swatch& swatch) {
    legend->addItem(new SwatchLegendItem(legend, swatch));
}

void padLegendItems(QCPLegend* legend) {
    // Room under each line: without it descenders (g, y, p) touch the item's clip.
    for (int index = 0; index < legend->itemCount(); ++index) {
        if (QCPAbstractLegendItem* item = legend->item(index))
            item->setMargins(QMargins(4, 1, 6, 4));
    }
}

}  // namespace fourfold::ui
