// SPDX-License-Identifier: MIT
// fourfold-cli presets: the built-in models, GPUs and links a plan may name.
#include "app/cli/cli_command_list.h"
#include "core/plan/catalog.h"
#include "core/text/format.h"

#include <nlohmann/json.hpp>

namespace fourfold::app {
using namespace fourfold::core;
namespace {

constexpr const char* kHelp =
    "Usage: fourfold-cli presets [--json]\n"
    "\n"
    "List the built-in presets a plan may name: models (model.preset), GPUs\n"
    "(cluster.gpu) and links (cluster.intra_node, cluster.inter_node).\n"
    "  --json   print them as one JSON object\n";

void printJson(const Catalog& catalog, std::ostream& out) {
    nlohmann::ordered_json j;
    j["models"] = nlohmann::ordered_json::array();
    for (const ModelPreset& model : catalog.models) {
        j["models"].push_back({{"name", model.name},
                               {"display_name", model.displayName},
                               {"layers", model.spec.layers},
                               {"hidden", model.spec.hidden},
                               {"source", model.source}});
    }
    j["gpus"] = nlohmann::ordered_json::array();
    for (const GpuPreset& gpu : catalog.gpus) {
        j["gpus"].push_back({{"name", gpu.spec.name},
                             {"display_name", gpu.displayName},
                             {"memory_bytes", gpu.spec.memoryBytes},
                             {"source", gpu.source}});
    }
    j["links"] = nlohmann::ordered_json::array();
    for (const LinkPreset& link : catalog.links) {
        j["links"].push_back({{"name", link.spec.name},
                              {"display_name", link.displayName},
                              {"gbps", link.spec.gbps},
                              {"source", link.source}});
    }
    out << j.dump(2) << "\n";
}

void printTable(const Catalog& catalog, std::ostream& out) {
    out << "Models (model.preset)\n";
    for (const ModelPreset& model : catalog.models) {
        out << "  " << model.name << "  " << model.displayName << ", " << model.spec.layers
            << " layers, hidden " << model.spec.hidden << "\n";
    }
    out << "\nGPUs (cluster.gpu)\n";
    for (const GpuPreset& gpu : catalog.gpus) {
        out << "  " << gpu.spec.name << "  " << gpu.displayName << ", "
            << formatBytes(gpu.spec.memoryBytes, ByteUnits::Binary) << ", "
            << formatFixed(gpu.spec.peakTflops.bf16, 0) << " TFLOP/s bf16\n";
    }
    out << "\nLinks (cluster.intra_node, cluster.inter_node)\n";
    for (const LinkPreset& link : catalog.links) {
        out << "  " << link.spec.name << "  " << link.displayName << ", "
            << formatFixed(link.spec.gbps, 0) << " GB/s\n";
    }
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    bool json = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--json") {
            json = true;
        } else {
            return usageError(err, "unexpected argument '" + args[i] + "'", kHelp);
        }
    }
    if (json) {
        printJson(builtinCatalog(), out);
    } else {
        printTable(builtinCatalog(), out);
    }
    return kExitOk;
}

}  // namespace

const CliCommand kPresetsCommand = {"presets", "presets [--json]",
                                    "list the built-in models, GPUs and links", kHelp, run};

}  // namespace fourfold::app
