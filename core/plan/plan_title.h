// SPDX-License-Identifier: MIT
// A plan's title for windows, reports and file names: its own name, or, when it has none, one
// made from its content ("Llama-3 70B · 32 × A100 40 GB · TP 8 PP 2 DP 2"). And the names that
// follow a plan's content: a name made from it ("Llama-2 7B on 8 x H100", as the default plan
// is named) is kept up to date as the plan changes; a name a person gave stays.
#pragma once

#include "core/plan/plan.h"
#include "core/text/language.h"

#include <string>

namespace fourfold::core {

// In `language`: a name made from the content is shown in it; a name a person gave as given.
[[nodiscard]] std::string planTitle(const Plan& plan, Language language = Language::English);

// "<model> on <GPUs> x <GPU>": "Llama-2 7B on 8 x H100", "GPT-3 175B on 1024 x A100"; in
// Chinese the words around the proper names are the catalogue's. The name stored in a plan is
// the English one (nameFollowsContent compares with it).
[[nodiscard]] std::string derivedPlanName(const Plan& plan, Language language = Language::English);
// True when the plan has no name of its own: none, or the one derivedPlanName gives it.
[[nodiscard]] bool nameFollowsContent(const Plan& plan);
// `after`, an edit of `before`, with its name brought up to date: when the edit left the name
// as it was and that name followed `before`'s content, `after` is named from its own content.
// A name the edit set, or one a person gave, is kept.
[[nodiscard]] Plan withFollowingName(const Plan& before, Plan after);

}  // namespace fourfold::core
