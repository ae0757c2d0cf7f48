// SPDX-License-Identifier: MIT
// Reads the preset JSON files (resources/presets/*.json) into a Catalog. Keys follow the plan
// format (PLAN_FORMAT.md): a model preset is a /model object plus name, display_name and source;
// GPUs and links are the cluster objects plus display_name and source. Every problem found is
// reported by file and entry, so a malformed embedded file fails loudly in tests and asserts.
#pragma once

#include "core/plan/catalog.h"
#include "core/plan/detail/embedded_presets.h"

#include <string>
#include <vector>

namespace fourfold::core::detail {

struct CatalogParse {
    Catalog catalog;
    std::vector<std::string> problems;  // empty when every file and entry was well formed
};

// Files may hold any of the arrays "models", "gpus" and "links"; entries keep file order.
[[nodiscard]] CatalogParse parseCatalog(const std::vector<EmbeddedFile>& files);

}  // namespace fourfold::core::detail
