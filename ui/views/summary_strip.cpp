// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/summary_strip.h"

#include "core/text/format.h"
#include "ui/settings/language.h"
#include "ui/views/explained_text.h"
#include "ui/widgets/controls_text.h"
#include "ui/widgets/copyable_label.h"
#include "ui/widgets/text_label.h"

#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QVBoxLayout>

#include <algorithm>

namespace fourfold::ui {
namespace {

// A value's colour: the text's, or the verdict's green or red. Set as a palette role, never a
// style sheet, whose colours would stay those of the theme it was first polished in.
enum class Tone { Plain, Fits, NoFit };
const char* const kToneProperty = "fourfoldTone";

// Green and red at 7:1 or more against the light and the dark theme's window.
QColor toneColour(Tone tone, const QColor& background) {
    const bool dark = background.lightnessF() < 0.5;
    if (tone == Tone::Fits) return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x1b, 0x5e, 0x20);
    return dark ? QColor(0xff, 0x9e, 0x9e) : QColor(0xb7, 0x1c, 0x1c);
}

void applyTone(QLabel* label, const QPalette& around) {
    const auto tone = static_cast<Tone>(label->property(kToneProperty).toInt());
    if (tone == Tone::Plain) {
        label->setPalette(QPalette());  // every role inherited, so it follows the theme
        return;
    }
    QPalette own;
    own.setResolveMask(0);
    own.setColor(QPalette::WindowText, toneColour(tone, around.color(QPalette::Window)));
    label->setPalette(own);
}

void setTone(QLabel* label, Tone tone) {
    label->setProperty(kToneProperty, static_cast<int>(tone));
    applyTone(label, label->parentWidget() ? label->parentWidget()->palette() : label->palette());
}

// Re-applies the verdict's colour when the theme changes.
class ToneFollower : public QObject {
public:
    ToneFollower(QWidget* strip, QLabel* label) : QObject(strip), strip_(strip), label_(label) {
        strip->installEventFilter(this);
    }
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == strip_ && event->type() == QEvent::PaletteChange) {
            applyTone(label_, strip_->palette());
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QWidget* strip_;
    QLabel* label_;
};

QString text(const std::string& value) { return QString::fromStdString(value); }

// Lays tiles out left to right and wraps to a new line when the width runs out, so the strip
// reads as one line under a wide window and as a short column in a narrow dock.
class WrapLayout : public QLayout {
public:
    explicit WrapLayout(QWidget* parent) : QLayout(parent) {}
    ~WrapLayout() override {
        while (QLayoutItem* item = takeAt(0)) delete item;
    }
    void addItem(QLayoutItem* item) override { items_.append(item); }
    int count() const override { return static_cast<int>(items_.size()); }
    QLayoutItem* itemAt(int index) const override { return items_.value(index); }
    QLayoutItem* takeAt(int index) override {
        return index >= 0 && index < items_.size() ? items_.takeAt(index) : nullptr;
    }
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override { return arrange({0, 0, width, 0}, false); }
    QSize sizeHint() const override { return minimumSize(); }
    QSize minimumSize() const override {
        QSize size;
        for (const QLayoutItem* item : items_) size = size.expandedTo(item->minimumSize());
        const QMargins margins = contentsMargins();
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom());
    }
    void setGeometry(const QRect& rect) override {
        QLayout::setGeometry(rect);
        arrange(rect, true);
    }

private:
    int arrange(const QRect& rect, bool place) const {
        const QRect area = rect.marginsRemoved(contentsMargins());
        const int gap = spacing() >= 0 ? spacing() : 12;
        int x = area.x();
        int y = area.y();
        int lineHeight = 0;
        for (QLayoutItem* item : items_) {
            if (item->isEmpty()) continue;  // a hidden tile takes no room
            const QSize hint = item->sizeHint();
            if (x > area.x() && x + hint.width() > area.right() + 1) {
                x = area.x();
                y += lineHeight + gap / 2;
                lineHeight = 0;
            }
            const int width = std::min(hint.width(), std::max(area.width(), 1));
            if (place) item->setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())));
            x += width + gap;
            lineHeight = std::max(lineHeight, hint.height());
        }
        return y + lineHeight - rect.y() + contentsMargins().bottom();
    }

    QList<QLayoutItem*> items_;
};

}  // namespace

SummaryStrip::SummaryStrip(QWidget* parent) : EvaluationView(parent) {
    setObjectName(QStringLiteral("summaryStrip"));
    auto* layout = new WrapLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(18);
    fit_ = addTile(QStringLiteral("fit"), tr("Fits? peak / usable / capacity"));
    batch_ = addTile(QStringLiteral("batch"), tr("Global batch"));
    bubble_ = addTile(QStringLiteral("bubble"), tr("Pipeline bubble"));
    world_ = addTile(QStringLiteral("world"), tr("World size"));
    mfu_ = addTile(QStringLiteral("mfu"), tr("MFU"));
    throughput_ = addTile(QStringLiteral("throughput"), tr("Tokens/s"));
    measured_ = addTile(QStringLiteral("measured"), tr("Measured vs predicted"));
    profile_ = addTile(QStringLiteral("profile"), tr("Calibration profile"));
    new ToneFollower(this, fit_);
    for (QLabel* label : {mfu_, throughput_}) label->setText(QStringLiteral("—"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
}

void SummaryStrip::setByteUnits(core::ByteUnits units) {
    if (units == units_) return;
    units_ = units;
    releaseTileWidths();
    if (evaluation()) render(*evaluation());
}

void SummaryStrip::releaseTileWidths() {
    for (QLabel* value : {fit_, batch_, bubble_, world_, mfu_, throughput_, measured_, profile_}) {
        value->parentWidget()->setMinimumWidth(0);
    }
}

void SummaryStrip::changeEvent(QEvent* event) {
    EvaluationView::changeEvent(event);
    // Another size of type measures the texts afresh.
    if (event->type() == QEvent::FontChange) releaseTileWidths();
}

QLabel* SummaryStrip::addTile(const QString& name, const QString& caption) {
    auto* tile = new QWidget(this);
    tile->setObjectName(name + QStringLiteral("Tile"));
    auto* column = new QVBoxLayout(tile);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    auto* top = new TextLabel(caption, tile);
    top->setObjectName(name + QStringLiteral("Caption"));
    top->setForegroundRole(QPalette::PlaceholderText);
    auto* value = new TextLabel(tile);
    value->setObjectName(name + QStringLiteral("Value"));
    QFont bold = value->font();
    bold.setBold(true);
    value->setFont(bold);
    makeCopyable(value);
    column->addWidget(top);
    column->addWidget(value);
    layout()->addWidget(tile);
    return value;
}

void SummaryStrip::render(const core::Evaluation& evaluation) {
    // The verdict: what is wrong comes first; a plan with errors never reads "Fits".
    QStringList planErrors;
    for (const core::Diagnostic& diagnostic : evaluation.diagnostics) {
        if (diagnostic.severity == core::Severity::Error)
            planErrors << localizedMessage(diagnostic);
    }
    auto* fitCaption = findChild<QLabel*>(QStringLiteral("fitCaption"));
    fitCaption->setText(planErrors.isEmpty() ? tr("Fits? peak / usable / capacity")
                        : planErrors.size() == 1
                            ? tr("1 error: fix it first")
                            : tr("%1 errors: fix them first").arg(planErrors.size()));
    if (!planErrors.isEmpty()) {
        fit_->setText(fit_->fontMetrics().elidedText(planErrors.first(), Qt::ElideRight,
                                                     fit_->fontMetrics().averageCharWidth() * 90));
        setTone(fit_, Tone::NoFit);
        fit_->setToolTip(planErrors.join(QLatin1Char('\n')) +
                         tr("\n\nThe figures below are incomplete until the errors are fixed; "
                            "the Diagnostics list has them all."));
    } else if (evaluation.memory) {
        const core::MemoryReport& memory = *evaluation.memory;
        fit_->setText(tr("%1 · %2 / %3 / %4")
                          .arg(memory.fits ? tr("Fits") : tr("Does not fit"),
                               text(core::formatBytes(memory.peakBytes, units_)),
                               text(core::formatBytes(memory.usableBytes, units_)),
                               text(core::formatBytes(memory.capacityBytes, units_))));
        setTone(fit_, memory.fits ? Tone::Fits : Tone::NoFit);
        fit_->setToolTip(
            tr("Peak of the fullest pipeline stage / usable after the safety "
               "margin / the GPU's capacity."));
    } else {
        fit_->setText(QStringLiteral("—"));
        setTone(fit_, Tone::Plain);
        fit_->setToolTip(tr("Memory cannot be computed until the plan's errors are fixed."));
    }

    batch_->setText(ControlsText::batchFormula(evaluation.batch));
    batch_->setToolTip(tips_.toolTip(
        tr("%1 tokens per step")
            .arg(text(core::formatCount(static_cast<double>(evaluation.batch.tokensPerStep)))),
        evaluation.batch.explain, units_));

    if (evaluation.schedule) {
        bubble_->setText(text(core::formatPercent(evaluation.schedule->bubbleFraction)));
        const core::ExplainedFigure& figure = evaluation.schedule->bubbleExplain;
        bubble_->setToolTip(figure.empty() ? tr("Idle share of the pipeline's step.")
                                           : tips_.toolTip(tr("Idle share of the pipeline's step"),
                                                           figure, units_));
    } else {
        bubble_->setText(QStringLiteral("—"));
        bubble_->setToolTip(
            tr("The schedule cannot be simulated until the plan's errors are "
               "fixed."));
    }

    const int nodes = evaluation.topology ? evaluation.topology->nodes : 0;
    if (nodes == 1 && evaluation.worldSize == 1) {
        world_->setText(tr("1 GPU on 1 node"));
    } else if (nodes == 1) {
        world_->setText(tr("%1 GPUs on 1 node").arg(evaluation.worldSize));
    } else if (nodes > 1) {
        world_->setText(tr("%1 GPUs on %2 nodes").arg(evaluation.worldSize).arg(nodes));
    } else {
        world_->setText(evaluation.worldSize == 1 ? tr("1 GPU")
                                                  : tr("%1 GPUs").arg(evaluation.worldSize));
    }
    world_->setToolTip(tr("Ranks in the job: DP × TP × PP × CP."));

    if (evaluation.performance && evaluation.performance->stepTimeS > 0) {
        const core::PerformanceReport& performance = *evaluation.performance;
        mfu_->setText(text(core::formatPercent(performance.mfu)));
        mfu_->setToolTip(
            tips_.toolTip(tr("Model FLOPs utilisation"), performance.mfuExplain, units_));
        throughput_->setText(tr("%1 (%2 per GPU)")
                                 .arg(text(core::formatCount(performance.tokensPerS)),
                                      text(core::formatCount(performance.tokensPerSPerGpu))));
        throughput_->setToolTip(
            tips_.toolTip(tr("Tokens per second"), performance.tokensPerSExplain, units_) +
            QStringLiteral("\n\n") +
            tips_.toolTip(tr("Tokens per second per GPU"), performance.tokensPerSPerGpuExplain,
                          units_));
    } else {
        for (QLabel* label : {mfu_, throughput_}) {
            label->setText(QStringLiteral("—"));
            label->setToolTip(tr("The step cannot be costed until the plan's errors are fixed."));
        }
    }

    // The engine's errors, (predicted − measured) / measured, for what the user measured.
    QStringList errors;
    const auto& peaks = evaluation.measured.peakError;
    for (std::size_t stage = 0; stage < peaks.size(); ++stage) {
        if (!peaks[stage]) continue;
        errors << tr("peak stage %1 %2%3")
                      .arg(stage)
                      .arg(*peaks[stage] >= 0 ? QStringLiteral("+") : QString())
                      .arg(QString::fromStdString(core::formatPercent(*peaks[stage])));
    }
    if (evaluation.measured.fullestPeakError) {
        const double error = *evaluation.measured.fullestPeakError;
        errors << tr("peak %1%2")
                      .arg(error >= 0 ? QStringLiteral("+") : QString())
                      .arg(QString::fromStdString(core::formatPercent(error)));
    }
    if (evaluation.measured.stepTimeError) {
        errors << tr("step %1%2")
                      .arg(*evaluation.measured.stepTimeError >= 0 ? QStringLiteral("+")
                                                                   : QString())
                      .arg(QString::fromStdString(
                          core::formatPercent(*evaluation.measured.stepTimeError)));
    }
    measured_->setText(errors.join(QStringLiteral(" · ")));
    measured_->setToolTip(ExplainedText::coded(evaluation.measured.stepTimeText));
    measured_->parentWidget()->setVisible(!errors.isEmpty());
    // A tile keeps the widest it has been, so the tiles after it stay where they are when a
    // figure's text narrows ("12.5 s" → "3.1 s"); it starts afresh when the verdict turns
    // between errors and figures, whose texts differ in kind.
    renderProfile(evaluation.plan.cluster.profile);
    const bool showsErrors = !planErrors.isEmpty();
    if (showsErrors != showedErrors_) releaseTileWidths();
    showedErrors_ = showsErrors;
    // Laid out now, tiles first: a layout request climbs one level per pass of the event
    // loop, so a figure that changed width moved the tiles after it only once the window had
    // painted the new text, and the strip was painted twice.
    for (QLabel* value : {fit_, batch_, bubble_, world_, mfu_, throughput_, measured_, profile_}) {
        QWidget* tile = value->parentWidget();
        tile->layout()->activate();
        const int width = tile->layout()->sizeHint().width();
        if (width > tile->minimumWidth()) tile->setMinimumWidth(width);
    }
    layout()->activate();
    updateGeometry();
}

void SummaryStrip::renderProfile(const core::ProfileReference& reference) {
    // The profile the figures follow (docs/calibration.md), with the error it showed held out.
    const QString file = QFileInfo(QString::fromStdString(reference.path)).fileName();
    if (reference.profile) {
        const core::CalibrationProfile& profile = *reference.profile;
        const QString name = !profile.name.empty() ? text(profile.name)
                             : !file.isEmpty()     ? file
                                                   : tr("pasted in the plan");
        profile_->setText(profile.heldOutMeanError
                              ? tr("%1 · held out %2")
                                    .arg(name, text(core::formatPercent(*profile.heldOutMeanError)))
                              : name);
        const int runs = static_cast<int>(profile.runs.size());
        profile_->setToolTip(
            (runs == 1 ? tr("The figures use the efficiencies fitted on one measured run of %1, "
                            "on %2; the plan's own values come first.")
                       : tr("The figures use the efficiencies fitted on %n measured runs of %1, "
                            "on %2; the plan's own values come first.",
                            nullptr, runs))
                .arg(text(profile.gpu), text(profile.fitted)));
    } else if (!reference.path.empty()) {
        profile_->setText(tr("%1 not read").arg(file));
        profile_->setToolTip(
            tr("The plan names this profile, but it could not be read: the "
               "figures use the built-in efficiencies."));
    }
    profile_->parentWidget()->setVisible(!reference.empty());
}

}  // namespace fourfold::ui
