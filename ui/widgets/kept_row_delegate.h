// SPDX-License-Identifier: GPL-3.0-or-later
// An item delegate that keeps what it measured and drew for the texts a list shows again.
// A wrapped row is laid out to be measured, and the list measures every row several times at
// each change (its layout, the scroll bar, the dock's preferred height); drawing a row lays its
// text out twice more and elides each line. A slider drag shows the same few messages again and
// again, so a row's size is kept per text and room, and its pixels per text, size and state,
// drawn onto the list's own background exactly as the style draws them there.
#pragma once

#include <QStyledItemDelegate>

#include <memory>

namespace fourfold::ui {

class KeptRowDelegate final : public QStyledItemDelegate {
public:
    explicit KeptRowDelegate(QObject* parent = nullptr);
    ~KeptRowDelegate() override;

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;

    // How many rows were drawn anew rather than copied from a kept image (for tests).
    [[nodiscard]] int rowsDrawn() const { return rowsDrawn_; }

private:
    struct Kept;
    std::unique_ptr<Kept> kept_;
    mutable int rowsDrawn_ = 0;
};

}  // namespace fourfold::ui
