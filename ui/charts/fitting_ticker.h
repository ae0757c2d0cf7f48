// SPDX-License-Identifier: GPL-3.0-or-later
// Axis tickers, headings and legends that keep their texts apart and inside the chart at any
// size:
// - an index ticker labels the integer positions 0 … count−1 of a categorical axis (pipeline
//   stages, ranks). When each position has room, every one gets its full label ("Stage 3" /
//   "2 in flight"); otherwise its short label ("3"), and only every k-th position (k from 1, 2,
//   5, 10, 20, …) so that neighbouring labels never touch. It decides at each replot from the
//   axis's pixel length, so resizing a pane or changing the scale factor re-thins the labels;
// - a spaced ticker labels a value axis (the activation strip under the Gantt) with steps 1,
//   2, 2.5 or 5 × 10^k wide enough that two labels keep half a label's height apart: a short
//   strip reads "0 50 100", never five labels touching;
// - a scaled ticker shows an axis kept in one unit (milliseconds) in another (seconds): the
//   tick positions stay those of the data;
// - wrapAtSeparators and fitLegendColumns keep a heading and a legend inside the chart's width.
#pragma once

#include "ui/widgets/recent_values.h"

#include <QFont>
#include <QSharedPointer>
#include <QString>

#include <functional>

class QCPAxis;
class QCPAxisTicker;
class QCPLegend;

namespace fourfold::ui {

// `label(index, full)`: the full or the short label of position `index`.
using IndexLabel = std::function<QString(int index, bool full)>;

// The gap kept between neighbouring labels, in pixels.
inline constexpr int kTickLabelGapPx = 6;

// An index ticker for `axis`; it keeps the label measurements of the axis's current index
// ticker, if it has one.
[[nodiscard]] QSharedPointer<QCPAxisTicker> makeIndexTicker(QCPAxis* axis, int count,
                                                            IndexLabel label);
// True when `axis` has an index or spaced ticker whose labels were chosen for another axis length
// (QCustomPlot prepares ticks before it lays out, so the first replot after a resize sees the
// old length): the caller replots once more.
[[nodiscard]] bool needsAnotherPass(const QCPAxis* axis);

// A value ticker for `axis` whose labels keep apart (see above); at most the ticker's tick
// count (5) steps.
[[nodiscard]] QSharedPointer<QCPAxisTicker> makeSpacedTicker(QCPAxis* axis);

// Steps 1, 2, 2.5, 5 × 10^k (`finer`: also 1.5, 3, 4, 6, 8 × 10^k): the smallest one at least
// `minimum` (> 0).
[[nodiscard]] double niceValueStep(double minimum, bool finer = false);

// Labels show the coordinate divided by `divisor` (1000: milliseconds shown as seconds).
[[nodiscard]] QSharedPointer<QCPAxisTicker> makeScaledTicker(double divisor);

// Steps 1, 2, 5, 10, 20, 50, …: the smallest one at least `minimum`.
[[nodiscard]] int niceStep(double minimum);

// `text` with each line wider than `width` pixels (in `font`) broken at its " · " separators,
// so a heading wraps instead of being cut at the pane's edges.
[[nodiscard]] QString wrapAtSeparators(const QString& text, const QFont& font, double width);

// wrapAtSeparators remembering its last answer: a chart asks before every replot, mostly with
// the same heading at the same width, and measuring the text again each time showed in a drag.
class SeparatorWrap {
public:
    [[nodiscard]] QString operator()(const QString& text, const QFont& font, double width);

private:
    struct Key {
        QString text;
        QFont font;
        double width = 0;
        bool operator==(const Key&) const = default;
    };
    RecentValues<Key, QString, 8> wrapped_;
};

// Lays `legend` out in as many columns as fit in `width` pixels, at most `preferred` (items
// fill each row left to right), so an entry is never squeezed and cut short.
void fitLegendColumns(QCPLegend* legend, int preferred, double width);

}  // namespace fourfold::ui
