// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/memory_timeline_chart.h"

#include "core/text/format.h"
#include "ui/charts/palette.h"
#include "ui/charts/step_lines.h"

#include <qcustomplot.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

namespace fourfold::ui {
namespace {

constexpr int kMaxLines = 16;

// Clears the rect but for its graphs (the ranks' limit lines), which are handed back to be
// drawn again: a drag redraws as many lines at every step, and making a graph costs more than
// drawing it.
QList<QCPGraph*> clearRect(QCPAxisRect* rect) {
    QCustomPlot* plot = rect->parentPlot();
    for (QCPAbstractItem* item : rect->items()) plot->removeItem(item);
    setStepLines(stepLinesOf(rect), {}, 0);
    setStepMarks(stepLinesOf(rect), {}, RingStyle{});
    return rect->graphs();
}

}  // namespace

MemoryTimelineInfo drawMemoryTimeline(QCPAxisRect* rect, const core::Evaluation& evaluation,
                                      core::ByteUnits units) {
    const double unitBytes = core::bytesPerUnit(units);
    QList<QCPGraph*> spare = clearRect(rect);
    // Whatever return comes next, the graphs not drawn again go.
    struct RemoveSpare {
        QList<QCPGraph*>& graphs;
        ~RemoveSpare() {
            for (QCPGraph* graph : graphs) graph->parentPlot()->removeGraph(graph);
        }
    } removeSpare{spare};
    MemoryTimelineInfo info;
    QCPAxis* timeAxis = rect->axis(QCPAxis::atBottom);
    QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
    if (!evaluation.schedule || !evaluation.activations || evaluation.activations->ranks.empty()) {
        return info;
    }
    const core::ActivationTimelines& timelines = *evaluation.activations;
    const auto& series = timelines.ranks;
    const int ranks = static_cast<int>(series.size());
    info.inBytes = timelines.inBytes;
    const double makespanMs = evaluation.schedule->makespanS * 1e3;
    QCustomPlot* plot = rect->parentPlot();
    // Plot units: GB or GiB for bytes, else the number of sets.
    const auto value = [&](const core::ActivationStep& step) {
        return info.inBytes ? static_cast<double>(step.bytes) / unitBytes
                            : static_cast<double>(step.sets);
    };
    const auto headroomGb = [&](const core::RankActivations& rank) {
        return static_cast<double>(rank.headroomBytes) / unitBytes;
    };

    double top = 0;
    std::vector<QPointF> peaks;
    for (const core::RankActivations& rank : series) {
        top = std::max(top, value(rank.peak));
        if (info.inBytes && rank.hasMemory) top = std::max(top, headroomGb(rank));
        peaks.emplace_back(rank.peak.timeS * 1e3, value(rank.peak));
    }

    // Beyond kMaxLines ranks the lines only tangle: every k-th rank, the last, the one with
    // the highest peak and the one closest to its limit.
    const int every = std::max(1, (ranks + kMaxLines - 1) / kMaxLines);
    info.every = every;
    std::vector<StepLine> lines;
    for (int index = 0; index < ranks; ++index) {
        const core::RankActivations& entry = series[static_cast<std::size_t>(index)];
        const bool drawn = index % every == 0 || index == ranks - 1 ||
                           index == timelines.peakRank || index == timelines.tightestRank;
        if (!drawn || entry.steps.empty()) continue;
        const QColor colour = palette::onBackground(palette::rankSeries(index, ranks),
                                                    plot->palette().color(QPalette::Base));
        StepLine& line = lines.emplace_back();
        line.colour = colour;
        line.points.reserve(entry.steps.size());
        for (const core::ActivationStep& step : entry.steps) {
            line.points.emplace_back(step.timeS * 1e3, value(step));
        }
        ++info.series;
        // A negative headroom would stretch the axis far below the lines; the note says it.
        if (info.inBytes && entry.hasMemory && entry.headroomBytes >= 0) {
            QCPGraph* limit =
                spare.isEmpty() ? plot->addGraph(timeAxis, valueAxis) : spare.takeFirst();
            limit->setPen(QPen(colour, ranks > 8 ? 0 : 1.2, Qt::DashLine));
            limit->setAntialiased(false);
            limit->setData({0.0, makespanMs}, {headroomGb(entry), headroomGb(entry)}, true);
        }
    }
    // Thin one-pixel lines when many: wide ones would hide each other.
    setStepLines(stepLinesOf(rect), std::move(lines), ranks > 8 ? 0 : 1.5);
    // Where each rank first reaches its peak: hollow rings in the text colour.
    const QPalette& colours = plot->palette();
    setStepMarks(
        stepLinesOf(rect), std::move(peaks),
        RingStyle{QPen(colours.color(QPalette::Text), 1.2), colours.brush(QPalette::Base), 7});
    const QString unit = QString::fromStdString(core::unitName(units));
    const QString label = info.inBytes ? QObject::tr("Activations (%1)").arg(unit)
                                       : QObject::tr("Activation sets held");
    // A short chart has no room along its side for the whole label: the unit alone then.
    valueAxis->setProperty("fullLabel", label);
    valueAxis->setProperty("briefLabel", info.inBytes ? unit : QObject::tr("Sets"));
    valueAxis->setLabel(label);
    const double span = std::max(top, info.inBytes ? 1e-3 : 1.0);
    const bool noHeadroom = info.inBytes && timelines.anyWithoutHeadroom;
    // The "No headroom" note gets a band of its own above the lines, so no line runs under it.
    valueAxis->setRange(0, top + (noHeadroom ? 0.45 : 0.12) * span);
    if (noHeadroom) {
        info.note = QObject::tr("No headroom: other memory exceeds usable");
        auto* note = new QCPItemText(plot);
        note->setClipAxisRect(rect);
        note->setClipToAxisRect(true);
        note->position->setAxisRect(rect);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.01, 0.02);
        note->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        note->setText(info.note);
        note->setColor(palette::overflow());
        QColor backdrop = plot->palette().color(QPalette::Base);
        backdrop.setAlpha(220);  // readable where it crosses a line
        note->setBrush(backdrop);
        note->setPadding(QMargins(3, 1, 3, 1));
        QFont font = plot->font();
        font.setBold(true);
        note->setFont(font);
    }
    if (timelines.peakRank >= 0) {
        const core::ActivationStep& peak =
            series[static_cast<std::size_t>(timelines.peakRank)].peak;
        if (peak.sets > 0) {
            const QString amount =
                info.inBytes ? QString::fromStdString(core::formatBytes(peak.bytes, units))
                             : (peak.sets == 1 ? QObject::tr("1 activation set")
                                               : QObject::tr("%1 activation sets").arg(peak.sets));
            info.peakText = QObject::tr("Activation peak %1 on rank %2 at %3")
                                .arg(amount)
                                .arg(timelines.peakRank)
                                .arg(QString::fromStdString(core::formatSeconds(peak.timeS)));
        }
    }
    return info;
}

}  // namespace fourfold::ui
