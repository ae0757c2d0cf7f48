// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/fit_advice_view.h"

#include "core/evaluate/evaluation.h"  // WhatIf::changeText and its renderer
#include "core/plan/plan_enums.h"
#include "core/text/format.h"
#include "ui/settings/language.h"
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

namespace fourfold::ui {
namespace {

constexpr int kMostColumns = 2;
constexpr int kSettleMs = 700;  // after the last change, the advice takes only the room it needs

QString qs(const std::string& text) { return QString::fromStdString(text); }

// A flat, left-aligned choice whose text ends in "…" when its column is narrower than the
// text (the tooltip starts with the whole text), so a narrow pane never clips a choice. It
// paints from the palette, so a theme change shows at once.
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
            return QSize(metrics.horizontalAdvance(text()) + 2 * kPadding,
                         metrics.height() + 2 * 2);
        });
    }
    [[nodiscard]] QSize minimumSizeHint() const override {
        return {fontMetrics().averageCharWidth() * 12, sizeHint().height()};
    }
    // The text as drawn: elided to the button's width.
    [[nodiscard]] QString shownText() const {
        // A text that fits as it is (most do) needs no second measuring.
        if (sizeHint().width() <= width()) return text();
        return fontMetrics().elidedText(text(), Qt::ElideRight, width() - 2 * kPadding);
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
            QStaticText layout(shownText());
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
        headline_->setText(memory.whatIfs.empty()
                               ? tr("Does not fit: peak %1 of %2 usable, and no single change "
                                    "makes it fit.")
                                     .arg(bytes(memory.peakBytes), bytes(memory.usableBytes))
                               : tr("Does not fit: peak %1 of %2 usable. Try one change:")
                                     .arg(bytes(memory.peakBytes), bytes(memory.usableBytes)));
        for (const core::WhatIf& hint : memory.whatIfs) {
            // The change in the interface's language, rendered by the core from its code.
            const QString change = qs(core::renderCodedText(hint.changeText, uiLanguage()));
            if (!hint.modelled) {
                addChoice(
                    index++,
                    tr("%1: not modelled by the %2 convention")
                        .arg(change,
                             qs(std::string(core::toString(evaluation.plan.memory.convention)))),
                    qs(hint.patch), change, false,
                    tr("This convention's formula has no term for this change."));
                continue;
            }
            // The step the change would give, beside its memory: a fitting change that halves
            // the throughput is worth knowing before it is applied.
            const QString step = hint.stepTimeS > 0
                                     ? tr(", step %1").arg(qs(core::formatSeconds(hint.stepTimeS)))
                                     : QString();
            addChoice(index++,
                      tr("%1 \u2192 %2%3%4")
                          .arg(change, bytes(hint.peakBytes), step,
                               hint.fits ? tr(" \u2713 fits") : QString()),
                      qs(hint.patch), tr("Apply: %1").arg(change), true,
                      tr("Applies %1 as one undoable step; peak becomes %2.")
                          .arg(qs(hint.patch), bytes(hint.peakBytes)));
        }
    }
    if (!memory.largestFittingMicroBatchPatch.empty()) {
        const QString change =
            qs(core::renderCodedText({"what_if.largest_micro_batch",
                                      {{"before", evaluation.plan.training.microBatch},
                                       {"after", memory.largestFittingMicroBatch}}},
                                     uiLanguage()));
        addChoice(index,
                  tr("%1 \u2192 %2").arg(change, bytes(memory.largestFittingMicroBatchPeakBytes)),
                  qs(memory.largestFittingMicroBatchPatch), tr("Apply: %1").arg(change), true,
                  tr("The largest micro-batch that fits (accumulation kept, so the global batch "
                     "grows). Applies %1.")
                      .arg(qs(memory.largestFittingMicroBatchPatch)));
    }
}

}  // namespace fourfold::ui
