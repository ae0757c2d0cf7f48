// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/plot_refresh.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QImage>

#include <functional>
#include <utility>

namespace fourfold::ui {
namespace {

class QueuedResizeReplot : public QObject {
public:
    explicit QueuedResizeReplot(QCustomPlot* plot) : QObject(plot), plot_(plot) {
        plot->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched != plot_ || event->type() != QEvent::Resize) {
            return QObject::eventFilter(watched, event);
        }
        // What QCustomPlot::resizeEvent does, with the redraw queued instead of immediate.
        plot_->setViewport(plot_->rect());
        plot_->replot(QCustomPlot::rpQueuedReplot);
        return true;
    }

private:
    QCustomPlot* plot_;
};

// The chart's first paint buffer: an image filled with the chart's background when that is
// opaque (then without an alpha channel), else cleared as QCustomPlot clears its own.
class BackgroundBuffer final : public QCPAbstractPaintBuffer {
public:
    BackgroundBuffer(const QSize& size, double ratio, std::function<QColor()> background)
        : QCPAbstractPaintBuffer(size, ratio), background_(std::move(background)) {
        BackgroundBuffer::reallocateBuffer();
    }

    QCPPainter* startPainting() override { return new QCPPainter(&image_); }
    void draw(QCPPainter* painter) const override { painter->drawImage(0, 0, image_); }
    void clear(const QColor& color) override {
        const QColor fill = background_();
        const bool opaque = fill.alpha() == 255;
        const QImage::Format format =
            opaque ? QImage::Format_RGB32 : QImage::Format_ARGB32_Premultiplied;
        if (image_.format() != format) allocate(format);
        image_.fill(opaque ? fill : color);
    }
    [[nodiscard]] bool opaque() const { return !image_.hasAlphaChannel(); }
    [[nodiscard]] QSize logicalSize() const { return mSize; }

protected:
    void reallocateBuffer() override {
        setInvalidated();
        allocate(background_().alpha() == 255 ? QImage::Format_RGB32
                                              : QImage::Format_ARGB32_Premultiplied);
        image_.fill(background_());
    }

private:
    // The image is a view of memory that only grows: a chart that shrinks and grows again (a
    // panel beside it comes and goes with an edit) draws into the memory it had. New memory
    // costs a page fault per 4 KiB when first written, about 2 ms for a chart on this machine.
    void allocate(QImage::Format format) {
        const QSize pixels = mSize * mDevicePixelRatio;
        if (storage_.format() != format || storage_.width() < pixels.width() ||
            storage_.height() < pixels.height()) {
            storage_ = QImage(
                pixels.expandedTo(storage_.format() == format ? storage_.size() : QSize()), format);
        }
        image_ = QImage(storage_.bits(), pixels.width(), pixels.height(), storage_.bytesPerLine(),
                        format);
        image_.setDevicePixelRatio(mDevicePixelRatio);
    }

    std::function<QColor()> background_;
    QImage storage_;  // owns the memory image_ shows
    QImage image_;
};

class LiveChart final : public QCustomPlot {
public:
    explicit LiveChart(QWidget* parent) : QCustomPlot(parent) {
        mPaintBuffers.clear();
        buffer_ = QSharedPointer<BackgroundBuffer>::create(
            viewport().size(), mBufferDevicePixelRatio, [this] { return opaqueBackground(); });
        mPaintBuffers.append(buffer_);
    }

protected:
    void paintEvent(QPaintEvent* event) override {
        const bool opaque = buffer_->opaque() && opaqueBackground().alpha() == 255 &&
                            mPaintBuffers.size() == 1 && mPaintBuffers.front() == buffer_;
        if (testAttribute(Qt::WA_OpaquePaintEvent) != opaque) {
            setAttribute(Qt::WA_OpaquePaintEvent, opaque);
            // What lies under the chart was not painted this time: paint again with it.
            if (!opaque) update();
        }
        if (!opaque || !qFuzzyCompare(mBufferDevicePixelRatio, devicePixelRatioF())) {
            QCustomPlot::paintEvent(event);  // it also follows a new pixel ratio
            return;
        }
        QCPPainter painter(this);
        if (!painter.isActive()) return;
        // Before the replot that follows a resize, the buffer may not cover the widget.
        if (buffer_->logicalSize() != size()) painter.fillRect(rect(), mBackgroundBrush);
        buffer_->draw(&painter);
    }

private:
    // The background when it is one opaque colour, else transparent.
    [[nodiscard]] QColor opaqueBackground() const {
        const QColor colour = mBackgroundBrush.color();
        if (mBackgroundBrush.style() != Qt::SolidPattern || colour.alpha() != 255 ||
            !mBackgroundPixmap.isNull()) {
            return Qt::transparent;
        }
        return colour;
    }

    QSharedPointer<BackgroundBuffer> buffer_;
};

}  // namespace

QCustomPlot* newLiveChart(QWidget* parent) {
    auto* plot = new LiveChart(parent);
    plot->setPlottingHint(QCP::phImmediateRefresh, false);
    new QueuedResizeReplot(plot);
    // One buffer per chart: the "overlay" layer (selection rectangles, which these charts do
    // not use) has its own by default, a transparent image the size of the chart blended onto
    // the window at every paint.
    if (QCPLayer* overlay = plot->layer(QStringLiteral("overlay"))) {
        overlay->setMode(QCPLayer::lmLogical);
    }
    return plot;
}

}  // namespace fourfold::ui
