// SPDX-License-Identifier: GPL-3.0-or-later
// SearchResultsModel: the auto-planner's candidates as a table, best first. One column per
// layout field that varies among them, then peak memory, tokens/s, MFU and the bubble (and the
// objective's own figure when it is not tokens/s). Every figure is the core's; the model only
// turns it into text (core/text/format.h) and gives a number to sort by (SortRole).
#pragma once

#include "core/search/search.h"
#include "core/search/search_fields.h"
#include "core/text/format.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <optional>
#include <vector>

namespace fourfold::ui {

class SearchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;

    enum class Column { Rank, Field, PeakMemory, TokensPerS, Mfu, Bubble, Objective, Margin };

    explicit SearchResultsModel(QObject* parent = nullptr);

    // Replaces the rows (best first) and works out the columns again.
    void setCandidates(std::vector<core::SearchCandidate> candidates,
                       core::SearchObjective objective);
    void clear();
    // Bytes in GB or GiB.
    void setByteUnits(core::ByteUnits units);
    // With a value, a column says whether each candidate also fits within these usable bytes
    // (the plan's own memory less its safety margin) — for a search of the whole card.
    void setUsableBytes(std::optional<std::uint64_t> usableBytes);

    [[nodiscard]] const std::vector<core::SearchCandidate>& candidates() const {
        return candidates_;
    }
    [[nodiscard]] const core::SearchCandidate& candidate(int row) const;
    [[nodiscard]] Column columnKind(int column) const;
    // The column of a layout field or a figure; -1 when it is not shown.
    [[nodiscard]] int columnOf(Column kind, core::LayoutField field = core::LayoutField::Dp) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role) const override;

private:
    struct ColumnSpec {
        Column kind = Column::Rank;
        core::LayoutField field = core::LayoutField::Dp;
    };
    void rebuildColumns();
    [[nodiscard]] QString text(const core::SearchCandidate& candidate,
                               const ColumnSpec& spec) const;
    [[nodiscard]] QVariant sortValue(const core::SearchCandidate& candidate,
                                     const ColumnSpec& spec) const;
    [[nodiscard]] QString objectiveText(const core::SearchPoint& point) const;

    std::vector<core::SearchCandidate> candidates_;
    std::vector<ColumnSpec> columns_;
    core::SearchObjective objective_ = core::SearchObjective::TokensPerS;
    core::ByteUnits units_ = core::ByteUnits::Decimal;
    std::optional<std::uint64_t> usableBytes_;
};

// A layout field in the user's words ("Tensor parallel", "Micro-batch"), and as a short
// column heading ("TP", "Micro").
[[nodiscard]] QString layoutFieldName(core::LayoutField field);
[[nodiscard]] QString layoutFieldTitle(core::LayoutField field);
// A layout field's value in the user's words: "Interleaved 1F1B", "Optimizer to CPU", "on",
// numbers as numbers (never the plan JSON's identifiers).
[[nodiscard]] QString layoutFieldValue(const core::SearchLayout& layout, core::LayoutField field);

}  // namespace fourfold::ui
