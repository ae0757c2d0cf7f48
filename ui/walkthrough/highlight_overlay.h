// SPDX-License-Identifier: GPL-3.0-or-later
// HighlightOverlay: a translucent frame drawn over one widget, or one area of it (a chart's
// band), on the live window. It follows the target as it moves, resizes, scrolls or hides, lets
// every mouse event through to what lies below, and clips to what of the target is on screen.
#pragma once

#include <QList>
#include <QMetaObject>
#include <QPointer>
#include <QWidget>

#include <functional>

namespace fourfold::ui {

class HighlightOverlay : public QWidget {
    Q_OBJECT
public:
    // `host` is the window it draws on (a child of it, above all the others).
    explicit HighlightOverlay(QWidget* host);
    ~HighlightOverlay() override;

    // Frames `target`; `area`, when given, picks the part of it (in the target's coordinates)
    // and is asked again at every refresh. A null target hides the overlay.
    void setTarget(QWidget* target, std::function<QRect()> area = {});
    void clearTarget() { setTarget(nullptr); }
    // Refreshes when `sender` emits `signal` too (a chart's replot), until the next target.
    template <typename Sender, typename Signal>
    void refreshOn(Sender* sender, Signal signal) {
        connections_ << connect(sender, signal, this, &HighlightOverlay::refresh);
    }
    [[nodiscard]] QWidget* target() const { return target_; }
    // The highlighted rectangle in the host's coordinates (empty when nothing of it shows).
    [[nodiscard]] QRect highlightedRect() const { return highlighted_; }

public slots:
    void refresh();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;

private:
    void watchChain(bool watch);

    QWidget* host_;
    QPointer<QWidget> target_;
    std::function<QRect()> area_;
    QList<QPointer<QWidget>> watched_;
    QList<QMetaObject::Connection> connections_;
    QRect highlighted_;
};

}  // namespace fourfold::ui
