// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/chart_heading.h"

#include "ui/views/pixel_canvas.h"

#include <qcustomplot.h>

#include <QImage>

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
        refreshSizes();
        return minimum_;
    }
    QSize maximumOuterSizeHint() const override {
        refreshSizes();
        return maximum_;
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
            onto.drawText(QRect(QPoint(0, 0), mRect.size()), mTextFlags, mText, &imageBounds_);
            imageKey_ = key;
        }
        painter->drawImage(mRect.topLeft(), image_);
        mTextBoundingRect = imageBounds_.translated(mRect.topLeft());
    }

private:
    struct SizeKey {
        QString text;
        QFont font;
        QMargins margins;
        bool operator==(const SizeKey&) const = default;
    };
    struct ImageKey {
        QString text;
        QFont font;
        QColor colour;
        int flags = 0;
        QSize size;
        qreal ratio = 0;
        bool operator==(const ImageKey&) const = default;
    };

    void refreshSizes() const {
        const SizeKey key{mText, mFont, mMargins};
        if (sized_ && key == sizeKey_) return;
        // QCPTextElement measures the text twice for these; the maximum is the minimum's
        // height at any width.
        minimum_ = QCPTextElement::minimumOuterSizeHint();
        maximum_ = QSize(QWIDGETSIZE_MAX, minimum_.height());
        sizeKey_ = key;
        sized_ = true;
    }

    mutable bool sized_ = false;
    mutable SizeKey sizeKey_;
    mutable QSize minimum_;
    mutable QSize maximum_;
    ImageKey imageKey_;
    QImage image_;
    QRect imageBounds_;
};

}  // namespace

QCPTextElement* makeChartHeading(QCustomPlot* plot, const QFont& font) {
    return new ChartHeading(plot, font);
}

}  // namespace fourfold::ui
