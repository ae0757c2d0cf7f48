// SPDX-License-Identifier: MIT
#include "core/memory_json.h"

namespace fourfold::core {

nlohmann::ordered_json toJson(const MemoryReport& /*report*/) {
    return nlohmann::ordered_json::object();  // placeholder until the engine part lands
}

}  // namespace fourfold::core
