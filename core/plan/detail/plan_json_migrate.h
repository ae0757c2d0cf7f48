// SPDX-License-Identifier: MIT
// Plan file versions: reads "schema", refuses other formats and newer versions by name, and
// brings an older document up to date one step at a time. Each step is a pure function on
// the JSON; the steps run in a loop until the document is the current fourfold.plan/N.
#pragma once

#include "core/text/diagnostic.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace fourfold::core::detail {

// Revision numbers along the migration chain. 0 is the early form `"schema": 1` (an
// integer, as the first design notes wrote it); N ≥ 1 is "fourfold.plan/N".
inline constexpr int kEarlyIntegerSchemaRevision = 0;

using PlanMigration = nlohmann::json (*)(nlohmann::json document);

// The chain: entry r turns a revision-r document into revision r + 1.
[[nodiscard]] const std::vector<PlanMigration>& planMigrations();

// Revision 0 → 1: `"schema": 1` becomes `"schema": "fourfold.plan/1"`; nothing else changed.
[[nodiscard]] nlohmann::json migrateEarlyIntegerSchema(nlohmann::json document);

// Brings a top-level object to the current schema in place. Returns false, with an error in
// `out`, when it is not a plan this version can read; notes (missing schema, a migration)
// are added as info.
[[nodiscard]] bool migrateToCurrentSchema(nlohmann::json& document, std::vector<Diagnostic>& out);

}  // namespace fourfold::core::detail
