// SPDX-License-Identifier: MIT
#include "core/topology/detail/group_layout.h"

#include <algorithm>
#include <array>

namespace fourfold::core::detail {

int groupBase(const GroupLayout& layout, int index) {
    int base = 0;
    for (std::size_t axis = 0; axis < layout.size.size(); ++axis) {
        if (layout.groupStride[axis] <= 0) continue;
        base += index / layout.groupStride[axis] % layout.size[axis] * layout.rankStride[axis];
    }
    return base;
}

void memberOffsets(const GroupLayout& layout, int groupSize, std::vector<int>& offsets) {
    // The varied axes, fastest first (ascending place stride); axes of size one never move.
    std::array<std::size_t, 5> axes{};
    std::size_t count = 0;
    for (std::size_t axis = 0; axis < layout.size.size(); ++axis) {
        if (layout.placeStride[axis] <= 0 || layout.size[axis] <= 1) continue;
        // Insertion by place stride (std::sort on the partial array trips g++ 12's
        // -Warray-bounds at -O3).
        std::size_t k = count++;
        for (; k > 0 && layout.placeStride[axes[k - 1]] > layout.placeStride[axis]; --k) {
            axes[k] = axes[k - 1];
        }
        axes[k] = axis;
    }
    offsets.resize(static_cast<std::size_t>(std::max(0, groupSize)));
    std::array<int, 5> digits{};
    int offset = 0;
    for (int& slot : offsets) {
        slot = offset;
        for (std::size_t k = 0; k < count; ++k) {
            const std::size_t axis = axes[k];
            offset += layout.rankStride[axis];
            if (++digits[k] < layout.size[axis]) break;
            offset -= layout.rankStride[axis] * layout.size[axis];
            digits[k] = 0;
        }
    }
}

int lastMemberOffset(const GroupLayout& layout) {
    int offset = 0;
    for (std::size_t axis = 0; axis < layout.size.size(); ++axis) {
        if (layout.placeStride[axis] > 0)
            offset += (layout.size[axis] - 1) * layout.rankStride[axis];
    }
    return offset;
}

}  // namespace fourfold::core::detail
