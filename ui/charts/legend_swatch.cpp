// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/legend_swatch.h"

#include "ui/charts/pixel_canvas.h"

#include <qcustomplot.h>

#include <QImage>
#include <QPointer>
#include <QStaticText>
#include <QtMath>

#include <cmath>
#include <unordered_map>

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

// A caption measured and laid out once per text, font and icon height: shaping the same text
// again at every layout pass and every replot was a visible part of a chart's replot during a
// drag (legends never change in one).
class Caption {
public:
    QRect measure(const QFont& font, int iconHeight, const QString& text) const {
        if (!valid_ || font != font_ || iconHeight != iconHeight_ || text != text_) {
            box_ = QFontMetrics(font).boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, text);
            font_ = font;
            iconHeight_ = iconHeight;
            text_ = text;
            valid_ = true;
            laidOut_ = false;
        }
        return box_;
    }
    // Draws the measured text with its top left at `at`, in the painter's pen. On a screen that
    // takes pixels one to one, as an image of the text kept per colour: a legend's captions
    // stay as they are through a drag, and blending an image costs a small part of writing the
    // glyphs again at every replot.
    void draw(QPainter* painter, const QPointF& at) const {
        if (!laidOut_) {
            layout_.setText(text_);
            layout_.setTextFormat(Qt::PlainText);
            layout_.prepare(QTransform(), font_);
            laidOut_ = true;
            image_ = {};
        }
        // Only at one device pixel per pixel and at whole pixels: elsewhere the glyphs land
        // between device pixels, which an image placed on whole ones would not reproduce.
        const bool whole = at.x() == std::round(at.x()) && at.y() == std::round(at.y());
        if (!drawsPixelsOneToOne(*painter) || painter->device()->devicePixelRatioF() != 1.0 ||
            !whole) {
            painter->setFont(font_);
            painter->drawStaticText(at, layout_);
            return;
        }
        const QColor colour = painter->pen().color();
        if (image_.isNull() || imageColour_ != colour) {
            // A pixel to spare on each side for glyphs that reach past their advance.
            const QSize size = layout_.size().toSize() + QSize(2, 2) * kImageMargin;
            image_ = QImage(size.expandedTo(QSize(1, 1)), QImage::Format_ARGB32_Premultiplied);
            image_.fill(Qt::transparent);
            QPainter onto(&image_);
            onto.setFont(font_);
            onto.setPen(colour);
            onto.drawStaticText(QPointF(kImageMargin, kImageMargin), layout_);
            imageColour_ = colour;
        }
        painter->drawImage(at - QPointF(kImageMargin, kImageMargin), image_);
    }

private:
    mutable bool valid_ = false;
    mutable bool laidOut_ = false;
    mutable QFont font_;
    mutable int iconHeight_ = 0;
    mutable QString text_;
    mutable QRect box_;
    mutable QStaticText layout_;
    static constexpr int kImageMargin = 1;
    mutable QImage image_;  // the caption as the screen last showed it
    mutable QColor imageColour_;
};

// The captions of one legend, kept by the legend across its entries: a chart that makes new
// plottables at every edit (the step-time bars) makes new entries with the same captions.
class LegendCaptions final : public QObject {
public:
    explicit LegendCaptions(QCPLegend* legend) : QObject(legend) {
        setObjectName(QString::fromLatin1(kName));
    }

    // Found by its name: without Q_OBJECT, findChild<LegendCaptions*> would take any child of
    // the legend (its entries are its children too) for one.
    static LegendCaptions* of(QCPLegend* legend) {
        auto* kept =
            legend->findChild<QObject*>(QString::fromLatin1(kName), Qt::FindDirectChildrenOnly);
        return kept ? static_cast<LegendCaptions*>(kept) : new LegendCaptions(legend);
    }
    const Caption& caption(const QString& text) {
        if (captions_.size() > kMostKept) captions_.clear();  // legends name a few dozen things
        return captions_[text];
    }

private:
    static constexpr const char* kName = "fourfoldLegendCaptions";
    static constexpr std::size_t kMostKept = 256;
    std::unordered_map<QString, Caption> captions_;
};

class SwatchLegendItem final : public QCPAbstractLegendItem {
public:
    SwatchLegendItem(QCPLegend* legend, Swatch swatch)
        : QCPAbstractLegendItem(legend),
          swatch_(std::move(swatch)),
          captions_(LegendCaptions::of(legend)) {
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
        captions_->caption(swatch_.text)
            .draw(painter, QPointF(mRect.x() + icon.width() + mParentLegend->iconTextPadding(),
                                   mRect.y() + (rowHeight - textBox.height()) / 2));
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
        return captions_->caption(swatch_.text)
            .measure(mFont, mParentLegend->iconSize().height(), swatch_.text);
    }

    Swatch swatch_;
    QPointer<LegendCaptions> captions_;  // the legend's, which outlives its entries
};

// A plottable's legend icon, which QCustomPlot lets only its own legend items draw: a derived
// class may name the protected member, and the member pointer calls it on any plottable.
struct LegendIcon : QCPAbstractPlottable {
    static void draw(const QCPAbstractPlottable& plottable, QCPPainter* painter,
                     const QRectF& rect) {
        (plottable.*(&LegendIcon::drawLegendIcon))(painter, rect);
    }
};

// A plottable's entry whose caption is measured and laid out once per name, font and icon size
// (QCPPlottableLegendItem shapes it again at every layout pass and every draw).
class MeasuredPlottableLegendItem final : public QCPPlottableLegendItem {
public:
    MeasuredPlottableLegendItem(QCPLegend* legend, QCPAbstractPlottable* plottable)
        : QCPPlottableLegendItem(legend, plottable), captions_(LegendCaptions::of(legend)) {}

protected:
    // As QCPPlottableLegendItem draws it: the caption beside the icon, tops aligned.
    void draw(QCPPainter* painter) override {
        if (!mPlottable) return;
        const QSize icon = mParentLegend->iconSize();
        const Caption& caption = captions_->caption(mPlottable->name());
        caption.measure(getFont(), icon.height(), mPlottable->name());
        painter->setPen(QPen(getTextColor()));
        caption.draw(painter, QPointF(mRect.x() + icon.width() + mParentLegend->iconTextPadding(),
                                      mRect.y()));
        const QRect iconRect(mRect.topLeft(), icon);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        LegendIcon::draw(*mPlottable, painter, iconRect);
        painter->restore();
        if (getIconBorderPen().style() != Qt::NoPen) {
            painter->setPen(getIconBorderPen());
            painter->setBrush(Qt::NoBrush);
            const int halfPen = qCeil(painter->pen().widthF() * 0.5) + 1;
            painter->setClipRect(mOuterRect.adjusted(-halfPen, -halfPen, halfPen, halfPen));
            painter->drawRect(iconRect);
        }
    }

    QSize minimumOuterSizeHint() const override {
        if (!mPlottable) return {};
        const QSize icon = mParentLegend->iconSize();
        const QRect textBox = captions_->caption(mPlottable->name())
                                  .measure(getFont(), icon.height(), mPlottable->name());
        QSize size(icon.width() + mParentLegend->iconTextPadding() + textBox.width(),
                   qMax(textBox.height(), icon.height()));
        size += QSize(mMargins.left() + mMargins.right(), mMargins.top() + mMargins.bottom());
        return size;
    }

private:
    QPointer<LegendCaptions> captions_;  // the legend's, which outlives its entries
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
