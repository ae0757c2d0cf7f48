// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/charts/fitting_ticker.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QHash>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>
#include <utility>

namespace fourfold::ui {

int niceStep(double minimum) {
    if (!(minimum > 1.0)) return 1;
    for (int decade = 1; decade < 1'000'000'000 / 10; decade *= 10) {
        for (const int factor : {1, 2, 5}) {
            if (factor * decade >= minimum) return factor * decade;
        }
    }
    return 1'000'000'000;
}

double niceValueStep(double minimum, bool finer) {
    if (!(minimum > 0) || !std::isfinite(minimum)) return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(minimum)));
    static constexpr double kNice[] = {1, 2, 2.5, 5};
    static constexpr double kFiner[] = {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8};
    for (const double factor : finer ? std::span<const double>(kFiner) : std::span(kNice)) {
        if (factor * decade >= minimum * (1 - 1e-12)) return factor * decade;
    }
    return 10 * decade;
}

namespace {

// Label extents measured so far, by text, in one font: a view makes a new ticker at each
// evaluation, mostly with the labels of the last one, and measuring them (text shaping) was
// most of a replot's tick work.
struct LabelExtents {
    QFont font;
    QHash<QString, double> extents;
};

class IndexTicker : public QCPAxisTicker {
public:
    IndexTicker(QCPAxis* axis, int count, IndexLabel label, std::shared_ptr<LabelExtents> extents)
        : axis_(axis), count_(count), label_(std::move(label)), extents_(std::move(extents)) {}
    [[nodiscard]] const std::shared_ptr<LabelExtents>& extents() const { return extents_; }
    // The labels were chosen for the axis's length before the plot's margins settled; another
    // pass only when the settled length would choose other labels (not at every pixel moved).
    [[nodiscard]] bool needsAnotherPass() const {
        return pixelsUsed_ >= 0 && choose(axisPixels()) != chosen_;
    }

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/,
                         int /*precision*/) override {
        return label_(static_cast<int>(std::lround(tick)), full_);
    }
    int getSubTickCount(double /*tickStep*/) override { return 0; }

private:
    [[nodiscard]] double axisPixels() const {
        return axis_->orientation() == Qt::Vertical ? axis_->axisRect()->height()
                                                    : axis_->axisRect()->width();
    }
    // The extent of `text` along the axis: its width on a horizontal axis, height on a vertical
    // one (these axes keep their labels upright).
    [[nodiscard]] double extentAlongAxis(const QString& text) const {
        const QFont font = axis_->tickLabelFont();
        if (extents_->font != font) {
            extents_->font = font;
            extents_->extents.clear();
        }
        const auto known = extents_->extents.constFind(text);
        if (known != extents_->extents.constEnd()) return *known;
        const QFontMetricsF metrics(font);
        const QRectF box = metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, text);
        const double extent = axis_->orientation() == Qt::Vertical ? box.height() : box.width();
        // Bounded: a long session's stage and rank labels stay a few hundred entries.
        if (extents_->extents.size() > 4096) extents_->extents.clear();
        extents_->extents.insert(text, extent);
        return extent;
    }

    // Whether the full labels fit, and every how many positions one is drawn.
    struct Choice {
        bool full = true;
        int step = 1;
        bool operator==(const Choice&) const = default;
    };
    [[nodiscard]] Choice choose(double pixels) const {
        const double perIndex = pixels / std::max(rangeSize_, 1e-9);
        Choice choice;
        choice.full = widestFull_ + kTickLabelGapPx <= perIndex;
        const double needed = (choice.full ? widestFull_ : widestShort_) + kTickLabelGapPx;
        choice.step = choice.full ? 1 : niceStep(needed / std::max(perIndex, 1e-9));
        return choice;
    }

    QCPAxis* axis_;
    int count_;
    IndexLabel label_;
    std::shared_ptr<LabelExtents> extents_;  // shared with the axis's earlier tickers
    bool full_ = true;
    double pixelsUsed_ = -1;
    double rangeSize_ = 1;
    double widestFull_ = 0;
    double widestShort_ = 0;
    bool measured_ = false;
    QFont measuredFont_;
    Choice chosen_;
};

QVector<double> IndexTicker::createTickVector(double /*tickStep*/, const QCPRange& range) {
    QVector<double> ticks;
    if (count_ <= 0) return ticks;
    const double pixels = axisPixels();
    pixelsUsed_ = pixels;
    // The labels are fixed for this ticker: measured again only when the font changes, not at
    // every replot.
    if (!measured_ || measuredFont_ != axis_->tickLabelFont()) {
        measuredFont_ = axis_->tickLabelFont();
        measured_ = true;
        double widestFull = 0;
        double widestShort = 0;
        // Sampled, so a 16,384-position axis costs a few measurements, not thousands.
        const int sampleStep = std::max(1, count_ / 64);
        for (int index = 0; index < count_; index += sampleStep) {
            widestFull = std::max(widestFull, extentAlongAxis(label_(index, true)));
            widestShort = std::max(widestShort, extentAlongAxis(label_(index, false)));
        }
        widestFull_ = std::max(widestFull, extentAlongAxis(label_(count_ - 1, true)));
        widestShort_ = std::max(widestShort, extentAlongAxis(label_(count_ - 1, false)));
    }
    rangeSize_ = range.size();
    chosen_ = choose(pixels);
    full_ = chosen_.full;
    const int step = chosen_.step;
    const int first = std::max(0, static_cast<int>(std::ceil(range.lower)));
    const int last = std::min(count_ - 1, static_cast<int>(std::floor(range.upper)));
    for (int index = (first + step - 1) / step * step; index <= last; index += step) {
        ticks.push_back(index);
    }
    return ticks;
}

class SpacedTicker : public QCPAxisTicker {
public:
    explicit SpacedTicker(QCPAxis* axis) : axis_(axis) {}
    // The step was chosen for the axis's length before the plot's margins settled.
    [[nodiscard]] bool needsAnotherPass() const {
        return pixelsUsed_ >= 0 && stepFor(rangeSize_, axisPixels()) != stepUsed_;
    }

protected:
    double getTickStep(const QCPRange& range) override {
        // Measured once per replot: the check after the replot reuses it.
        pitch_ = 1.5 * QFontMetricsF(axis_->tickLabelFont()).height();
        pixelsUsed_ = axisPixels();
        rangeSize_ = range.size();
        stepUsed_ = stepFor(rangeSize_, pixelsUsed_);
        return stepUsed_;
    }

private:
    // A round step that keeps two labels one and a half label heights apart (half a line
    // between them), with no more steps than the ticker's tick count. Where that step would
    // leave one label alone, a finer one (0 and 40 rather than 0 alone), else the range's top
    // to one digit (0 and 70 on an axis to 72).
    [[nodiscard]] double stepFor(double range, double pixels) const {
        const double least =
            std::max(range * pitch_ / std::max(pixels, 1.0), range / std::max(1, tickCount()));
        if (const double step = niceValueStep(least); step <= range) return step;
        const double finer = niceValueStep(least, true);
        if (finer <= range || !(range > 0)) return finer;
        const double decade = std::pow(10.0, std::floor(std::log10(range)));
        const double top = std::floor(range / decade) * decade;
        return top >= least ? top : finer;
    }
    [[nodiscard]] double axisPixels() const {
        return axis_->orientation() == Qt::Vertical ? axis_->axisRect()->height()
                                                    : axis_->axisRect()->width();
    }
    QCPAxis* axis_;
    double pitch_ = 0;  // one and a half label heights, in pixels
    double pixelsUsed_ = -1;
    double rangeSize_ = 1;
    double stepUsed_ = 1;
};

class ScaledTicker : public QCPAxisTicker {
public:
    explicit ScaledTicker(double divisor) : divisor_(divisor) {}

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override {
        return QCPAxisTicker::getTickLabel(tick / divisor_, locale, formatChar, precision);
    }

private:
    double divisor_;
};

}  // namespace

QSharedPointer<QCPAxisTicker> makeIndexTicker(QCPAxis* axis, int count, IndexLabel label) {
    const auto* previous = dynamic_cast<const IndexTicker*>(axis->ticker().data());
    auto extents = previous ? previous->extents() : std::make_shared<LabelExtents>();
    return QSharedPointer<IndexTicker>::create(axis, count, std::move(label), std::move(extents));
}

QString SeparatorWrap::operator()(const QString& text, const QFont& font, double width) {
    return wrapped_.get(Key{text, font, width},
                        [&] { return wrapAtSeparators(text, font, width); });
}

bool needsAnotherPass(const QCPAxis* axis) {
    if (const auto* ticker = dynamic_cast<const IndexTicker*>(axis->ticker().data())) {
        return ticker->needsAnotherPass();
    }
    const auto* spaced = dynamic_cast<const SpacedTicker*>(axis->ticker().data());
    return spaced && spaced->needsAnotherPass();
}

QSharedPointer<QCPAxisTicker> makeSpacedTicker(QCPAxis* axis) {
    return QSharedPointer<SpacedTicker>::create(axis);
}

QSharedPointer<QCPAxisTicker> makeScaledTicker(double divisor) {
    return QSharedPointer<ScaledTicker>::create(divisor);
}

QString wrapAtSeparators(const QString& text, const QFont& font, double width) {
    const QFontMetricsF metrics(font);
    const QString separator = QStringLiteral(" · ");
    QStringList out;
    for (const QString& line : text.split(QLatin1Char('\n'))) {
        if (metrics.horizontalAdvance(line) <= width) {
            out << line;
            continue;
        }
        // At the separators first, then, for a part still too wide, between words.
        const auto pack = [&](const QStringList& parts, const QString& glue) {
            QStringList lines;
            QString current;
            for (const QString& raw : parts) {
                const QString part = raw.trimmed();
                const QString joined = current.isEmpty() ? part : current + glue + part;
                if (!current.isEmpty() && metrics.horizontalAdvance(joined) > width) {
                    lines << current;
                    current = part;
                } else {
                    current = joined;
                }
            }
            if (!current.isEmpty()) lines << current;
            return lines;
        };
        for (const QString& packed : pack(line.split(separator), separator)) {
            if (metrics.horizontalAdvance(packed) <= width) {
                out << packed;
            } else {
                out << pack(packed.split(QLatin1Char(' ')), QStringLiteral(" "));
            }
        }
    }
    return out.join(QLatin1Char('\n'));
}

void fitLegendColumns(QCPLegend* legend, int preferred, double width) {
    const int items = legend->itemCount();
    if (items == 0) return;
    QVector<double> widths;
    for (int index = 0; index < items; ++index) {
        // A grid's empty cells count as items but hold none.
        const QCPAbstractLegendItem* item = legend->item(index);
        widths.push_back(item ? item->minimumOuterSizeHint().width() : 0);
    }
    const QMargins margins = legend->margins();
    const double room = width - margins.left() - margins.right() - 8;
    int columns = std::clamp(preferred, 1, items);
    for (; columns > 1; --columns) {
        double total = (columns - 1) * legend->columnSpacing();
        for (int column = 0; column < columns; ++column) {
            double widest = 0;
            for (int index = column; index < items; index += columns) {
                widest = std::max(widest, widths[index]);
            }
            total += widest;
        }
        if (total <= room) break;
    }
    if (legend->wrap() == columns && legend->fillOrder() == QCPLayoutGrid::foColumnsFirst) return;
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

}  // namespace fourfold::ui
