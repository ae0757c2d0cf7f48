// SPDX-License-Identifier: MIT
#include "core/plan/detail/profile_json.h"

#include <cmath>
#include <limits>
#include <string>

namespace fourfold::core::detail {
namespace {

constexpr double kNoUpperBound = std::numeric_limits<double>::infinity();
// A profile's values take the ranges the same values have in a plan (docs/plan-format.md,
// "Ranges"), so a plan with its profile applied stays within them.
constexpr double kMaxLinkFigure = 1e6;       // link gbps and latency_us
constexpr double kMaxFrameworkBytes = 1e15;  // memory.framework_bytes
constexpr double kMaxFragmentation = 0.9;    // memory.fragmentation
// The most runs a profile lists; a runs file holds at most as many (core/calibrate/runs_file.h).
constexpr std::size_t kMaxProfileRuns = 10000;

void readProfileEfficiency(ObjectReader& reader, GpuEfficiency& efficiency) {
    reader.readNumber("gemm", efficiency.gemm, 0, 1);
    reader.readNumber("gemm_fp8", efficiency.gemmFp8, 0, 1);
    reader.readNumber("gemm_half_dim", efficiency.gemmHalfDim, 0, kNoUpperBound);
    reader.readNumber("flash_attention", efficiency.flashAttention, 0, 1);
    reader.readNumber("hbm", efficiency.hbm, 0, 1);
    reader.reportUnknownKeys();
}

std::optional<LinkSpec> readProfileLink(ObjectReader& reader) {
    LinkSpec link;
    const bool named = reader.readString("name", link.name);
    reader.readNumber("gbps", link.gbps, 0, kMaxLinkFigure);
    reader.readNumber("latency_us", link.latencyUs, 0, kMaxLinkFigure);
    reader.reportUnknownKeys();
    return named ? std::optional<LinkSpec>(link) : std::nullopt;
}

void readHeldOut(ObjectReader& reader, CalibrationProfile& profile) {
    double value = 0;
    if (reader.readNumber("mean_error", value, 0, kNoUpperBound)) profile.heldOutMeanError = value;
    if (reader.readNumber("worst_error", value, 0, kNoUpperBound))
        profile.heldOutWorstError = value;
    reader.reportUnknownKeys();
}

void readRuns(ObjectReader& reader, CalibrationProfile& profile, std::vector<Diagnostic>& out) {
    const Json* runs = reader.take("runs");
    if (runs == nullptr) return;
    const std::string pointer = reader.pointerOf("runs");
    if (!runs->is_array()) {
        out.push_back(typeError(pointer, "json.expected_array", *runs));
        return;
    }
    const std::size_t count = std::min(runs->size(), kMaxProfileRuns);
    for (std::size_t i = 0; i < count; ++i) {
        const Json& entry = (*runs)[i];
        const std::string where = pointer + "/" + std::to_string(i);
        if (!entry.is_object()) {
            out.push_back(typeError(where, "json.expected_object", entry));
            continue;
        }
        ObjectReader run(entry, where, out);
        ProfileRun item;
        run.readString("source", item.source);
        run.readString("plan", item.plan);
        run.readNumber("measured_step_s", item.measuredStepS, 0, kNoUpperBound);
        run.readNumber("predicted_step_s", item.predictedStepS, 0, kNoUpperBound);
        double heldOut = 0;
        if (run.readNumber("held_out_error", heldOut, -kNoUpperBound, kNoUpperBound)) {
            item.heldOutError = heldOut;
        }
        run.reportUnknownKeys();
        profile.runs.push_back(std::move(item));
    }
}

nlohmann::ordered_json profileLinkJson(const LinkSpec& link) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    out["name"] = link.name;
    out["gbps"] = link.gbps;
    out["latency_us"] = link.latencyUs;
    return out;
}

}  // namespace

void readProfileObject(ObjectReader& reader, CalibrationProfile& profile,
                       std::vector<Diagnostic>& out) {
    reader.readString("name", profile.name);
    reader.readString("fitted", profile.fitted);
    reader.readString("gpu", profile.gpu);
    if (auto efficiency = reader.section("efficiency"))
        readProfileEfficiency(*efficiency, profile.efficiency);
    if (auto link = reader.section("intra_node")) profile.intraNode = readProfileLink(*link);
    if (auto link = reader.section("inter_node")) profile.interNode = readProfileLink(*link);
    double contention = 0;
    if (reader.readNumber("overlap_contention", contention, 0, 1)) {
        profile.overlapContention = contention;
    }
    if (auto memory = reader.section("memory")) {
        double bytes = 0;
        if (memory->readNumber("framework_bytes", bytes, 0, kMaxFrameworkBytes)) {
            profile.frameworkBytes = static_cast<std::uint64_t>(std::llround(bytes));
        }
        double fragmentation = 0;
        if (memory->readNumber("fragmentation", fragmentation, 0, kMaxFragmentation)) {
            profile.fragmentation = fragmentation;
        }
        memory->reportUnknownKeys();
    }
    if (auto heldOut = reader.section("held_out")) readHeldOut(*heldOut, profile);
    readRuns(reader, profile, out);
    reader.reportUnknownKeys();
}

nlohmann::ordered_json profileJsonValue(const CalibrationProfile& profile, bool withSchema) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    if (withSchema) out["schema"] = "fourfold.profile/1";
    if (!profile.name.empty()) out["name"] = profile.name;
    if (!profile.fitted.empty()) out["fitted"] = profile.fitted;
    if (!profile.gpu.empty()) out["gpu"] = profile.gpu;
    const GpuEfficiency& e = profile.efficiency;
    nlohmann::ordered_json efficiency = nlohmann::ordered_json::object();
    if (e.gemm > 0) efficiency["gemm"] = e.gemm;
    if (e.gemmFp8 > 0) efficiency["gemm_fp8"] = e.gemmFp8;
    if (e.gemmHalfDim > 0) efficiency["gemm_half_dim"] = e.gemmHalfDim;
    if (e.flashAttention > 0) efficiency["flash_attention"] = e.flashAttention;
    if (e.hbm > 0) efficiency["hbm"] = e.hbm;
    if (!efficiency.empty()) out["efficiency"] = std::move(efficiency);
    if (profile.intraNode) out["intra_node"] = profileLinkJson(*profile.intraNode);
    if (profile.interNode) out["inter_node"] = profileLinkJson(*profile.interNode);
    if (profile.overlapContention) out["overlap_contention"] = *profile.overlapContention;
    if (profile.frameworkBytes || profile.fragmentation) {
        nlohmann::ordered_json memory = nlohmann::ordered_json::object();
        if (profile.frameworkBytes) memory["framework_bytes"] = *profile.frameworkBytes;
        if (profile.fragmentation) memory["fragmentation"] = *profile.fragmentation;
        out["memory"] = std::move(memory);
    }
    if (profile.heldOutMeanError || profile.heldOutWorstError) {
        nlohmann::ordered_json heldOut = nlohmann::ordered_json::object();
        if (profile.heldOutMeanError) heldOut["mean_error"] = *profile.heldOutMeanError;
        if (profile.heldOutWorstError) heldOut["worst_error"] = *profile.heldOutWorstError;
        out["held_out"] = std::move(heldOut);
    }
    if (!profile.runs.empty()) {
        nlohmann::ordered_json runs = nlohmann::ordered_json::array();
        for (const ProfileRun& run : profile.runs) {
            nlohmann::ordered_json item = nlohmann::ordered_json::object();
            item["source"] = run.source;
            item["plan"] = run.plan;
            item["measured_step_s"] = run.measuredStepS;
            item["predicted_step_s"] = run.predictedStepS;
            if (run.heldOutError) item["held_out_error"] = *run.heldOutError;
            runs.push_back(std::move(item));
        }
        out["runs"] = std::move(runs);
    }
    return out;
}

}  // namespace fourfold::core::detail
