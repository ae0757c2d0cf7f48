// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/kept_layer.h"

#include <QPainter>

namespace fourfold::ui {

LayerKey& LayerKey::operator<<(const QString& text) {
    *this << text.size();
    bytes_.append(reinterpret_cast<const char*>(text.constData()),
                  static_cast<qsizetype>(text.size() * sizeof(QChar)));
    return *this;
}

void KeptLayer::paint(QPainter& painter, const QRect& area, const LayerKey& key,
                      const QColor& background, const std::function<void(QPainter&)>& draw) {
    if (area.isEmpty()) return;
    painter.drawImage(area.topLeft(), image(painter, area, key, background, draw));
}

const QImage& KeptLayer::image(const QPainter& painter, const QRect& area, const LayerKey& key,
                               const QColor& background,
                               const std::function<void(QPainter&)>& draw) {
    const qreal ratio = painter.device()->devicePixelRatioF();
    const QByteArray full = fullKey(area, key, ratio, background);
    if (image_.isNull() || full != key_) {
        image_ = QImage((QSizeF(area.size()) * ratio).toSize(), QImage::Format_RGB32);
        image_.setDevicePixelRatio(ratio);
        image_.fill(background);
        QPainter onto(&image_);
        onto.translate(-area.topLeft());
        draw(onto);
        key_ = full;
    }
    return image_;
}

const QImage* KeptLayer::kept(const QRect& area, const LayerKey& key, qreal ratio,
                              const QColor& background) const {
    return !image_.isNull() && fullKey(area, key, ratio, background) == key_ ? &image_ : nullptr;
}

QByteArray KeptLayer::fullKey(const QRect& area, const LayerKey& key, qreal ratio,
                              const QColor& background) {
    LayerKey full = key;
    full << area << ratio << background.rgba();
    return full.bytes();
}

}  // namespace fourfold::ui
