// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/fit_advice_view.h"

#include "core/evaluate/evaluation.h"  // WhatIf::changeText and its renderer
#include "core/plan/plan_enums.h"
#include "core/text/format.h"
#include "ui/settings/language.h"
#include "ui/widgets/controls_text.h"
#include "ui/widgets/recent_values.h"
#include "ui/widgets/text_label.h"

#include <QGridLayout>
#include <QLabel>
#include <QLayoutItem>
#include <QPushButton>
#include <QResizeEvent>
#include <QStaticText>
#include <QStyleOptionButton>
#include <QStyleOptionFocusRect>
#include <QStylePainter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr int kMostColumns = 2;
constexpr int kSettleMs = 700;  // after the last change, the advice takes only the room it needs

QString qs(const std::string& text) { return QString::fromStdString(text); }

// A flat, left-aligned choice of one line or two (the change and its peak, then its step,
// throughput and global batch), each ending in "…" when its column is narrower than it (the
// tooltip holds the whole text), so a narrow pane never clips a choice. It paints from the
// palette, so a theme change shows at once.
class ChoiceButton : public QPushButton {
public:
    ChoiceButton(const QString& text, QWidget* parent) : QPushButton(text, parent) {
        setFlat(true);
        setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    }
    [[nodiscard]] QSize sizeHint() const override {
        // Measured once per text and font: a layout pass asks for both hints of every choice,
        // and a drag shows the same few choices again.
        return hints_.get({text(), font()}, [this] {
            const QFontMetrics metrics = fontMetrics();
            const QStringList lines = text().split(QLatin1Char('\n'));
            int widest = 0;
            for (const QString& line : lines)
                widest = std::max(widest, metrics.horizontalAdvance(line));
            return QSize(widest + 2 * kPadding,
                         metrics.height() * static_cast<int>(lines.size()) + 2 * 2);
        });
    }
    [[nodiscard]] QSize minimumSizeHint() const override {
        return {fontMetrics().averageCharWidth() * 12, sizeHint().height()};
    }
    // The text as drawn: each line elided to the button's width.
    [[nodiscard]] QString shownText() const {
        // A text that fits as it is (most do) needs no second measuring.
        if (sizeHint().width() <= width()) return text();
        QStringList lines = text().split(QLatin1Char('\n'));
        for (QString& line : lines) {
            line = fontMetrics().elidedText(line, Qt::ElideRight, width() - 2 * kPadding);
        }
        return lines.join(QLatin1Char('\n'));
    }

protected:
    void paintEvent(QPaintEvent* /*event*/) override {
        QStylePainter painter(this);
        QStyleOptionButton option;
        initStyleOption(&option);
        option.text.clear();
        // Flat: a panel only while hovered or pressed, as a flat QPushButton draws.
        if (isDown() || (underMouse() && isEnabled())) {
            option.features.setFlag(QStyleOptionButton::Flat, false);
            painter.drawControl(QStyle::CE_PushButtonBevel, option);
        }
        if (hasFocus()) {
            QStyleOptionFocusRect focus;
            focus.initFrom(this);
            focus.rect = rect().adjusted(1, 1, -1, -1);
            painter.drawPrimitive(QStyle::PE_FrameFocusRect, focus);
        }
        painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled,
                                       QPalette::ButtonText));
        // The elided text is laid out once per text, width and font, not at every paint.
        const QRect area = rect().adjusted(kPadding, 0, -kPadding, 0);
        const QStaticText& shown = shown_.get({text(), font(), area.width()}, [this] {
            // A line separator, which the layout breaks at (a plain '\n' it does not).
            QStaticText layout(shownText().replace(QLatin1Char('\n'), QChar::LineSeparator));
            layout.setTextFormat(Qt::PlainText);
            layout.prepare(QTransform(), font());
            return layout;
        });
        painter.setFont(font());
        painter.drawStaticText(
            QPointF(area.left(), area.top() + (area.height() - shown.size().height()) / 2), shown);
    }

private:
    struct Shown {
        QString text;
        QFont font;
        int width = 0;
        bool operator==(const Shown&) const = default;
    };
    static constexpr int kPadding = 4;
    mutable RecentValues<std::pair<QString, QFont>, QSize, 8> hints_;
    RecentValues<Shown, QStaticText, 8> shown_;
};

}  // namespace

FitAdviceView::FitAdviceView(QWidget* parent) : EvaluationView(parent) {
    setObjectName(QStringLiteral("fitAdvice"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 4);
    layout->setSpacing(2);
    headline_ = new TextLabel(this);
    headline_->setObjectName(QStringLiteral("fitHeadline"));
    headline_->setWordWrap(true);
    headline_->setTextFormat(Qt::PlainText);
    layout->addWidget(headline_);
    choices_ = new QGridLayout;
    choices_->setContentsMargins(0, 0, 0, 0);
    choices_->setHorizontalSpacing(4);
    for (int column = 0; column < kMostColumns; ++column) choices_->setColumnStretch(column, 1);
    choices_->setVerticalSpacing(2);
    layout->addLayout(choices_);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    settle_ = new QTimer(this);
    settle_->setSingleShot(true);
    settle_->setInterval(kSettleMs);
    connect(settle_, &QTimer::timeout, this, [this] {
        arrangeChoices(columnsFor(width()));
        heldHeight_ = neededHeight(width());
        setFixedHeight(heldHeight_);
    });
}

void FitAdviceView::holdHeight() {
    heldHeight_ = std::max(heldHeight_, neededHeight(width()));
    setFixedHeight(heldHeight_);
    settle_->start();
}

int FitAdviceView::neededHeight(int width) const {
    // Computed, not left to the layout: a word-wrapped headline over a grid takes the layout
    // several passes (each a resize of the chart above) to settle.
    const QMargins margins = layout()->contentsMargins();
    int height = margins.top() + margins.bottom() +
                 headline_->heightForWidth(std::max(1, width - margins.left() - margins.right()));
    if (shownChoices_ > 0) {
        const int rows = (shownChoices_ + columns_ - 1) / columns_;
        const int row = buttons_.front()->sizeHint().height();
        height += layout()->spacing() + rows * row + (rows - 1) * choices_->verticalSpacing();
    }
    return height;
}

int FitAdviceView::columnsFor(int width) const {
    const QMargins margins = layout()->contentsMargins();
    const int half =
        (width - margins.left() - margins.right() - choices_->horizontalSpacing()) / kMostColumns;
    for (int index = 0; index < shownChoices_; ++index) {
        if (buttons_[static_cast<std::size_t>(index)]->sizeHint().width() > half) return 1;
    }
    return kMostColumns;
}

void FitAdviceView::arrangeChoices(int columns) {
    if (columns == columns_) return;
    columns_ = columns;
    for (std::size_t index = 0; index < buttons_.size(); ++index) {
        choices_->removeWidget(buttons_[index]);
        const int at = static_cast<int>(index);
        choices_->addWidget(buttons_[index], at / columns_, at % columns_);
    }
    for (int column = 0; column < kMostColumns; ++column) {
        choices_->setColumnStretch(column, column < columns_ ? 1 : 0);
    }
}

void FitAdviceView::resizeEvent(QResizeEvent* event) {
    EvaluationView::resizeEvent(event);
    if (event->size().width() == event->oldSize().width()) return;
    arrangeChoices(columnsFor(width()));
    heldHeight_ = neededHeight(width());
    setFixedHeight(heldHeight_);
}

QString FitAdviceView::title() const { return tr("Make it fit"); }

void FitAdviceView::setBinaryUnits(bool binary) {
    if (binary_ == binary) return;
    binary_ = binary;
    if (evaluation()) render(*evaluation());
}

void FitAdviceView::addChoice(int index, const QString& text, const QString& patch,
                              const QString& undoText, bool enabled, const QString& tooltip) {
    // Buttons are kept and reused: a new widget in a shown window costs a layout pass of the
    // whole window when it is shown, at every step of a drag.
    if (index >= static_cast<int>(buttons_.size())) {
        auto* button = new ChoiceButton(QString(), this);
        connect(button, &QPushButton::clicked, this, [this, button] {
            emit patchRequested(button->property("patch").toString(),
                                button->property("undoText").toString());
        });
        choices_->addWidget(button, index / columns_, index % columns_);
        buttons_.push_back(button);
    }
    QPushButton* button = buttons_[static_cast<std::size_t>(index)];
    button->setObjectName(QStringLiteral("fitChoice"));
    button->setText(text);
    button->setEnabled(enabled);
    button->setToolTip(text + QStringLiteral("\n") + tooltip);
    button->setProperty("patch", patch);
    button->setProperty("undoText", undoText);
    button->setVisible(true);
    shownChoices_ = std::max(shownChoices_, index + 1);
}

void FitAdviceView::render(const core::Evaluation& evaluation) {
    shownChoices_ = 0;
    fill(evaluation);
    for (std::size_t index = static_cast<std::size_t>(shownChoices_); index < buttons_.size();
         ++index) {
        QPushButton* spare = buttons_[index];
        spare->setVisible(false);
        spare->setObjectName(QStringLiteral("fitChoiceSpare"));
        spare->setText(QString());
    }
    // Down to one column at once when a choice would be cut; back to two only once the edits
    // have settled (as the height is held), so a drag does not flip the choices about.
    const int columns = columnsFor(width());
    if (columns < columns_ || !settle_->isActive()) arrangeChoices(columns);
    holdHeight();
}

void FitAdviceView::fill(const core::Evaluation& evaluation) {
    const auto units = binary_ ? core::ByteUnits::Binary : core::ByteUnits::Decimal;
    const auto bytes = [units](std::uint64_t value) { return qs(core::formatBytes(value, units)); };
    if (!evaluation.memory) {
        headline_->setText(tr("No memory estimate: see the diagnostics."));
        return;
    }
    const core::MemoryReport& memory = *evaluation.memory;
    int index = 0;
    if (memory.fits) {
        QString text =
            tr("Fits: %1 of headroom below the %2 usable.")
                .arg(bytes(memory.usableBytes - memory.peakBytes), bytes(memory.usableBytes));
        if (!memory.countsActivations) {
            text += QLatin1Char(' ') +
                    tr("This convention counts no activations, so no micro-batch limit.");
        } else if (memory.largestFittingMicroBatch > 0) {
            text += QLatin1Char(' ') + (memory.largestFittingMicroBatchAtLeast
                                            ? tr("Micro-batches of at least %1 fit.")
                                            : tr("The largest micro-batch that fits is %1."))
                                           .arg(memory.largestFittingMicroBatch);
        }
        headline_->setText(withoutSpacesBetweenChinese(text));  // "余量。放得下", not "。 放"
    } else {
        const bool oneFits =
            std::any_of(memory.whatIfs.begin(), memory.whatIfs.end(),
                        [](const core::WhatIf& hint) { return hint.fits && hint.changes == 1; });
        const bool pairs = std::any_of(memory.whatIfs.begin(), memory.whatIfs.end(),
                                       [](const core::WhatIf& hint) { return hint.changes > 1; });
        const QString peak = bytes(memory.peakBytes);
        const QString usable = bytes(memory.usableBytes);
        QString headline;
        if (memory.whatIfs.empty()) {
            headline = tr("Does not fit: peak %1 of %2 usable, and no change or pair of changes "
                          "below makes it fit.")
                           .arg(peak, usable);
        } else if (oneFits) {
            headline = tr("Does not fit: peak %1 of %2 usable. Try one change:").arg(peak, usable);
        } else if (pairs) {
            headline = tr("Does not fit: peak %1 of %2 usable. No single change makes it fit; "
                          "these pairs of changes do:")
                           .arg(peak, usable);
        } else {
            headline = tr("Does not fit: peak %1 of %2 usable. No single change or pair of "
                          "changes makes it fit; these come closest:")
                           .arg(peak, usable);
        }
        headline_->setText(withoutSpacesBetweenChinese(headline));
        const std::int64_t globalBatch = evaluation.batch.globalBatch;
        // When no single change fits, the pairs that do, and only they: the single changes
        // would each leave the plan too large.
        std::vector<const core::WhatIf*> order;
        for (const core::WhatIf& hint : memory.whatIfs) {
            if ((hint.changes > 1) == pairs) order.push_back(&hint);
        }
        for (const core::WhatIf* hint : order) {
            // The change in the interface's language, rendered by the core from its code.
            const QString change = qs(core::renderCodedText(hint->changeText, uiLanguage()));
            if (!hint->modelled) {
                addChoice(index++,
                          tr("%1: not modelled by the %2 convention")
                              .arg(change, ControlsText::name(evaluation.plan.memory.convention)),
                          qs(hint->patch), change, false,
                          tr("This convention's formula has no term for this change."));
                continue;
            }
            // What the change does to the global batch, in every row: a change that shrinks it
            // changes the training run, not only its memory.
            const QString batch =
                hint->globalBatch == globalBatch
                    ? tr("global batch %1 kept").arg(globalBatch)
                    : tr("global batch %1 \u2192 %2").arg(globalBatch).arg(hint->globalBatch);
            // The step and throughput the change would give, beside its memory: a fitting change
            // that halves the throughput is worth knowing before it is applied.
            const QString speed = hint->stepTimeS > 0
                                      ? tr("step %1, %2 tokens/s")
                                            .arg(qs(core::formatSeconds(hint->stepTimeS)),
                                                 qs(core::formatCount(hint->tokensPerS)))
                                      : tr("no step time");
            addChoice(index++,
                      tr("%1 \u2192 %2%3\n%4 \u00b7 %5")
                          .arg(change, bytes(hint->peakBytes),
                               hint->fits ? tr(" \u2713 fits") : QString(), speed, batch),
                      qs(hint->patch), tr("Apply: %1").arg(change), true,
                      tr("Applies this as one undoable step: peak %1 (%2), %3, %4.")
                          .arg(bytes(hint->peakBytes),
                               hint->fits ? tr("fits") : tr("still too large"), speed, batch));
        }
    }
    // The largest micro-batch that fits, for a plan that fits (one that does not has it among
    // its what-ifs, with its step). A plan that fits takes a larger one, so the global batch,
    // whose accumulation stays, grows with it.
    if (memory.fits && !memory.largestFittingMicroBatchPatch.empty()) {
        const QString change =
            qs(core::renderCodedText({"what_if.largest_micro_batch",
                                      {{"before", evaluation.plan.training.microBatch},
                                       {"after", memory.largestFittingMicroBatch}}},
                                     uiLanguage()));
        addChoice(index,
                  tr("%1 \u2192 %2\nglobal batch grows with it")
                      .arg(change, bytes(memory.largestFittingMicroBatchPeakBytes)),
                  qs(memory.largestFittingMicroBatchPatch), tr("Apply: %1").arg(change), true,
                  tr("The largest micro-batch that fits. The accumulation stays as it is, so the "
                     "global batch (%1 now) grows in proportion. Applies it as one undoable "
                     "step.")
                      .arg(evaluation.batch.globalBatch));
    }
}

}  // namespace fourfold::ui
