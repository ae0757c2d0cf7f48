// SPDX-License-Identifier: MIT
#include "core/topology/parallel_axis.h"

namespace fourfold::core {

int parallelValue(const Plan& plan, ParallelAxis axis) {
    return plan.parallel.*axisInfo(axis).field;
}

void setParallelValue(Plan& plan, ParallelAxis axis, int value) {
    plan.parallel.*axisInfo(axis).field = value;
}

int axisCoordinate(const RankCoordinates& coordinates, ParallelAxis axis) {
    const auto member = axisInfo(axis).coordinate;
    return member ? coordinates.*member : 0;
}

int axisSize(const TopologySizes& sizes, ParallelAxis axis) {
    const auto member = axisInfo(axis).size;
    return member ? sizes.*member : 1;
}

}  // namespace fourfold::core
