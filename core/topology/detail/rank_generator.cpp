// SPDX-License-Identifier: MIT
#include "core/topology/detail/rank_generator.h"

#include <algorithm>
#include <cctype>

namespace fourfold::core::detail {
namespace {

constexpr std::array<std::string_view, kAxisCount> kNames{"tp", "cp", "ep", "dp", "pp"};

std::size_t at(Axis axis) { return static_cast<std::size_t>(axis); }

// Built by appending: `"\"" + std::string&&` inserts at the front, where g++ 12 at -O3 reports
// a false -Wrestrict overlap (GCC bug 105651).
std::string quoted(std::string_view text) { return std::string("\"").append(text).append("\""); }

}  // namespace

std::string_view axisName(Axis axis) { return kNames[at(axis)]; }

std::optional<Axis> axisFromName(std::string_view name) {
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == name) return static_cast<Axis>(i);
    }
    return std::nullopt;
}

OrderParse parseOrder(std::string_view text) {
    OrderParse parse;
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });

    std::vector<Axis> seen;
    std::string_view rest(lower);
    bool broken = false;
    while (!broken) {
        const auto dash = rest.find('-');
        const std::string_view token = rest.substr(0, dash);
        const auto axis = axisFromName(token);
        if (!axis) {
            parse.problem = token.empty() ? "it has an empty name between dashes"
                                          : quoted(token) + " is not an axis";
            broken = true;
        } else if (std::find(seen.begin(), seen.end(), *axis) != seen.end()) {
            parse.problem = quoted(token) + " appears twice";
            broken = true;
        } else {
            seen.push_back(*axis);
        }
        if (dash == std::string_view::npos) break;
        rest.remove_prefix(dash + 1);
    }

    if (!broken) {
        // Megatron-Core appends axes the order leaves out, in its own key order.
        std::vector<std::string> missing;
        for (Axis axis : {Axis::Tp, Axis::Pp, Axis::Dp, Axis::Ep, Axis::Cp}) {
            if (std::find(seen.begin(), seen.end(), axis) == seen.end()) {
                seen.push_back(axis);
                missing.emplace_back(axisName(axis));
            }
        }
        if (!missing.empty()) {
            std::string list;
            for (const auto& name : missing) list += (list.empty() ? "" : ", ") + name;
            parse.problem = "it leaves out " + list;
        }
        std::copy(seen.begin(), seen.end(), parse.order.axes.begin());
    }
    parse.permutation = parse.problem.empty();
    for (Axis axis : parse.order.axes) {
        if (!parse.normalized.empty()) parse.normalized += '-';
        parse.normalized += axisName(axis);
    }
    return parse;
}

RankGenerator::RankGenerator(const AxisSizes& sizes, const AxisOrder& order)
    : sizes_(sizes), order_(order) {
    int stride = 1;
    for (Axis axis : order_.axes) {
        stride_[at(axis)] = stride;
        stride *= std::max(1, sizes_[at(axis)]);
    }
    worldSize_ = stride;
}

AxisIndices RankGenerator::indicesOf(int rank) const {
    AxisIndices indices{};
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = (rank / stride_[i]) % std::max(1, sizes_[i]);
    }
    return indices;
}

int RankGenerator::rankOf(const AxisIndices& indices) const {
    int rank = 0;
    for (std::size_t i = 0; i < indices.size(); ++i) rank += indices[i] * stride_[i];
    return rank;
}

GroupSet RankGenerator::groups(std::initializer_list<Axis> members) const {
    // A group is indexed by the mixed-radix number of its fixed (unmasked) axes and a rank's
    // place inside it by that of its varying (masked) axes, both taken in the order's
    // sequence. Strides grow along the order, so places grow with the rank inside a group and
    // a group's first rank grows with its index: the lists come out ascending and ordered by
    // first rank, exactly as Megatron-Core's loops emit them.
    GroupSet set;
    GroupLayout& layout = set.layout;
    int groupSize = 1;
    int groupCount = 1;
    for (Axis axis : order_.axes) {
        const std::size_t i = at(axis);
        const int size = std::max(1, sizes_[i]);
        layout.size[i] = size;
        layout.rankStride[i] = stride_[i];
        if (std::find(members.begin(), members.end(), axis) != members.end()) {
            layout.placeStride[i] = groupSize;
            groupSize *= size;
        } else {
            layout.groupStride[i] = groupCount;
            groupCount *= size;
        }
    }
    set.groupCount = groupCount;
    set.groupSize = groupSize;
    return set;
}

}  // namespace fourfold::core::detail
