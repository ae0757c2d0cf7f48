// SPDX-License-Identifier: MIT
#include "core/cli.h"

namespace fourfold::core {

int runCli(const std::vector<std::string>& /*args*/, std::ostream& /*out*/, std::ostream& err) {
    err << "fourfold-cli: not yet\n";
    return 2;
}

}  // namespace fourfold::core
