// SPDX-License-Identifier: GPL-3.0-or-later
// MemoryStackView draws a hand-built MemoryReport: bar data equal the report's bytes, limits
// sit where the report puts them, overflow and measured markers appear only when due.
#include "image_checks.h"

#include "ui/charts/palette.h"
#include "ui/charts/tinted_box.h"
#include "ui/views/memory_stack_view.h"

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>
#include <vector>

using namespace fourfold;
using core::MemoryCategory;

namespace {

constexpr std::uint64_t kGiB = 1ull << 30;

// One GPU of a pipeline stage holding 3.5e9 parameters with mixed-precision Adam: 2 B weights,
// 4 B master copy, 2 B gradients, 8 B moments = 16 B/parameter (ZeRO paper, §3.1).
core::StageMemory stageOf(int index, std::uint64_t activations, int inFlight) {
    core::StageMemory stage;
    stage.stage = index;
    stage.parameters = 3'500'000'000ull;
    stage.inFlightMicroBatches = inFlight;
    const std::uint64_t bytes[] = {7'000'000'000ull,  14'000'000'000ull, 7'000'000'000ull,
                                   28'000'000'000ull, activations,       500'000'000ull,
                                   1'500'000'000ull,  1'000'000'000ull};
    // Model state as k × Φ (bytes per parameter × parameters); the rest as one named term.
    const double perParameter[] = {2, 4, 2, 8};
    const char* symbols[] = {"w", "m", "g", "k", "A", "C", "F", "X"};
    for (int category = 0; category < core::kMemoryCategoryCount; ++category) {
        core::ExplainedFigure figure;
        if (category < 4) {
            figure.expression =
                figure.term(symbols[category], "bytes per parameter", perParameter[category],
                            core::units::kBytesPerParameter) *
                figure.term("Φ", "parameters on this rank", 3.5e9, core::units::kParameters);
        } else {
            figure.expression =
                figure.term(symbols[category], "bytes of this part",
                            static_cast<double>(bytes[category]), core::units::kBytes);
        }
        figure.value = static_cast<double>(bytes[category]);
        figure.unit = std::string(core::units::kBytes);
        figure.source = "hand calculation";
        stage.items[static_cast<std::size_t>(category)] = {bytes[category], figure};
        stage.totalBytes += bytes[category];
    }
    return stage;
}

// What the core derives for a stage over the usable bytes.
void setBytesOverUsable(core::MemoryReport& report) {
    for (auto& stage : report.stages) {
        stage.bytesOverUsable =
            stage.totalBytes > report.usableBytes ? stage.totalBytes - report.usableBytes : 0;
    }
}

// Two stages on an "80 GB" card (80 GiB of HBM) with a 10 % margin.
// `count` stages on an 80 GiB card, stage s holding (count − s) activation sets of
// `activations` bytes each: all over the usable memory, the first stage worst.
std::shared_ptr<core::Evaluation> stagesOver(int count, std::uint64_t activations) {
    auto evaluation = std::make_shared<core::Evaluation>();
    core::MemoryReport report;
    report.capacityBytes = 80 * kGiB;
    report.usableBytes = 77'309'411'328ull;
    for (int stage = 0; stage < count; ++stage) {
        report.stages.push_back(stageOf(stage, activations, count - stage));
        report.peakBytes = std::max(report.peakBytes, report.stages.back().totalBytes);
    }
    report.fits = false;
    setBytesOverUsable(report);
    evaluation->memory = report;
    return evaluation;
}

std::shared_ptr<core::Evaluation> twoStageEvaluation(std::uint64_t stage0Activations) {
    auto evaluation = std::make_shared<core::Evaluation>();
    core::MemoryReport report;
    report.capacityBytes = 80 * kGiB;
    report.usableBytes = 77'309'411'328ull;  // 0.9 × 80 GiB
    report.stages = {stageOf(0, stage0Activations, 2), stageOf(1, 3'000'000'000ull, 1)};
    for (auto& stage : report.stages) {
        report.peakBytes = std::max(report.peakBytes, stage.totalBytes);
        // What the core derives: 7 + 14 + 7 + 28 GB of model state = 16 B × 3.5e9 parameters.
        stage.modelStateBytes = 56'000'000'000ull;
        stage.bytesPerParameter = 16.0;
    }
    setBytesOverUsable(report);
    report.fits = report.peakBytes <= report.usableBytes;
    evaluation->memory = report;
    return evaluation;
}

}  // namespace

class TestMemoryStackView : public QObject {
    Q_OBJECT
private slots:
    void barsEqualReportBytes();
    void capacityLineAtCapacity();
    void overflowLabel_data();
    void overflowLabel();
    void binaryUnitsRescale();
    void tooltipCarriesFormula();
    void bytesPerParameterReadout();
    void measuredMarkers();
    void absentMemoryShowsMessage();
    void capacityLabelReadsOverBars();
    void thinSegmentsLeaveNoGap();
    void manyStagesStayLegible();
    void wideOverflowLabelsGiveWayToTheWorst();
    void absurdValuesDoNotCrash();
    void marksFollowEachEvaluation();
    void exports();
    void tintedBoxesDrawAsQCustomPlotDoes_data();
    void tintedBoxesDrawAsQCustomPlotDoes();
    void categoriesKeepTheirColourAboveTheUsableLine_data();
    void categoriesKeepTheirColourAboveTheUsableLine();

private:
    static void show(fourfold::ui::MemoryStackView& view) {
        view.resize(1100, 650);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
    }
};

void TestMemoryStackView::barsEqualReportBytes() {
    ui::MemoryStackView view;
    show(view);
    const auto evaluation = twoStageEvaluation(6'000'000'000ull);
    view.showEvaluation(evaluation);
    for (int category = 0; category < core::kMemoryCategoryCount; ++category) {
        QCPBars* bars = view.categoryBars(static_cast<MemoryCategory>(category));
        QVERIFY(bars);
        QCOMPARE(bars->data()->size(), 2);
        for (int stage = 0; stage < 2; ++stage) {
            const double expected =
                static_cast<double>(evaluation->memory->stages[static_cast<std::size_t>(stage)]
                                        .items[static_cast<std::size_t>(category)]
                                        .bytes) /
                1e9;
            QCOMPARE(bars->data()->at(stage)->key, double(stage));
            QCOMPARE(bars->data()->at(stage)->value, expected);
        }
    }
    // Stacked in category order: optimizer states sit on gradients.
    QCOMPARE(view.categoryBars(MemoryCategory::OptimizerStates)->barBelow(),
             view.categoryBars(MemoryCategory::Gradients));
}

void TestMemoryStackView::capacityLineAtCapacity() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(twoStageEvaluation(6'000'000'000ull));
    QVERIFY(view.capacityLine());
    // 80 GiB = 85.899345920 GB.
    QCOMPARE(view.capacityLine()->start->coords().y(), 85.89934592);
    QCOMPARE(view.capacityLine()->end->coords().y(), 85.89934592);
}

void TestMemoryStackView::overflowLabel_data() {
    QTest::addColumn<quint64>("activations");
    QTest::addColumn<QString>("label");
    // Stage 0 totals 59 GB + activations; usable is 77.309411328 GB.
    QTest::newRow("hand-65GB-fits") << quint64(6'000'000'000ull) << QString();
    QTest::newRow("hand-79GB-over-by-1.69GB")
        << quint64(20'000'000'000ull) << QStringLiteral("+1.7 GB over");
}

void TestMemoryStackView::overflowLabel() {
    QFETCH(quint64, activations);
    QFETCH(QString, label);
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(twoStageEvaluation(activations));
    if (label.isEmpty()) {
        QVERIFY(view.overflowLabels().isEmpty());
        QVERIFY(view.headingText().contains(QStringLiteral("fits")));
    } else {
        QCOMPARE(view.overflowLabels(), QStringList{label});
        QVERIFY(view.headingText().contains(QStringLiteral("does not fit")));
    }
}

void TestMemoryStackView::binaryUnitsRescale() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(twoStageEvaluation(6'000'000'000ull));
    QCPBars* weights = view.categoryBars(MemoryCategory::Weights);
    const double decimal = weights->data()->at(0)->value;
    const double capacity = view.capacityLine()->start->coords().y();
    view.setBinaryUnits(true);
    QVERIFY(view.binaryUnits());
    weights = view.categoryBars(MemoryCategory::Weights);
    QCOMPARE(weights->data()->at(0)->value, decimal * 1e9 / 1073741824.0);
    QCOMPARE(view.capacityLine()->start->coords().y(), 80.0);  // capacity is exactly 80 GiB
    QVERIFY(view.headingText().contains(QStringLiteral("GiB")));
    view.setBinaryUnits(false);
    QCOMPARE(view.capacityLine()->start->coords().y(), capacity);
}

void TestMemoryStackView::tooltipCarriesFormula() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(twoStageEvaluation(6'000'000'000ull));
    const QString direct = view.segmentToolTip(1, MemoryCategory::OptimizerStates);
    QVERIFY2(direct.contains(QStringLiteral("k × Φ = 8 B × 3.50e9 = 28.0 GB")), qPrintable(direct));
    QVERIFY(direct.contains(QStringLiteral("parameters on this rank = 3.50e9")));
    QVERIFY(direct.contains(QStringLiteral("Source: hand calculation")));

    // Under the mouse: the middle of stage 1's optimizer segment (7 + 14 + 7 + 14 GB up).
    view.plot()->replot();
    const QPoint pixel(qRound(view.plot()->xAxis->coordToPixel(1.0)),
                       qRound(view.plot()->yAxis->coordToPixel(42.0)));
    QCOMPARE(view.toolTipAt(pixel), direct);
    const QPoint weights(pixel.x(), qRound(view.plot()->yAxis->coordToPixel(3.5)));
    QVERIFY(view.toolTipAt(weights).contains(QStringLiteral("w × Φ = 2 B × 3.50e9 = 7.0 GB")));
    // Between bars there is nothing to explain.
    const QPoint gap(qRound(view.plot()->xAxis->coordToPixel(0.5)), pixel.y());
    QVERIFY(view.toolTipAt(gap).isEmpty());
    // In GiB the formula states the same figure in the same unit as the heading: 28e9 B is
    // 26.1 GiB.
    view.setBinaryUnits(true);
    const QString binary = view.segmentToolTip(1, MemoryCategory::OptimizerStates);
    QVERIFY2(binary.contains(QStringLiteral("k × Φ = 8 B × 3.50e9 = 26.1 GiB")),
             qPrintable(binary));
    QVERIFY(!binary.contains(QStringLiteral(" GB")));
}

void TestMemoryStackView::bytesPerParameterReadout() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(twoStageEvaluation(6'000'000'000ull));
    // 56 GB of model state for 3.5e9 parameters: 16 B/parameter (ZeRO paper, §3.1).
    QVERIFY2(view.headingText().contains(QStringLiteral("16.0 bytes/parameter")),
             qPrintable(view.headingText()));
}

void TestMemoryStackView::measuredMarkers() {
    ui::MemoryStackView view;
    show(view);
    auto evaluation = twoStageEvaluation(6'000'000'000ull);
    // Predicted 65 GB and 62 GB; measured 60 GB and 70 GB.
    evaluation->plan.measured.peakBytesPerStage = {60'000'000'000ull, 70'000'000'000ull};
    evaluation->measured =
        core::compareMeasured(evaluation->plan.measured, &*evaluation->memory, nullptr);
    view.showEvaluation(evaluation);
    // (65 − 60)/60 = +8.3 %, (62 − 70)/70 = −11.4 %.
    QCOMPARE(view.measuredLabels(),
             (QStringList{QStringLiteral("+8.3 %"), QStringLiteral("-11.4 %")}));
    QCPGraph* markers = view.plot()->graph(0);
    QVERIFY(markers);
    QCOMPARE(markers->data()->size(), 2);
    QCOMPARE(markers->data()->at(1)->value, 70.0);
}

void TestMemoryStackView::absentMemoryShowsMessage() {
    ui::MemoryStackView view;
    show(view);
    auto evaluation = std::make_shared<core::Evaluation>();
    evaluation->diagnostics.push_back(
        {core::Severity::Error, "/parallel/pp", "pp must divide the 32 layers.", 0, 0});
    view.showEvaluation(evaluation);
    QVERIFY(view.showsMessage());
    view.showEvaluation(twoStageEvaluation(6'000'000'000ull));
    QVERIFY(!view.showsMessage());
}

// When every stage is over capacity the capacity label has to cross bars: it sits on an
// opaque box above them and the over-usable boxes, so its sides (the padding beside the text)
// are the background's colour throughout, not bars showing through.
void TestMemoryStackView::capacityLabelReadsOverBars() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(stagesOver(8, 30'000'000'000ull));  // 89 GB a stage, over 85.9 GB
    QCustomPlot* plot = view.plot();
    plot->replot();
    QCPItemText* label = nullptr;
    for (int index = 0; index < plot->itemCount(); ++index) {
        auto* text = qobject_cast<QCPItemText*>(plot->item(index));
        if (text && text->objectName() == QLatin1String("capacityLabel")) label = text;
    }
    QVERIFY(label);
    const QRect box = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
                          .toAlignedRect();
    // The label hangs below the line, over the bars (their tops are far above it).
    QVERIFY2(box.top() >= qRound(plot->yAxis->coordToPixel(85.9)) - 1,
             qPrintable(QStringLiteral("label box top %1").arg(box.top())));
    const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
    const QColor base = plot->palette().color(QPalette::Base);
    int checked = 0;
    for (const int x : {box.left() + 1, box.right() - 1}) {
        // Two rows kept clear of each edge: the box sits at fractional coordinates.
        for (int y = box.top() + 2; y <= box.bottom() - 3; ++y) {
            QVERIFY2(image.pixelColor(x, y).rgb() == base.rgb(),
                     qPrintable(QStringLiteral("(%1, %2) is %3 in the label box %4,%5 %6×%7")
                                    .arg(x)
                                    .arg(y)
                                    .arg(image.pixelColor(x, y).name())
                                    .arg(box.left())
                                    .arg(box.top())
                                    .arg(box.width())
                                    .arg(box.height())));
            ++checked;
        }
    }
    QVERIFY(checked >= 20);
}

// In a short chart a segment thinner than a pixel (comm buffers, 0.5 GB at about 1.4 px per
// GB) still closes its bar: no row of background between the segments around it.
void TestMemoryStackView::thinSegmentsLeaveNoGap() {
    ui::MemoryStackView view;
    view.resize(1100, 240);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto evaluation = twoStageEvaluation(6'000'000'000ull);
    view.showEvaluation(evaluation);
    QCustomPlot* plot = view.plot();
    plot->replot();
    const double perGb = plot->yAxis->coordToPixel(0) - plot->yAxis->coordToPixel(1);
    QVERIFY2(perGb < 2, qPrintable(QStringLiteral("%1 px per GB: not short enough").arg(perGb)));
    const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
    const QColor base = plot->palette().color(QPalette::Base);
    for (int stage = 0; stage < 2; ++stage) {
        const double total =
            static_cast<double>(
                evaluation->memory->stages[static_cast<std::size_t>(stage)].totalBytes) /
            1e9;
        const int x = qRound(plot->xAxis->coordToPixel(stage));
        const int bottom = qRound(plot->yAxis->coordToPixel(0)) - 1;
        const int top = qRound(plot->yAxis->coordToPixel(total)) + 1;
        QVERIFY(bottom - top > 20);
        for (int y = top; y <= bottom; ++y) {
            QVERIFY2(image.pixelColor(x, y).rgb() != base.rgb(),
                     qPrintable(QStringLiteral("stage %1: background at row %2 of %3–%4")
                                    .arg(stage)
                                    .arg(y)
                                    .arg(top)
                                    .arg(bottom)));
        }
    }
}

void TestMemoryStackView::manyStagesStayLegible() {
    ui::MemoryStackView view;
    show(view);
    view.showEvaluation(stagesOver(64, 30'000'000'000ull));
    // Ticks are chosen for the laid-out axis: a second pass sees its final length.
    view.plot()->replot();
    view.plot()->replot();
    const QVector<double> ticks = view.plot()->xAxis->tickVector();
    QVERIFY(!ticks.isEmpty() && ticks.size() < 64);  // thinned: 64 numbers do not fit
    // Thinned evenly, labelled with stage numbers, never closer than their own width.
    const QVector<QString> labels = view.plot()->xAxis->tickVectorLabels();
    const QFontMetricsF metrics(view.plot()->xAxis->tickLabelFont());
    for (int index = 1; index < ticks.size(); ++index) {
        QCOMPARE(ticks[index] - ticks[index - 1], ticks[1] - ticks[0]);
        const double apart = view.plot()->xAxis->coordToPixel(ticks[index]) -
                             view.plot()->xAxis->coordToPixel(ticks[index - 1]);
        QVERIFY(apart >= (metrics.horizontalAdvance(labels[index]) +
                          metrics.horizontalAdvance(labels[index - 1])) /
                             2);
    }
    QCOMPARE(labels.first(), QStringLiteral("0"));
    // Every stage is over, but only the worst gets a label.
    QCOMPARE(view.overflowLabels().size(), 1);
    QCOMPARE(view.categoryBars(MemoryCategory::Weights)->data()->size(), 64);
}

// Sixteen stages over by tens of GB in a narrow pane: a label per stage would run into its
// neighbours ("+93.2 GB over" is wider than a stage's share of the axis), so only the worst
// stage is labelled.
void TestMemoryStackView::wideOverflowLabelsGiveWayToTheWorst() {
    ui::MemoryStackView view;
    show(view);
    view.resize(640, 420);
    QCoreApplication::processEvents();
    const auto evaluation = stagesOver(16, 90'000'000'000ull);
    view.showEvaluation(evaluation);
    view.plot()->replot();
    view.showEvaluation(evaluation);  // drawn again at the laid-out width
    view.plot()->replot();
    QCOMPARE(view.overflowLabels().size(), 1);
    // Two stages have room each: both labelled (as absurdValuesDoNotCrash also checks).
    view.showEvaluation(twoStageEvaluation(90'000'000'000ull));
    QVERIFY(!view.overflowLabels().isEmpty());
}

// Each evaluation shows its own limits and overflow marks and nothing of the one before: as
// many tinted boxes as stages over the usable line, labels as due, one capacity line at the
// capacity, and no item left over (the marks are drawn again with the items drawn before).
void TestMemoryStackView::marksFollowEachEvaluation() {
    ui::MemoryStackView view;
    show(view);
    const auto boxesOver = [&view](double usable) {
        int boxes = 0;
        for (int index = 0; index < view.plot()->itemCount(); ++index) {
            const auto* box = qobject_cast<QCPItemRect*>(view.plot()->item(index));
            // The overflow boxes reach down to the usable line; the margin band spans the rect.
            if (box && box->topLeft->type() == QCPItemPosition::ptPlotCoords &&
                qFuzzyCompare(box->bottomRight->coords().y(), usable)) {
                ++boxes;
            }
        }
        return boxes;
    };
    const double usableGiB = 77'309'411'328.0 / static_cast<double>(kGiB);
    struct Shown {
        std::shared_ptr<core::Evaluation> evaluation;
        int over;
    };
    const std::vector<Shown> sequence{{stagesOver(4, 30'000'000'000ull), 4},
                                      {twoStageEvaluation(3'000'000'000ull), 0},
                                      {stagesOver(3, 30'000'000'000ull), 3},
                                      {twoStageEvaluation(40'000'000'000ull), 1},
                                      {stagesOver(4, 30'000'000'000ull), 4}};
    QCPItemLine* firstCapacity = nullptr;
    for (const Shown& shown : sequence) {
        view.setBinaryUnits(true);
        view.showEvaluation(shown.evaluation);
        view.plot()->replot();
        const core::MemoryReport& report = *shown.evaluation->memory;
        int over = 0;
        for (const auto& stage : report.stages) over += stage.bytesOverUsable > 0 ? 1 : 0;
        QCOMPARE(over, shown.over);
        QCOMPARE(boxesOver(usableGiB), shown.over);
        QCOMPARE(view.overflowLabels().isEmpty(), shown.over == 0);
        QVERIFY(view.capacityLine());
        QCOMPARE(view.capacityLine()->start->coords().y(), 80.0);
        if (!firstCapacity) firstCapacity = view.capacityLine();
        QCOMPARE(view.capacityLine(), firstCapacity);  // drawn again, not made again
        // The band, the usable and capacity lines, the capacity label, a box per stage over
        // and a label per overflow label: nothing else.
        QCOMPARE(view.plot()->itemCount(),
                 4 + shown.over + static_cast<int>(view.overflowLabels().size()));
    }
    // No estimate: no marks at all.
    auto empty = std::make_shared<core::Evaluation>();
    empty->memory = core::MemoryReport{};
    view.showEvaluation(empty);
    QCOMPARE(view.plot()->itemCount(), 0);
}

void TestMemoryStackView::absurdValuesDoNotCrash() {
    ui::MemoryStackView view;
    show(view);
    auto evaluation = twoStageEvaluation(1'000'000'000'000'000ull);  // 10^15 bytes
    evaluation->memory->capacityBytes = 0;
    evaluation->memory->usableBytes = 0;
    evaluation->memory->stages[1].parameters = 0;
    evaluation->memory->stages[1].inFlightMicroBatches = 0;
    setBytesOverUsable(*evaluation->memory);
    view.showEvaluation(evaluation);
    view.plot()->replot();
    QCOMPARE(view.overflowLabels().size(), 2);
    auto empty = std::make_shared<core::Evaluation>();
    empty->memory = core::MemoryReport{};
    view.showEvaluation(empty);
    QVERIFY(view.showsMessage());
}

void TestMemoryStackView::exports() {
    ui::MemoryStackView view;
    show(view);
    auto evaluation = twoStageEvaluation(20'000'000'000ull);
    evaluation->plan.measured.peakBytesPerStage = {60'000'000'000ull, 70'000'000'000ull};
    evaluation->measured =
        core::compareMeasured(evaluation->plan.measured, &*evaluation->memory, nullptr);
    view.showEvaluation(evaluation);
    QTemporaryDir temporary;
    const QString keep = qEnvironmentVariable("FOURFOLD_KEEP_IMAGES");
    const QString dir = keep.isEmpty() ? temporary.path() : keep;
    for (const QString& suffix :
         {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}) {
        const QString path = dir + QStringLiteral("/memory.") + suffix;
        QString error;
        QVERIFY2(view.exportImage(path, &error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    QVERIFY(test::inkedSvgSamples(dir + QStringLiteral("/memory.svg")) > 500);
    QString error;
    QVERIFY(!view.exportImage(dir + QStringLiteral("/memory.bmp"), &error));
    QVERIFY(!error.isEmpty());
    if (!keep.isEmpty()) {
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/memory_grab.png"));
        view.setBinaryUnits(true);
        auto many = twoStageEvaluation(20'000'000'000ull);
        for (int stage = 2; stage < 64; ++stage) {
            many->memory->stages.push_back(
                stageOf(stage, 1'000'000'000ull * stage / 2, 64 - stage));
        }
        view.showEvaluation(many);
        view.plot()->replot();
        view.grab().save(keep + QStringLiteral("/memory_many.png"));
    }
}

void TestMemoryStackView::tintedBoxesDrawAsQCustomPlotDoes_data() {
    QTest::addColumn<double>("scale");
    QTest::newRow("screen pixels") << 1.0;  // blended as one image
    QTest::newRow("scaled export") << 1.5;  // QCustomPlot's own fill
}

// The overflow boxes and the margin band blend their tint as an image: the reference is
// QCPItemRect over the same coordinates (tall boxes, as a plan far over its memory draws them,
// one reaching past the axis rect), and the tint itself is blended by hand.
void TestMemoryStackView::tintedBoxesDrawAsQCustomPlotDoes() {
    QFETCH(double, scale);
    const QColor paper(250, 250, 250);
    const QColor tint(200, 30, 30, 90);
    QPoint inside;  // in the last box (stage 7, 10 to 107.5 GB: clipped at the axis top)
    const auto render = [&](bool reference) {
        QCustomPlot plot;
        plot.setViewport(QRect(0, 0, 400, 300));
        plot.setBackground(paper);
        plot.xAxis->setRange(-0.6, 7.6);
        plot.yAxis->setRange(0, 100);
        for (int stage = 0; stage < 8; ++stage) {
            QCPItemRect* box = reference ? new QCPItemRect(&plot) : ui::makeTintedBox(&plot);
            box->topLeft->setCoords(stage - 0.35, 20 + stage * 12.5);
            box->bottomRight->setCoords(stage + 0.35, 10);
            box->setPen(stage % 2 ? QPen(Qt::darkRed, 2) : QPen(Qt::NoPen));
            box->setBrush(tint);
            box->setAntialiased(false);
        }
        plot.replot();
        inside = QPoint(qRound(plot.xAxis->coordToPixel(7) * scale),
                        qRound(plot.yAxis->coordToPixel(60) * scale));
        return plot.toPixmap(400, 300, scale).toImage().convertToFormat(QImage::Format_RGB32);
    };
    const QImage expected = render(true);
    const QImage drawn = render(false);
    QCOMPARE(drawn.size(), expected.size());
    int differing = 0;
    for (int y = 0; y < drawn.height(); ++y) {
        for (int x = 0; x < drawn.width(); ++x) {
            const QRgb a = drawn.pixel(x, y);
            const QRgb b = expected.pixel(x, y);
            const int apart =
                std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                          std::abs(qBlue(a) - qBlue(b))});
            differing += apart > 1 ? 1 : 0;
        }
    }
    QCOMPARE(differing, 0);
    // By hand: the tint over the paper, c = c_t·a + c_p·(1 − a) with a = 90/255.
    const double alpha = 90.0 / 255.0;
    const QRgb pixel = drawn.pixel(inside);
    QVERIFY(std::abs(qRed(pixel) - qRound(200 * alpha + 250 * (1 - alpha))) <= 1);
    QVERIFY(std::abs(qGreen(pixel) - qRound(30 * alpha + 250 * (1 - alpha))) <= 1);
    QVERIFY(std::abs(qBlue(pixel) - qRound(30 * alpha + 250 * (1 - alpha))) <= 1);
}

void TestMemoryStackView::categoriesKeepTheirColourAboveTheUsableLine_data() {
    QTest::addColumn<double>("usableGb");
    QTest::newRow("line through the activations") << 70.0;
    QTest::newRow("line through the master weights") << 15.0;
    QTest::newRow("line through the optimizer states") << 45.0;
}

// The part of a stage over the usable line is hatched over its own colours: the pixels of each
// category's segment, above the line and below it, are mostly that category's legend colour
// (the hatching's thin lines aside), never a tint that reads as another category.
void TestMemoryStackView::categoriesKeepTheirColourAboveTheUsableLine() {
    QFETCH(double, usableGb);
    ui::MemoryStackView view;
    show(view);
    auto evaluation = twoStageEvaluation(30'000'000'000ull);
    evaluation->memory->usableBytes = static_cast<std::uint64_t>(usableGb * 1e9);
    setBytesOverUsable(*evaluation->memory);
    evaluation->memory->fits = false;
    view.showEvaluation(evaluation);
    QCustomPlot* plot = view.plot();
    plot->replot();
    const QImage image = plot->toPixmap(plot->width(), plot->height(), 1.0).toImage();
    const QCPAxis* x = plot->xAxis;
    const QCPAxis* y = plot->yAxis;
    // The most frequent colour of the pixels in the middle half of stage 0's bar between two
    // heights (plot units), a pixel inside the edges.
    const auto modal = [&](double from, double to) {
        const int left = static_cast<int>(x->coordToPixel(-0.15));
        const int right = static_cast<int>(x->coordToPixel(0.15));
        const int top = static_cast<int>(std::ceil(y->coordToPixel(to))) + 2;
        const int bottom = static_cast<int>(std::floor(y->coordToPixel(from))) - 2;
        std::map<QRgb, int> counts;
        for (int row = top; row <= bottom; ++row) {
            for (int column = left; column <= right; ++column) {
                ++counts[image.pixel(column, row)];
            }
        }
        QRgb best = 0;
        int most = 0;
        for (const auto& [colour, count] : counts) {
            if (count > most) std::tie(best, most) = std::tie(colour, count);
        }
        return QColor(best);
    };
    int checkedAbove = 0;
    int checkedBelow = 0;
    double base = 0;
    for (int index = 0; index < core::kMemoryCategoryCount; ++index) {
        const auto category = static_cast<MemoryCategory>(index);
        const double height = view.categoryBars(category)->data()->at(0)->value;
        const QColor legend = ui::palette::memoryCategory(category);
        // The segment's parts below and above the line, each checked where it is 8 px or more.
        const std::pair<double, double> parts[] = {{base, std::min(base + height, usableGb)},
                                                   {std::max(base, usableGb), base + height}};
        for (int part = 0; part < 2; ++part) {
            const auto [from, to] = parts[part];
            if (to <= from || y->coordToPixel(from) - y->coordToPixel(to) < 8) continue;
            const QColor colour = modal(from, to);
            QVERIFY2(colour == legend, qPrintable(QStringLiteral("%1 %2 the line: %3, legend %4")
                                                      .arg(view.categoryBars(category)->name(),
                                                           part == 0 ? QStringLiteral("below")
                                                                     : QStringLiteral("above"),
                                                           colour.name(), legend.name())));
            ++(part == 0 ? checkedBelow : checkedAbove);
        }
        base += height;
    }
    // The rows make segments on both sides of the line.
    QVERIFY(checkedBelow >= 1);
    QVERIFY(checkedAbove >= 1);
}

QTEST_MAIN(TestMemoryStackView)
#include "tst_memory_stack_view.moc"
