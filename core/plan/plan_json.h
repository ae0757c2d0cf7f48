// SPDX-License-Identifier: MIT
// Plan ↔ JSON per PLAN_FORMAT.md ("schema": "fourfold.plan/1"). Writing is deterministic
// (documented key order, 2-space indent, final newline); reading never throws and reports
// syntax errors with line and column, semantic ones with the JSON pointer.
#pragma once

#include "core/plan/plan.h"
#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

inline constexpr int kPlanSchemaVersion = 1;
// The largest plan file read (1 MiB; a plan is about 1.5 KB). Larger text is refused before
// parsing, so a file of megabytes of unknown keys or array entries costs nothing.
inline constexpr std::size_t kMaxPlanBytes = 1 << 20;

struct PlanParse {
    std::optional<Plan> plan;             // set exactly when no diagnostic is an error
    std::vector<Diagnostic> diagnostics;  // errors, warnings (unknown keys), notes (migration)
};

// The plan as a complete, self-describing document (docs/plan-format.md). Same plan, same
// bytes. Never throws; text that is not UTF-8 is written with U+FFFD in its place.
[[nodiscard]] std::string planToJson(const Plan& plan);
// A plan's measured section as the file holds it (only the figures present), for other files
// that carry measured figures (a runs file, fourfold-cli measured --json).
[[nodiscard]] nlohmann::ordered_json measuredToJson(const MeasuredFigures& measured);
// Reads a document from defaultPlan() up, key by key; every key is optional. Never throws:
// malformed text, wrong values and newer schemas all come back as diagnostics.
[[nodiscard]] PlanParse parsePlan(std::string_view text);
// The default plan written with every key the format has: the optional sections (measured,
// performance, checkpoint), model.parameters, training.global_batch, and the GPU and links in
// their object form (the GPU's efficiency included). Its keys are the fields a plan may hold,
// which `fourfold-cli evaluate --set` accepts.
[[nodiscard]] std::string planJsonWithEveryKey();
// Gives each diagnostic without a position the line and column of its JSON pointer (or of the
// nearest enclosing key) in `text`, so validation problems point into the file as parse errors
// do. Diagnostics whose pointer is absent from the text keep line 0.
void attachTextPositions(std::string_view text, std::vector<Diagnostic>& diagnostics);

// The other JSON files Fourfold reads beside plans (calibration profiles, runs files): text of at
// most `maxBytes` holding one object, refused with the plan reader's checks and messages (size,
// nesting, syntax with line and column). `document` is set exactly when nothing was refused.
struct JsonObjectParse {
    std::optional<nlohmann::json> document;
    std::vector<Diagnostic> diagnostics;
};
[[nodiscard]] JsonObjectParse parseJsonObjectText(std::string_view text, std::size_t maxBytes);
// Checks such a file's "schema" (which may be left out) against `expected`, e.g.
// "fourfold.profile/1": an error at /schema coded `<kind>.schema_not_a_string`,
// `<kind>.schema_newer` (the same family, a later version) or `<kind>.schema_other`, with the
// args "found" and "schema".
void checkFileSchema(const nlohmann::json& document, std::string_view expected,
                     std::string_view kind, std::vector<Diagnostic>& out);
// attachTextPositions() for such a file, looking `maxDepth` levels deep.
void attachTextPositions(std::string_view text, std::vector<Diagnostic>& diagnostics, int maxDepth);

}  // namespace fourfold::core
