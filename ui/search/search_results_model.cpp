// SPDX-License-Identifier: GPL-3.0-or-later
#include "ui/search/search_results_model.h"

#include "ui/widgets/controls_text.h"

#include <QString>

#include <algorithm>

namespace fourfold::ui {
namespace {

QString qs(const std::string& text) { return QString::fromStdString(text); }

constexpr double kSecondsPerDay = 86400.0;

}  // namespace

QString layoutFieldName(core::LayoutField field) {
    using core::LayoutField;
    switch (field) {
        case LayoutField::Dp:
            return SearchResultsModel::tr("Data parallel");
        case LayoutField::Tp:
            return SearchResultsModel::tr("Tensor parallel");
        case LayoutField::Pp:
            return SearchResultsModel::tr("Pipeline parallel");
        case LayoutField::Cp:
            return SearchResultsModel::tr("Context parallel");
        case LayoutField::Ep:
            return SearchResultsModel::tr("Expert parallel");
        case LayoutField::Etp:
            return SearchResultsModel::tr("Expert tensor parallel");
        case LayoutField::VirtualStages:
            return SearchResultsModel::tr("Virtual stages");
        case LayoutField::Schedule:
            return SearchResultsModel::tr("Schedule");
        case LayoutField::ZeroStage:
            return SearchResultsModel::tr("ZeRO stage");
        case LayoutField::Offload:
            return SearchResultsModel::tr("Offload");
        case LayoutField::SequenceParallel:
            return SearchResultsModel::tr("Sequence parallel");
        case LayoutField::Recompute:
            return SearchResultsModel::tr("Recompute");
        case LayoutField::MicroBatch:
            return SearchResultsModel::tr("Micro-batch");
        case LayoutField::GradAccumulation:
            return SearchResultsModel::tr("Accumulation");
        case LayoutField::OverlapGradReduce:
            return SearchResultsModel::tr("Overlap DP reduction");
        case LayoutField::OverlapParamGather:
            return SearchResultsModel::tr("Overlap parameter gather");
        case LayoutField::OverlapTpComm:
            return SearchResultsModel::tr("Overlap TP communication");
        case LayoutField::OverlapP2p:
            return SearchResultsModel::tr("Overlap pipeline sends");
    }
    return {};
}

QString layoutFieldTitle(core::LayoutField field) {
    using core::LayoutField;
    switch (field) {
        case LayoutField::Dp:
            return SearchResultsModel::tr("DP");
        case LayoutField::Tp:
            return SearchResultsModel::tr("TP");
        case LayoutField::Pp:
            return SearchResultsModel::tr("PP");
        case LayoutField::Cp:
            return SearchResultsModel::tr("CP");
        case LayoutField::Ep:
            return SearchResultsModel::tr("EP");
        case LayoutField::Etp:
            return SearchResultsModel::tr("ETP");
        case LayoutField::VirtualStages:
            return SearchResultsModel::tr("VPP");
        case LayoutField::Schedule:
            return SearchResultsModel::tr("Schedule");
        case LayoutField::ZeroStage:
            return SearchResultsModel::tr("ZeRO");
        case LayoutField::Offload:
            return SearchResultsModel::tr("Offload");
        case LayoutField::SequenceParallel:
            return SearchResultsModel::tr("SP");
        case LayoutField::Recompute:
            return SearchResultsModel::tr("Recompute");
        case LayoutField::MicroBatch:
            return SearchResultsModel::tr("Micro");
        case LayoutField::GradAccumulation:
            return SearchResultsModel::tr("Accum.");
        case LayoutField::OverlapGradReduce:
            return SearchResultsModel::tr("Ovl. DP");
        case LayoutField::OverlapParamGather:
            return SearchResultsModel::tr("Ovl. gather");
        case LayoutField::OverlapTpComm:
            return SearchResultsModel::tr("Ovl. TP");
        case LayoutField::OverlapP2p:
            return SearchResultsModel::tr("Ovl. P2P");
    }
    return {};
}

QString layoutFieldValue(const core::SearchLayout& layout, core::LayoutField field) {
    using core::LayoutField;
    switch (field) {
        case LayoutField::Schedule:
            return ControlsText::name(layout.schedule);
        case LayoutField::Offload:
            return ControlsText::name(layout.offload);
        case LayoutField::Recompute:
            return ControlsText::name(layout.recompute);
        case LayoutField::Etp:
            if (layout.etp == 0) return SearchResultsModel::tr("= TP");
            break;
        case LayoutField::SequenceParallel:
        case LayoutField::OverlapGradReduce:
        case LayoutField::OverlapParamGather:
        case LayoutField::OverlapTpComm:
        case LayoutField::OverlapP2p:
            return core::layoutFieldOrder(layout, field) != 0 ? SearchResultsModel::tr("on")
                                                              : SearchResultsModel::tr("off");
        default:
            break;
    }
    return QString::number(core::layoutFieldOrder(layout, field));
}

SearchResultsModel::SearchResultsModel(QObject* parent) : QAbstractTableModel(parent) {
    rebuildColumns();
}

void SearchResultsModel::setCandidates(std::vector<core::SearchCandidate> candidates,
                                       core::SearchObjective objective) {
    beginResetModel();
    candidates_ = std::move(candidates);
    objective_ = objective;
    rebuildColumns();
    endResetModel();
}

void SearchResultsModel::clear() { setCandidates({}, objective_); }

void SearchResultsModel::setByteUnits(core::ByteUnits units) {
    if (units == units_) return;
    units_ = units;
    if (!candidates_.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    }
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

void SearchResultsModel::setUsableBytes(std::optional<std::uint64_t> usableBytes) {
    if (usableBytes == usableBytes_) return;
    beginResetModel();
    usableBytes_ = usableBytes;
    rebuildColumns();
    endResetModel();
}

const core::SearchCandidate& SearchResultsModel::candidate(int row) const {
    return candidates_.at(static_cast<std::size_t>(row));
}

SearchResultsModel::Column SearchResultsModel::columnKind(int column) const {
    return columns_.at(static_cast<std::size_t>(column)).kind;
}

int SearchResultsModel::columnOf(Column kind, core::LayoutField field) const {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (columns_[i].kind == kind && (kind != Column::Field || columns_[i].field == field)) {
            return static_cast<int>(i);
        }
    }
    return -1;
}

void SearchResultsModel::rebuildColumns() {
    columns_.clear();
    columns_.push_back({Column::Rank});
    std::vector<core::SearchPoint> points;
    points.reserve(candidates_.size());
    for (const core::SearchCandidate& candidate : candidates_) points.push_back(candidate.point);
    // The figures first, so a narrow table still shows what the rows are ranked by.
    if (objective_ != core::SearchObjective::TokensPerS) columns_.push_back({Column::Objective});
    columns_.push_back({Column::TokensPerS});
    columns_.push_back({Column::PeakMemory});
    if (usableBytes_) columns_.push_back({Column::Margin});
    columns_.push_back({Column::Mfu});
    columns_.push_back({Column::Bubble});
    for (const core::LayoutField field : core::varyingFields(points)) {
        columns_.push_back({Column::Field, field});
    }
}

int SearchResultsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(candidates_.size());
}

int SearchResultsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(columns_.size());
}

QString SearchResultsModel::objectiveText(const core::SearchPoint& point) const {
    switch (objective_) {
        case core::SearchObjective::TokensPerS:
            return qs(core::formatCount(point.tokensPerS));
        case core::SearchObjective::Time:
            if (point.trainingSeconds > 0) {
                return tr("%1 days").arg(
                    qs(core::formatFixed(point.trainingSeconds / kSecondsPerDay, 1)));
            }
            return qs(core::formatSeconds(point.objective));
        case core::SearchObjective::Cost:
            return qs(core::formatCount(point.objective));
        case core::SearchObjective::Headroom:
            return qs(core::formatBytes(
                static_cast<std::uint64_t>(std::max<std::int64_t>(0, point.headroomBytes)),
                units_));
    }
    return {};
}

QString SearchResultsModel::text(const core::SearchCandidate& candidate,
                                 const ColumnSpec& spec) const {
    const core::SearchPoint& point = candidate.point;
    switch (spec.kind) {
        case Column::Rank:
            return QString::number(candidate.rank);
        case Column::Field:
            return layoutFieldValue(point.layout, spec.field);
        case Column::PeakMemory:
            return qs(core::formatBytes(point.peakBytes, units_));
        case Column::Margin:
            return usableBytes_ && point.peakBytes <= *usableBytes_ ? tr("yes") : tr("no");
        case Column::TokensPerS:
            return qs(core::formatCount(point.tokensPerS));
        case Column::Mfu:
            return qs(core::formatPercent(point.mfu));
        case Column::Bubble:
            return qs(core::formatSeconds(point.bubbleS));
        case Column::Objective:
            return objectiveText(point);
    }
    return {};
}

QVariant SearchResultsModel::sortValue(const core::SearchCandidate& candidate,
                                       const ColumnSpec& spec) const {
    const core::SearchPoint& point = candidate.point;
    switch (spec.kind) {
        case Column::Rank:
            return candidate.rank;
        case Column::Field:
            return core::layoutFieldOrder(point.layout, spec.field);
        case Column::PeakMemory:
            return QVariant::fromValue<qulonglong>(point.peakBytes);
        case Column::Margin:
            return usableBytes_ && point.peakBytes <= *usableBytes_ ? 1 : 0;
        case Column::TokensPerS:
            return point.tokensPerS;
        case Column::Mfu:
            return point.mfu;
        case Column::Bubble:
            return point.bubbleS;
        case Column::Objective:
            return point.objective;
    }
    return {};
}

QVariant SearchResultsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const core::SearchCandidate& row = candidate(index.row());
    const ColumnSpec& spec = columns_.at(static_cast<std::size_t>(index.column()));
    switch (role) {
        case Qt::DisplayRole:
            return text(row, spec);
        case SortRole:
            return sortValue(row, spec);
        case Qt::TextAlignmentRole:
            if (spec.kind == Column::Field && (spec.field == core::LayoutField::Schedule ||
                                               spec.field == core::LayoutField::Offload ||
                                               spec.field == core::LayoutField::Recompute)) {
                return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
            }
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ToolTipRole:
            if (row.pareto) return tr("On the Pareto front of peak memory and tokens/s");
            return {};
        default:
            return {};
    }
}

QVariant SearchResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    const ColumnSpec& spec = columns_.at(static_cast<std::size_t>(section));
    if (role == Qt::ToolTipRole && spec.kind == Column::Field) {
        return layoutFieldName(spec.field);
    }
    if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (spec.kind) {
        case Column::Rank:
            return tr("Rank");
        case Column::Field:
            return layoutFieldTitle(spec.field);
        case Column::PeakMemory:
            return tr("Peak memory");
        case Column::Margin:
            return tr("Within margin");
        case Column::TokensPerS:
            return tr("Tokens/s");
        case Column::Mfu:
            return tr("MFU");
        case Column::Bubble:
            return tr("Bubble");
        case Column::Objective:
            switch (objective_) {
                case core::SearchObjective::Time:
                    return tr("Time to train");
                case core::SearchObjective::Cost:
                    return tr("Cost to train");
                case core::SearchObjective::Headroom:
                    return tr("Headroom");
                case core::SearchObjective::TokensPerS:
                    break;
            }
            return tr("Objective");
    }
    return {};
}

}  // namespace fourfold::ui
