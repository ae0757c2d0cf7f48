// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/widgets/kept_row_delegate.h"

#include "ui/widgets/recent_values.h"

#include <QAbstractItemView>
#include <QIcon>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>

#include <cmath>

namespace fourfold::ui {
namespace {

// What a row's size depends on.
struct SizeKey {
    QString text;
    qint64 icon = 0;
    QSize room;
    QFont font;
    QSize decoration;
    int features = 0;
    bool operator==(const SizeKey&) const = default;
};

// What a row's pixels depend on: the style option's fields that CE_ItemViewItem reads.
struct ImageKey {
    QString text;
    qint64 icon = 0;
    QSize size;
    qreal ratio = 1;
    QFont font;
    qint64 palette = 0;
    QColor paper;
    QBrush background;
    int state = 0;
    int features = 0;
    int checkState = 0;
    QSize decoration;
    int displayAlignment = 0;
    int decorationAlignment = 0;
    int decorationPosition = 0;
    int elide = 0;
    int direction = 0;
    int position = 0;
    bool decorationSelected = false;
    bool operator==(const ImageKey&) const = default;
};

// The colour under the rows when it is one opaque colour (invalid otherwise): a row drawn onto
// it in an image is then the row the style draws onto the list.
QColor paperOf(const QStyleOptionViewItem& option) {
    const auto* view = qobject_cast<const QAbstractItemView*>(option.widget);
    if (!view || !view->viewport()->autoFillBackground()) return {};
    const QBrush brush = view->viewport()->palette().brush(view->viewport()->backgroundRole());
    if (brush.style() != Qt::SolidPattern || brush.color().alpha() != 255) return {};
    return brush.color();
}

// Whether the painter puts one image pixel on one device pixel, at whole-pixel offsets.
bool copiesPixels(const QPainter& painter) {
    const QTransform& transform = painter.transform();
    return painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster &&
           transform.type() <= QTransform::TxTranslate &&
           transform.dx() == std::round(transform.dx()) &&
           transform.dy() == std::round(transform.dy()) && painter.opacity() == 1.0 &&
           painter.compositionMode() == QPainter::CompositionMode_SourceOver;
}

}  // namespace

struct KeptRowDelegate::Kept {
    RecentValues<SizeKey, QSize, 64> sizes;
    RecentValues<ImageKey, QImage, 24> images;
};

KeptRowDelegate::KeptRowDelegate(QObject* parent)
    : QStyledItemDelegate(parent), kept_(std::make_unique<Kept>()) {}

KeptRowDelegate::~KeptRowDelegate() = default;

QSize KeptRowDelegate::sizeHint(const QStyleOptionViewItem& option,
                                const QModelIndex& index) const {
    SizeKey key{index.data(Qt::DisplayRole).toString(),
                index.data(Qt::DecorationRole).value<QIcon>().cacheKey(),
                option.rect.size(),
                option.font,
                option.decorationSize,
                static_cast<int>(option.features)};
    if (const QSize* kept = kept_->sizes.find(key)) return *kept;
    return kept_->sizes.add(std::move(key), QStyledItemDelegate::sizeHint(option, index));
}

void KeptRowDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const {
    const QColor paper = paperOf(option);
    const qreal ratio = painter->device()->devicePixelRatioF();
    if (!paper.isValid() || !copiesPixels(*painter) || option.rect.isEmpty()) {
        ++rowsDrawn_;
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem shown = option;
    initStyleOption(&shown, index);
    ImageKey key{shown.text,
                 shown.icon.cacheKey(),
                 shown.rect.size(),
                 ratio,
                 shown.font,
                 shown.palette.cacheKey(),
                 paper,
                 shown.backgroundBrush,
                 static_cast<int>(shown.state),
                 static_cast<int>(shown.features),
                 static_cast<int>(shown.checkState),
                 shown.decorationSize,
                 static_cast<int>(shown.displayAlignment),
                 static_cast<int>(shown.decorationAlignment),
                 static_cast<int>(shown.decorationPosition),
                 static_cast<int>(shown.textElideMode),
                 static_cast<int>(shown.direction),
                 static_cast<int>(shown.viewItemPosition),
                 shown.showDecorationSelected};
    const QImage* image = kept_->images.find(key);
    if (!image) {
        ++rowsDrawn_;
        QImage row((QSizeF(option.rect.size()) * ratio).toSize(), QImage::Format_RGB32);
        row.setDevicePixelRatio(ratio);
        row.fill(paper);
        QStyleOptionViewItem atOrigin = option;
        atOrigin.rect.moveTopLeft(QPoint(0, 0));
        QPainter rowPainter(&row);
        QStyledItemDelegate::paint(&rowPainter, atOrigin, index);
        rowPainter.end();
        image = &kept_->images.add(std::move(key), std::move(row));
    }
    painter->drawImage(option.rect.topLeft(), *image);
}

}  // namespace fourfold::ui
