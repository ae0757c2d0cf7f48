// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/layout_barrier.h"

#include <QEvent>

namespace fourfold::ui {

LayoutBarrier::LayoutBarrier(QWidget* content, Passes passes, QWidget* parent)
    : QWidget(parent), content_(content), passes_(passes), ownMinimum_(content->minimumSize()) {
    // The content's own lower bound stays a bound on the barrier: below it the content would
    // be squeezed.
    setMinimumSize(content->minimumSize());
    setSizePolicy(content->sizePolicy());
    content->setParent(this);
    // A widget of fixed size does not pass its layout's changes to its parent: that is the
    // barrier. The barrier itself sets the size whenever it is resized.
    content->setFixedSize(content->sizeHint().expandedTo(minimumSize()));
    content->installEventFilter(this);
    told_ = needs();
}

QSize LayoutBarrier::sizeHint() const { return content_->sizeHint(); }

QSize LayoutBarrier::minimumSizeHint() const {
    // As a layout reads a widget's minimum: its own where it has one, else its hint.
    QSize minimum = content_->minimumSizeHint();
    if (ownMinimum_.width() > 0) minimum.setWidth(ownMinimum_.width());
    if (ownMinimum_.height() > 0) minimum.setHeight(ownMinimum_.height());
    return minimum;
}

bool LayoutBarrier::hasHeightForWidth() const {
    return passes_ == Passes::Height && content_->hasHeightForWidth();
}

int LayoutBarrier::heightForWidth(int width) const {
    return hasHeightForWidth() ? content_->heightForWidth(width) : QWidget::heightForWidth(width);
}

LayoutBarrier::Needs LayoutBarrier::needs() const {
    if (passes_ == Passes::Minimum) return {minimumSizeHint(), -1};
    // The parent gives the width: only heights count.
    return {QSize(0, minimumSizeHint().height()),
            hasHeightForWidth() ? heightForWidth(width()) : sizeHint().height()};
}

void LayoutBarrier::fitContent() {
    if (content_->size() != size()) content_->setFixedSize(size());
    content_->move(0, 0);
}

void LayoutBarrier::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitContent();
    told_ = needs();
}

bool LayoutBarrier::eventFilter(QObject* watched, QEvent* event) {
    // Event filters run after the content's layout has handled the request: its new hints
    // are known here.
    if (watched == content_ && event->type() == QEvent::LayoutRequest) {
        const Needs now = needs();
        if (!(now == told_)) {
            told_ = now;
            updateGeometry();
        }
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace fourfold::ui
