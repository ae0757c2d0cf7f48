// SPDX-License-Identifier: MIT
// How a JSON writer treats the two lists that grow with the job: the schedule's operations and
// the topology's group lists (a 10^6-rank job has about nine million group entries).
#pragma once

namespace fourfold::core {

enum class ListMode {
    Full,         // built into the document tree
    Omit,         // left out, key and all (`--no-ops`, `--no-groups`)
    Placeholder,  // a null the streaming writer replaces (writeEvaluationJson)
};

}  // namespace fourfold::core
