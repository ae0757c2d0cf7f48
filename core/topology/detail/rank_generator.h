// SPDX-License-Identifier: MIT
// One rank generator: a row-major (first axis fastest) layout of the five parallel axes in the
// order an order string names them, and the orthogonal groups of any subset of axes.
// Source: Megatron-Core parallel_state.py, RankGenerator and
// generate_masked_orthogonal_rank_groups (global_rank = Σ index_i × Π_{j<i} size_j).
#pragma once

#include "core/topology/topology.h"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core::detail {

// The five axes, in the canonical order the report stores them.
enum class Axis { Tp = 0, Cp = 1, Ep = 2, Dp = 3, Pp = 4 };
inline constexpr int kAxisCount = 5;

[[nodiscard]] std::string_view axisName(Axis axis);
[[nodiscard]] std::optional<Axis> axisFromName(std::string_view name);

// The parsed order: which axis sits at each position, first = fastest varying.
struct AxisOrder {
    std::array<Axis, kAxisCount> axes{Axis::Tp, Axis::Cp, Axis::Ep, Axis::Dp, Axis::Pp};

    bool operator==(const AxisOrder&) const = default;
};

struct OrderParse {
    AxisOrder order;           // usable even when the text was not (completed or default)
    bool permutation = false;  // the text named each of the five axes exactly once
    std::string problem;       // why it is not, in plain words ("" when it is)
    std::string normalized;    // lower-case, "-"-joined order actually used
};

// Reads "tp-cp-ep-dp-pp" (case-insensitive). Missing axes are appended as Megatron-Core
// does (tp, pp, dp, ep, cp); unknown or repeated names fall back to the default order.
[[nodiscard]] OrderParse parseOrder(std::string_view text);

// Sizes per axis, indexed by Axis.
using AxisSizes = std::array<int, kAxisCount>;
// Indices per axis, indexed by Axis.
using AxisIndices = std::array<int, kAxisCount>;

class RankGenerator {
public:
    // Sizes must be positive; the product is the generator's world size.
    RankGenerator(const AxisSizes& sizes, const AxisOrder& order);

    [[nodiscard]] int worldSize() const { return worldSize_; }
    [[nodiscard]] AxisIndices indicesOf(int rank) const;
    [[nodiscard]] int rankOf(const AxisIndices& indices) const;

    // The layout of the groups that vary exactly the axes in `members` and fix the rest, as
    // Megatron-Core's get_ranks("tp-pp") returns them: each group ascending, groups ordered
    // by first rank. groupCount and groupSize are set; placement facts are left to
    // placeGroups.
    [[nodiscard]] GroupSet groups(std::initializer_list<Axis> members) const;

private:
    AxisSizes sizes_{};
    AxisOrder order_;
    AxisSizes stride_{};  // global stride of each axis
    int worldSize_ = 1;
};

}  // namespace fourfold::core::detail
