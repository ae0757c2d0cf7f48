// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/views/memory_timeline_chart.h"

#include "core/format.h"
#include "ui/shell/palette_colors.h"
#include "ui/views/memory_timeline_series.h"

#include <qcustomplot.h>

#include <algorithm>
#include <limits>
#include <optional>

namespace fourfold::ui {
namespace {

constexpr int kMaxLines = 16;

const core::StageMemory* stageMemory(const core::Evaluation& evaluation, int stage) {
    if (!evaluation.memory) return nullptr;
    for (const core::StageMemory& entry : evaluation.memory->stages) {
        if (entry.stage == stage) return &entry;
    }
    return nullptr;
}

std::uint64_t activationBytes(const core::StageMemory* stage) {
    return stage ? stage->items[static_cast<std::size_t>(core::MemoryCategory::Activations)].bytes
                 : 0;
}

// Bytes one activation set takes on a stage: the stage's activation bytes over the most sets
// the rank holds (the simulated peak, else the closed form the memory engine used). Display
// scaling only, chosen so the line's peak is the stage's activation bytes exactly.
double bytesPerSet(const core::StageMemory* stage, const core::RankTimeline& rank,
                   int simulatedPeak) {
    const int sets = rank.peakInFlight > 0 ? rank.peakInFlight
                     : simulatedPeak > 0   ? simulatedPeak
                     : stage               ? stage->inFlightMicroBatches
                                           : 0;
    if (sets <= 0) return 0;
    return static_cast<double>(activationBytes(stage)) / sets;
}

void clearRect(QCPAxisRect* rect) {
    QCustomPlot* plot = rect->parentPlot();
    for (QCPGraph* graph : rect->graphs()) plot->removeGraph(graph);
    for (QCPAbstractItem* item : rect->items()) plot->removeItem(item);
}

}  // namespace

MemoryTimelineInfo drawMemoryTimeline(QCPAxisRect* rect, const core::Evaluation& evaluation,
                                      core::ByteUnits units) {
    const double unitBytes = core::bytesPerUnit(units);
    clearRect(rect);
    MemoryTimelineInfo info;
    QCPAxis* timeAxis = rect->axis(QCPAxis::atBottom);
    QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
    if (!evaluation.schedule || evaluation.schedule->ranks.empty()) return info;
    const core::ScheduleResult& schedule = *evaluation.schedule;
    const int ranks = static_cast<int>(schedule.ranks.size());

    info.inBytes = true;
    for (const core::RankTimeline& rank : schedule.ranks) {
        if (activationBytes(stageMemory(evaluation, rank.stage)) == 0) info.inBytes = false;
    }
    const double makespanMs = schedule.makespanS * 1e3;
    QCustomPlot* plot = rect->parentPlot();

    // First every rank's steps, peak and headroom; then lines for a legible subset.
    struct RankSeries {
        std::vector<ActivationStep> steps;
        double scale = 1;
        ActivationPeak peak;
        std::optional<double> headroom;  // in display units
    };
    std::vector<RankSeries> series(static_cast<std::size_t>(ranks));
    int peakRank = -1;
    int tightRank = -1;
    double top = 0;
    QVector<double> peakKeys;
    QVector<double> peakValues;
    for (int index = 0; index < ranks; ++index) {
        const core::RankTimeline& rank = schedule.ranks[static_cast<std::size_t>(index)];
        const core::StageMemory* stage = stageMemory(evaluation, rank.stage);
        RankSeries& entry = series[static_cast<std::size_t>(index)];
        entry.steps = activationSetsOverTime(rank);
        if (entry.steps.empty()) continue;
        entry.peak = activationPeak(entry.steps);
        entry.scale = info.inBytes ? bytesPerSet(stage, rank, entry.peak.sets) / unitBytes : 1.0;
        const double peakValue = entry.peak.sets * entry.scale;
        top = std::max(top, peakValue);
        if (peakRank < 0 || peakValue > series[static_cast<std::size_t>(peakRank)].peak.sets *
                                            series[static_cast<std::size_t>(peakRank)].scale) {
            peakRank = index;
        }
        peakKeys.push_back(entry.peak.timeS * 1e3);
        peakValues.push_back(peakValue);
        if (info.inBytes && evaluation.memory) {
            // Room left for activations: usable − everything else the stage holds.
            const double other = static_cast<double>(stage->totalBytes) -
                                 static_cast<double>(activationBytes(stage));
            entry.headroom =
                (static_cast<double>(evaluation.memory->usableBytes) - other) / unitBytes;
            top = std::max(top, *entry.headroom);
            if (tightRank < 0 || *entry.headroom - peakValue <
                                     *series[static_cast<std::size_t>(tightRank)].headroom -
                                         series[static_cast<std::size_t>(tightRank)].peak.sets *
                                             series[static_cast<std::size_t>(tightRank)].scale) {
                tightRank = index;
            }
        }
    }

    // Beyond kMaxLines ranks the lines only tangle: every k-th rank, the last, the one with
    // the highest peak and the one closest to its limit.
    const int every = std::max(1, (ranks + kMaxLines - 1) / kMaxLines);
    info.every = every;
    for (int index = 0; index < ranks; ++index) {
        const RankSeries& entry = series[static_cast<std::size_t>(index)];
        const bool drawn =
            index % every == 0 || index == ranks - 1 || index == peakRank || index == tightRank;
        if (!drawn || entry.steps.empty()) continue;
        QVector<double> keys;
        QVector<double> values;
        keys.reserve(static_cast<qsizetype>(entry.steps.size() + 1));
        values.reserve(keys.capacity());
        for (const ActivationStep& step : entry.steps) {
            keys.push_back(step.timeS * 1e3);
            values.push_back(step.sets * entry.scale);
        }
        keys.push_back(std::max(makespanMs, keys.back()));
        values.push_back(values.back());
        const QColor colour = palette::onBackground(palette::rankSeries(index, ranks),
                                                    plot->palette().color(QPalette::Base));
        QCPGraph* line = plot->addGraph(timeAxis, valueAxis);
        line->setLineStyle(QCPGraph::lsStepLeft);
        // Thin cosmetic pens when many lines: wide pens cost a stroker pass per segment.
        line->setPen(QPen(colour, ranks > 8 ? 0 : 1.5));
        line->setData(keys, values, true);
        line->setAdaptiveSampling(true);
        ++info.series;
        // A negative headroom would stretch the axis far below the lines; the note says it.
        if (entry.headroom && *entry.headroom >= 0) {
            QCPGraph* limit = plot->addGraph(timeAxis, valueAxis);
            limit->setPen(QPen(colour, ranks > 8 ? 0 : 1.2, Qt::DashLine));
            limit->setData({0.0, makespanMs}, {*entry.headroom, *entry.headroom}, true);
        }
    }
    // Where each rank first reaches its peak: hollow rings in the text colour.
    if (!peakKeys.isEmpty()) {
        const QPalette& colours = plot->palette();
        QCPGraph* peaks = plot->addGraph(timeAxis, valueAxis);
        peaks->setLineStyle(QCPGraph::lsNone);
        peaks->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle,
                                               QPen(colours.color(QPalette::Text), 1.2),
                                               colours.brush(QPalette::Base), 7));
        peaks->setData(peakKeys, peakValues);
    }
    const double overallPeak = peakRank < 0 ? 0
                                            : series[static_cast<std::size_t>(peakRank)].peak.sets *
                                                  series[static_cast<std::size_t>(peakRank)].scale;
    const double peakTimeMs =
        peakRank < 0 ? 0 : series[static_cast<std::size_t>(peakRank)].peak.timeS * 1e3;
    valueAxis->setLabel(
        info.inBytes
            ? QObject::tr("Activations (%1)").arg(QString::fromStdString(core::unitName(units)))
            : QObject::tr("Activation sets held"));
    const double span = std::max(top, info.inBytes ? 1e-3 : 1.0);
    valueAxis->setRange(0, top + 0.12 * span);
    const bool noHeadroom = std::any_of(series.begin(), series.end(), [](const RankSeries& entry) {
        return entry.headroom && *entry.headroom < 0;
    });
    if (noHeadroom) {
        info.note = QObject::tr("No headroom: other memory exceeds usable");
        auto* note = new QCPItemText(plot);
        note->setClipAxisRect(rect);
        note->setClipToAxisRect(true);
        note->position->setAxisRect(rect);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.01, 0.04);
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
    if (overallPeak > 0) {
        const QString amount =
            info.inBytes
                ? QString::fromStdString(
                      core::formatBytes(static_cast<std::uint64_t>(overallPeak * unitBytes), units))
                : (overallPeak == 1
                       ? QObject::tr("1 activation set")
                       : QObject::tr("%1 activation sets").arg(static_cast<int>(overallPeak)));
        info.peakText = QObject::tr("Activation peak %1 on rank %2 at %3")
                            .arg(amount)
                            .arg(peakRank)
                            .arg(QString::fromStdString(core::formatSeconds(peakTimeMs * 1e-3)));
    }
    return info;
}

}  // namespace fourfold::ui
