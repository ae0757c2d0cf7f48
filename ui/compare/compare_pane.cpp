// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/compare/compare_pane.h"

#include "core/memory/memory_category.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_enums.h"
#include "ui/charts/legend_swatch.h"
#include "ui/charts/palette.h"
#include "ui/charts/plot_refresh.h"
#include "ui/charts/rect_bars.h"
#include "ui/settings/language.h"
#include "ui/widgets/controls_text.h"
#include "ui/widgets/plan_field_names.h"
#include "ui/widgets/preset_names.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <array>
#include <utility>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

// The memory chart's names for the categories: the core's catalogues, as a legend entry starts.
QString categoryName(int category) {
    QString name =
        qs(core::categoryName(static_cast<core::MemoryCategory>(category), uiLanguage()));
    if (!name.isEmpty()) name[0] = name[0].toUpper();
    return name;
}

template <typename Enum>
QString enumName(const QString& value) {
    const auto parsed = core::enumFromString<Enum>(value.toStdString());
    return parsed ? ControlsText::name(*parsed) : value;
}

}  // namespace

QString ComparePane::fieldName(const QString& pointer) { return PlanFieldNames::name(pointer); }

QString ComparePane::fieldValue(const QString& pointer, const QString& value) {
    if (value.isEmpty()) return tr("(not set)");
    if (value == QLatin1String("true")) return tr("on");
    if (value == QLatin1String("false")) return tr("off");
    if (pointer == QLatin1String("/training/precision") ||
        pointer == QLatin1String("/training/grad_dtype")) {
        return enumName<core::Precision>(value);
    }
    if (pointer == QLatin1String("/training/optimizer"))
        return enumName<core::OptimizerKind>(value);
    if (pointer == QLatin1String("/training/recompute")) return enumName<core::Recompute>(value);
    if (pointer == QLatin1String("/parallel/offload")) return enumName<core::Offload>(value);
    if (pointer == QLatin1String("/parallel/schedule")) return enumName<core::ScheduleKind>(value);
    if (pointer == QLatin1String("/memory/convention")) {
        return enumName<core::MemoryConvention>(value);
    }
    if (pointer == QLatin1String("/model/mlp")) return value.toUpper();
    if (pointer == QLatin1String("/model/preset")) {
        if (const auto preset = core::findModelPreset(value.toStdString())) {
            return PresetNames::shown(preset->displayName);
        }
    }
    if (pointer == QLatin1String("/cluster/gpu")) {
        if (const auto preset = core::findGpuPreset(value.toStdString())) {
            return PresetNames::shown(preset->displayName);
        }
    }
    if (pointer.startsWith(QLatin1String("/cluster/")) &&
        pointer.endsWith(QLatin1String("_node"))) {
        if (const auto preset = core::findLinkPreset(value.toStdString())) {
            return PresetNames::shown(preset->displayName);
        }
    }
    return value;
}

ComparePane::ComparePane(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("comparePane"));
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(6, 4, 6, 4);
    column->setSpacing(4);

    auto* header = new QHBoxLayout;
    titleA_ = new QLabel;
    titleA_->setObjectName(QStringLiteral("compareTitleA"));
    titleB_ = new QLabel;
    titleB_->setObjectName(QStringLiteral("compareTitleB"));
    for (QLabel* label : {titleA_, titleB_}) {
        label->setTextFormat(Qt::PlainText);
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    swap_ = new QPushButton(tr("S&wap A and B"));
    swap_->setObjectName(QStringLiteral("compareSwap"));
    swap_->setToolTip(tr("Put plan A on the document and pin the current plan as A"));
    useA_ = new QPushButton(tr("&Use A"));
    useA_->setObjectName(QStringLiteral("compareUseA"));
    useA_->setToolTip(tr("Go back to plan A (undo with Ctrl+Z) and stop comparing"));
    unpin_ = new QPushButton(tr("&Keep B"));
    unpin_->setObjectName(QStringLiteral("compareKeepB"));
    unpin_->setToolTip(tr("Keep the current plan B and stop comparing"));
    header->addWidget(titleA_, 1);
    header->addWidget(titleB_, 1);
    header->addWidget(swap_);
    header->addWidget(useA_);
    header->addWidget(unpin_);
    column->addLayout(header);
    connect(swap_, &QPushButton::clicked, this, &ComparePane::swapRequested);
    connect(useA_, &QPushButton::clicked, this, &ComparePane::useARequested);
    connect(unpin_, &QPushButton::clicked, this, &ComparePane::unpinRequested);

    figures_ = new QTableWidget(0, 4);
    figures_->setObjectName(QStringLiteral("compareFigures"));
    figures_->setHorizontalHeaderLabels({tr("Figure"), tr("A"), tr("B"), tr("B \u2212 A")});
    figures_->verticalHeader()->hide();
    figures_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    figures_->setSelectionMode(QAbstractItemView::NoSelection);
    figures_->setWordWrap(false);
    figures_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    figures_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);

    stages_ = newLiveChart();
    stages_->setObjectName(QStringLiteral("compareStages"));
    stages_->setMinimumSize(220, 160);
    // One legend entry per category (drawStages adds A's), not one per bars of A and of B.
    stages_->setAutoAddPlottableToLegend(false);
    stages_->legend->setVisible(true);
    stages_->legend->setBorderPen(Qt::NoPen);
    stages_->legend->setBrush(Qt::NoBrush);
    stages_->legend->setIconSize(12, 9);
    // The legend in a column of its own, right of the bars, so it never covers one.
    stages_->axisRect()->insetLayout()->take(stages_->legend);
    auto* side = new QCPLayoutGrid;
    stages_->plotLayout()->addElement(0, 1, side);
    side->addElement(0, 0, stages_->legend);
    side->addElement(1, 0, new QCPLayoutElement(stages_));
    stages_->plotLayout()->setColumnStretchFactor(1, 0.001);
    stages_->yAxis->setLabel(tr("GB per GPU"));
    stages_->xAxis->setLabel(tr("Pipeline stage: A | B"));
    followPalette(stages_);

    fields_ = new QListWidget;
    fields_->setObjectName(QStringLiteral("compareFields"));
    fields_->setSelectionMode(QAbstractItemView::NoSelection);
    fields_->setWordWrap(true);

    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("compareSplit"));
    split->addWidget(figures_);
    split->addWidget(stages_);
    split->addWidget(fields_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setChildrenCollapsible(false);
    column->addWidget(split, 1);
    setComparison(std::nullopt);
}

void ComparePane::setChangesEnabled(bool enabled) {
    changesEnabled_ = enabled;
    swap_->setEnabled(shown_.has_value() && enabled);
    useA_->setEnabled(shown_.has_value() && enabled);
}

void ComparePane::setByteUnits(core::ByteUnits units) {
    if (units == units_) return;
    units_ = units;
    setComparison(shown_);
}

QString ComparePane::valueText(const core::ComparedFigure& figure, double value) const {
    if (figure.unit == core::FigureUnit::Bytes) {
        const QString bytes =
            qs(core::formatBytes(static_cast<std::uint64_t>(std::fabs(value)), units_));
        return value < 0 ? QStringLiteral("\u2212") + bytes : bytes;
    }
    return qs(core::comparedValueText(figure, value));
}

void ComparePane::setComparison(const std::optional<core::PlansCompared>& comparison) {
    shown_ = comparison;
    const bool pinned = comparison.has_value();
    swap_->setEnabled(pinned && changesEnabled_);
    useA_->setEnabled(pinned && changesEnabled_);
    unpin_->setEnabled(pinned);
    if (!comparison) {
        titleA_->setText(tr("A: pin a plan (Edit \u25b8 Pin Plan as A) to compare it"));
        titleB_->setText(tr("B: the plan as it is now"));
        figures_->setRowCount(0);
        fields_->clear();
        stages_->clearPlottables();
        stages_->legend->clearItems();
        stages_->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    titleA_->setText(tr("A: %1").arg(qs(comparison->titleA)));
    titleB_->setText(tr("B: %1").arg(qs(comparison->titleB)));
    titleA_->setToolTip(titleA_->text());
    titleB_->setToolTip(titleB_->text());
    fillFigures(*comparison);
    drawStages(*comparison);
    fillFields(*comparison);
}

void ComparePane::fillFigures(const core::PlansCompared& comparison) {
    const core::Language language = uiLanguage();
    std::vector<const core::ComparedFigure*> rows;
    for (const core::ComparedFigure& figure : comparison.figures) rows.push_back(&figure);
    // The step's parts that either plan spends time on.
    for (const core::ComparedFigure& part : comparison.stepParts) {
        if (part.key == "bubble_s") continue;  // a headline figure already
        if (part.a.value_or(0) == 0 && part.b.value_or(0) == 0) continue;
        rows.push_back(&part);
    }
    figures_->setRowCount(static_cast<int>(rows.size()));
    const QString absent = tr("\u2014");
    for (int row = 0; row < static_cast<int>(rows.size()); ++row) {
        const core::ComparedFigure& figure = *rows[static_cast<std::size_t>(row)];
        QString name = qs(core::comparedFigureName(figure, language));
        if (row >= static_cast<int>(comparison.figures.size())) {
            name = tr("Step: %1").arg(name);
        }
        auto* nameItem = new QTableWidgetItem(name);
        auto* a = new QTableWidgetItem(figure.a ? valueText(figure, *figure.a) : absent);
        auto* b = new QTableWidgetItem(figure.b ? valueText(figure, *figure.b) : absent);
        QString difference = qs(core::comparedDifferenceText(figure));
        if (figure.unit == core::FigureUnit::Bytes && figure.difference) {
            // In the chosen byte units, with the same relative part.
            const double d = *figure.difference;
            difference = d == 0 ? QStringLiteral("=")
                                : (d > 0 ? QStringLiteral("+") : QString()) + valueText(figure, d);
            if (figure.relative && d != 0) {
                difference += QStringLiteral(" (%1%2)")
                                  .arg(d > 0 ? QStringLiteral("+") : QStringLiteral("\u2212"))
                                  .arg(qs(core::formatPercent(std::fabs(*figure.relative))));
            }
        }
        auto* diff = new QTableWidgetItem(difference);
        for (QTableWidgetItem* item : {a, b, diff}) {
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        }
        // The better side in bold; the difference says which way it went in words too.
        QTableWidgetItem* better = figure.better > 0 ? b : figure.better < 0 ? a : nullptr;
        if (better) {
            QFont bold = better->font();
            bold.setBold(true);
            better->setFont(bold);
            diff->setToolTip(figure.better > 0 ? tr("B is better") : tr("A is better"));
        }
        figures_->setItem(row, 0, nameItem);
        figures_->setItem(row, 1, a);
        figures_->setItem(row, 2, b);
        figures_->setItem(row, 3, diff);
    }
}

void ComparePane::drawStages(const core::PlansCompared& comparison) {
    stages_->clearPlottables();
    stages_->clearItems();
    stages_->legend->clearItems();
    const double unit = core::bytesPerUnit(units_);
    stages_->yAxis->setLabel(tr("%1 per GPU").arg(qs(core::unitName(units_))));
    constexpr double kOffset = 0.21;  // A left of the stage's tick, B right of it
    constexpr double kWidth = 0.38;
    double top = 0;
    std::array<QCPBars*, core::kMemoryCategoryCount> previous{};
    for (int category = 0; category < core::kMemoryCategoryCount; ++category) {
        QVector<double> keys;
        QVector<double> values;
        bool any = false;
        for (const core::ComparedStage& stage : comparison.stages) {
            const auto add = [&](const std::optional<core::StageBytes>& bytes, double key) {
                if (!bytes) return;
                const double value =
                    static_cast<double>(bytes->categories[static_cast<std::size_t>(category)]) /
                    unit;
                keys << key;
                values << value;
                any = any || value > 0;
                top = std::max(top, static_cast<double>(bytes->totalBytes) / unit);
            };
            add(stage.a, stage.stage - kOffset);
            add(stage.b, stage.stage + kOffset);
        }
        QCPBars* bars = makeRectBars(stages_->xAxis, stages_->yAxis);
        const QColor colour = palette::memoryCategory(static_cast<core::MemoryCategory>(category));
        bars->setName(categoryName(category));
        bars->setWidth(kWidth);
        bars->setPen(QPen(colour.darker(130), 0.6));
        bars->setBrush(colour);
        bars->setData(keys, values, true);
        if (category > 0 && previous[static_cast<std::size_t>(category - 1)]) {
            bars->moveAbove(previous[static_cast<std::size_t>(category - 1)]);
        }
        previous[static_cast<std::size_t>(category)] = bars;
        if (any) addPlottableLegendEntry(stages_->legend, bars);
    }
    // Each plan's usable memory as a dashed line over its own bars.
    const auto usableLine = [&](const std::optional<double>& usable, double offset) {
        if (!usable) return;
        top = std::max(top, *usable / unit);
        for (const core::ComparedStage& stage : comparison.stages) {
            auto* line = new QCPItemLine(stages_);
            line->start->setCoords(stage.stage + offset - kWidth / 2, *usable / unit);
            line->end->setCoords(stage.stage + offset + kWidth / 2, *usable / unit);
            line->setPen(QPen(palette::capacityLine(), 1.2, Qt::DashLine));
        }
    };
    usableLine(comparison.usableBytesA, -kOffset);
    usableLine(comparison.usableBytesB, kOffset);
    const auto stages = static_cast<double>(comparison.stages.size());
    stages_->xAxis->setRange(-0.6, std::max(1.0, stages) - 0.4);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    // "A" and "B" under every stage when each has room for its letter, else the stage numbers
    // (thinned to what fits), the axis title saying A is left of B.
    const int count = std::max(1, static_cast<int>(comparison.stages.size()));
    const QFontMetrics metrics(stages_->xAxis->tickLabelFont());
    const int letter = 2 * metrics.horizontalAdvance(QStringLiteral("AB"));
    const int room = std::max(1, stages_->axisRect()->width());
    const bool letters = room / (2 * count) >= letter;
    const int number = 2 * metrics.horizontalAdvance(QString::number(count));
    const int step = letters ? 1 : std::max(1, (count * number + room - 1) / room);
    for (const core::ComparedStage& stage : comparison.stages) {
        if (stage.stage % step != 0) continue;
        if (letters) {
            ticker->addTick(stage.stage - kOffset, tr("A"));
            ticker->addTick(stage.stage + kOffset, tr("B"));
        } else {
            ticker->addTick(stage.stage, QString::number(stage.stage));
        }
    }
    stages_->xAxis->setTicker(ticker);
    stages_->xAxis->setLabel(
        comparison.stages.size() > 1
            ? tr("Pipeline stages 0 to %1, A | B").arg(comparison.stages.size() - 1)
            : tr("A | B"));
    stages_->yAxis->setRange(0, std::max(top, 1e-9) * 1.1);
    stages_->replot(QCustomPlot::rpQueuedReplot);
}

void ComparePane::fillFields(const core::PlansCompared& comparison) {
    fields_->clear();
    if (comparison.fields.empty()) {
        fields_->addItem(tr("No field differs: A and B are the same plan."));
        return;
    }
    for (const core::FieldDifference& field : comparison.fields) {
        const QString pointer = qs(field.pointer);
        auto* item =
            new QListWidgetItem(tr("%1: %2 \u2192 %3")
                                    .arg(fieldName(pointer), fieldValue(pointer, qs(field.a)),
                                         fieldValue(pointer, qs(field.b))));
        fields_->addItem(item);
    }
}

}  // namespace fourfold::ui
