// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/chart_heading.h"

#include "ui/charts/pixel_canvas.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QImage>
#include <QTextLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace fourfold::ui {
namespace {

class ChartHeading final : public QCPTextElement {
public:
    ChartHeading(QCustomPlot* plot, const QFont& font) : QCPTextElement(plot, QString(), font) {
        // Text keeps its own smoothing; this one would shift the painter by half a pixel and
        // so keep the heading off the kept image below.
        setAntialiased(false);
    }

    QSize minimumOuterSizeHint() const override {
        layOut();
        return QSize(laid_.size.width() + mMargins.left() + mMargins.right(),
                     laid_.size.height() + mMargins.top() + mMargins.bottom());
    }
    QSize maximumOuterSizeHint() const override {
        // As QCPTextElement's: the minimum's height at any width.
        return QSize(QWIDGETSIZE_MAX, minimumOuterSizeHint().height());
    }

protected:
    void draw(QCPPainter* painter) override {
        // Printers, SVG and scaled exports draw the text itself; the screen draws a kept image.
        const bool screen =
            !painter->modes().testFlag(QCPPainter::pmVectorized) && drawsPixelsOneToOne(*painter);
        if (!screen) {
            QCPTextElement::draw(painter);
            return;
        }
        const qreal ratio = painter->device()->devicePixelRatioF();
        const ImageKey key{mText, mainFont(), mainTextColor(), mTextFlags, mRect.size(), ratio};
        if (!(key == imageKey_) || image_.isNull()) {
            image_ = QImage((QSizeF(mRect.size()) * ratio).toSize().expandedTo(QSize(1, 1)),
                            QImage::Format_ARGB32_Premultiplied);
            image_.setDevicePixelRatio(ratio);
            image_.fill(Qt::transparent);
            QCPPainter onto(&image_);
            onto.setRenderHints(painter->renderHints());
            onto.setFont(mainFont());
            onto.setPen(QPen(mainTextColor()));
            if (mainFont() == mFont) {
                imageBounds_ = drawLaidOut(onto, QRect(QPoint(0, 0), mRect.size()));
            } else {  // a selected heading's font (these are never selected)
                onto.drawText(QRect(QPoint(0, 0), mRect.size()), mTextFlags, mText, &imageBounds_);
            }
            imageKey_ = key;
        }
        painter->drawImage(mRect.topLeft(), image_);
        mTextBoundingRect = imageBounds_.translated(mRect.topLeft());
    }

private:
    struct ImageKey {
        QString text;
        QFont font;
        QColor colour;
        int flags = 0;
        QSize size;
        qreal ratio = 0;
        bool operator==(const ImageKey&) const = default;
    };
    // The text laid out once: its size is measured and its lines drawn from the same shaping.
    // QCPTextElement shapes it again for each size query (QFontMetrics::boundingRect) and for
    // the paint (QPainter::drawText), which lay out and place lines as done here.
    struct Laid {
        QString text;
        QFont font;
        std::unique_ptr<QTextLayout> layout;
        QSizeF natural;  // widest line, lines' height with the leading between them
        QSize size;      // as QFontMetrics::boundingRect gives it
    };

    void layOut() const {
        if (laid_.layout && laid_.text == mText && laid_.font == mFont) return;
        QString lines = mText;
        lines.replace(QLatin1Char('\n'), QChar::LineSeparator);
        auto layout = std::make_unique<QTextLayout>(lines, mFont);
        layout->setCacheEnabled(true);
        const qreal leading = QFontMetricsF(mFont).leading();
        qreal height = -leading;
        qreal width = 0;
        layout->beginLayout();
        for (QTextLine line = layout->createLine(); line.isValid(); line = layout->createLine()) {
            line.setLineWidth(0x01000000);         // no wrapping, as QPainter's own layout for it
            height = std::ceil(height + leading);  // lines on whole pixels
            line.setPosition(QPointF(0, height));
            height += line.ascent() + line.descent();  // QTextLine::height() rounds up
            width = std::max(width, line.naturalTextWidth());
        }
        layout->endLayout();
        laid_ = {mText, mFont, std::move(layout), QSizeF(width, std::max<qreal>(height, 0)), {}};
        laid_.size = QRectF(QPointF(0, 0), laid_.natural).toAlignedRect().size();
    }

    // Draws the laid-out lines in `area` as QPainter::drawText(area, mTextFlags, mText) does;
    // returns the text's bounds as that call reports them.
    QRect drawLaidOut(QPainter& painter, const QRect& area) const {
        layOut();
        const QSizeF block = laid_.natural;
        qreal top = 0;
        if (mTextFlags & Qt::AlignBottom) {
            top = area.height() - block.height();
        } else if (mTextFlags & Qt::AlignVCenter) {
            top = (area.height() - block.height()) / 2;
        }
        qreal left = 0;
        if (mTextFlags & Qt::AlignRight) {
            left = area.width() - block.width();
        } else if (mTextFlags & Qt::AlignHCenter) {
            left = (area.width() - block.width()) / 2;
        }
        for (int index = 0; index < laid_.layout->lineCount(); ++index) {
            const QTextLine line = laid_.layout->lineAt(index);
            const qreal advance = line.horizontalAdvance();
            qreal x = 0;
            if (mTextFlags & Qt::AlignRight) {
                x = area.width() - advance;
            } else if (mTextFlags & Qt::AlignHCenter) {
                x = (area.width() - advance) / 2;
            }
            line.draw(&painter, QPointF(area.x() + x, area.y() + top));
        }
        return QRectF(area.x() + left, area.y() + top, block.width(), block.height())
            .toAlignedRect();
    }

    mutable Laid laid_;
    ImageKey imageKey_;
    QImage image_;
    QRect imageBounds_;
};

}  // namespace

QCPTextElement* makeChartHeading(QCustomPlot* plot, const QFont& font) {
    return new ChartHeading(plot, font);
}

}  // namespace fourfold::ui
