// SPDX-License-Identifier: MIT
// Arithmetic on a GroupLayout: a group's first rank, the offsets of its members from it, and
// walks over every group, so that no kind's groups need to be stored.
// Source: Megatron-Core parallel_state.py, generate_masked_orthogonal_rank_groups (global
// rank = Σ index_i × stride_i; a group fixes the unmasked indices and varies the masked ones).
#pragma once

#include "core/topology/topology.h"

#include <vector>

namespace fourfold::core::detail {

// The first (lowest) rank of group `index`, 0 <= index < groupCount.
[[nodiscard]] int groupBase(const GroupLayout& layout, int index);
// The members of every group are base + offsets[place], ascending; offsets[0] = 0.
void memberOffsets(const GroupLayout& layout, int groupSize, std::vector<int>& offsets);
// The last member's offset: Σ (size − 1) × rank stride over the axes the groups vary.
[[nodiscard]] int lastMemberOffset(const GroupLayout& layout);

// Calls visit(index, base) for every group in index order, stepping the base rank like an
// odometer instead of dividing for each group.
template <typename Visit>
void forEachGroupBase(const GroupLayout& layout, int groupCount, Visit visit) {
    // The fixed axes, fastest first: ascending group stride.
    int axes[5];
    int count = 0;
    for (int stride = 1; count < 5;) {
        int found = -1;
        for (int axis = 0; axis < 5; ++axis) {
            if (layout.groupStride[static_cast<std::size_t>(axis)] == stride &&
                layout.size[static_cast<std::size_t>(axis)] > 1) {
                found = axis;
            }
        }
        if (found < 0) break;
        axes[count++] = found;
        stride *= layout.size[static_cast<std::size_t>(found)];
    }
    int digits[5] = {0, 0, 0, 0, 0};
    int base = 0;
    for (int index = 0; index < groupCount; ++index) {
        visit(index, base);
        for (int k = 0; k < count; ++k) {
            const auto axis = static_cast<std::size_t>(axes[k]);
            base += layout.rankStride[axis];
            if (++digits[k] < layout.size[axis]) break;
            base -= layout.rankStride[axis] * layout.size[axis];
            digits[k] = 0;
        }
    }
}

}  // namespace fourfold::core::detail
