// SPDX-License-Identifier: GPL-3.0-or-later
// A part of a widget's paint kept as an image between paints: drawn again only when its key
// (everything the drawing depends on, as bytes) changes, else blitted. The rank map keeps its
// node boxes and its legend this way, which a TP or DP drag leaves as they were.
#pragma once

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QRect>

#include <functional>
#include <type_traits>

class QPainter;

namespace fourfold::ui {

// Builds a key from plain values.
class LayerKey {
public:
    template <class T>
    LayerKey& operator<<(const T& value) {
        static_assert(std::is_trivially_copyable_v<T>);
        bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
        return *this;
    }
    LayerKey& operator<<(const QString& text);
    [[nodiscard]] const QByteArray& bytes() const { return bytes_; }

private:
    QByteArray bytes_;
};

class KeptLayer {
public:
    // Paints `area` of `painter`'s device: the kept image when `key` is the one it was drawn
    // for, else `draw` into a new image filled with `background` first (the layer is opaque:
    // what lies under `area` is that colour). Only where drawsPixelsOneToOne(painter)
    // (pixel_canvas.h); the caller draws directly otherwise.
    void paint(QPainter& painter, const QRect& area, const LayerKey& key, const QColor& background,
               const std::function<void(QPainter&)>& draw);
    // The kept image for the same arguments (drawn anew when the key changed), without painting
    // it: for a caller that draws more pixels into a copy first.
    [[nodiscard]] const QImage& image(const QPainter& painter, const QRect& area,
                                      const LayerKey& key, const QColor& background,
                                      const std::function<void(QPainter&)>& draw);

    // The kept image if it was drawn for these arguments, else null; draws nothing (a caller
    // that works from the image before the paint, when it is still right).
    [[nodiscard]] const QImage* kept(const QRect& area, const LayerKey& key, qreal ratio,
                                     const QColor& background) const;

private:
    [[nodiscard]] static QByteArray fullKey(const QRect& area, const LayerKey& key, qreal ratio,
                                            const QColor& background);

    QByteArray key_;
    QImage image_;
};

}  // namespace fourfold::ui
