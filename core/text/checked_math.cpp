// SPDX-License-Identifier: MIT
#include "core/text/checked_math.h"

namespace fourfold::core {

Diagnostic overflowDiagnostic(std::string path, std::string_view what) {
    return makeDiagnostic(Severity::Error, std::move(path), std::string(kOverflowCode),
                          {{"what", what}});
}

}  // namespace fourfold::core
