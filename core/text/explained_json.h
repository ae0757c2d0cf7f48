// SPDX-License-Identifier: MIT
// The JSON projection of an explained figure, as PLAN_FORMAT.md's "Additions" spells it:
// value, unit, formula (symbolic), terms (symbol, name, value, unit), source; note when set.
#pragma once

#include "core/text/explained.h"

#include <nlohmann/json.hpp>

namespace fourfold::core {

[[nodiscard]] nlohmann::ordered_json toJson(const ExplainedFigure& figure);

}  // namespace fourfold::core
