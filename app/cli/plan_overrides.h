// SPDX-License-Identifier: MIT
// `--set section.key=value`: changes to a plan's JSON text made before it is parsed, so a
// what-if needs no edited copy of the file. Each override is one JSON merge-patch member; the
// value is read as JSON (4, true, 0.5, "x") and otherwise taken as a string (bf16).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::app {

struct OverrideResult {
    std::optional<std::string> text;  // the patched plan text; empty when an override is bad
    std::string error;                // what is wrong with which --set, for a person
};

// Applies the overrides in order. A path must name a plan field (a key of
// core::planJsonWithEveryKey(), i.e. of docs/plan-format.md); a field inside a GPU or link given
// by its preset name opens it into the object form. A value the field cannot take is left for
// the plan reader to report with its JSON pointer; a value over 1 MiB or nested deeper than a
// plan may be is an error here, before it is parsed. Text that is not a JSON object, or that
// breaks a plan file's size or nesting bound, comes back unchanged, for the reader to report.
[[nodiscard]] OverrideResult applyPlanOverrides(std::string_view planText,
                                                const std::vector<std::string>& overrides);

}  // namespace fourfold::app
