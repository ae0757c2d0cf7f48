// SPDX-License-Identifier: MIT
#include "core/plan/calibration_profile.h"

#include "core/plan/catalog.h"
#include "core/plan/detail/profile_json.h"
#include "core/plan/plan_json.h"
#include "core/plan/plan_json_fields.h"
#include "core/plan/plan_json_text.h"
#include "core/text/coded_text.h"

#include <exception>

namespace fourfold::core {
namespace {

// Deep enough for every profile value (/runs/N/held_out_error is depth 3).
constexpr int kProfilePositionDepth = 4;

std::string shownPath(const std::string& path) {
    return detail::shortenUtf8(detail::sanitizeUtf8(path), 200);
}

double orProfile(double own, double fitted) { return own > 0 ? own : (fitted > 0 ? fitted : own); }

// A link takes the profile's figures when it has the profile link's name and its own figures
// are not the plan's: it is the catalog's preset of that name, or no preset has that name.
void applyLink(LinkSpec& link, const std::optional<LinkSpec>& fitted) {
    if (!fitted || fitted->name != link.name) return;
    if (const auto preset = findLinkPreset(link.name); preset && preset->spec != link) return;
    link.gbps = fitted->gbps;
    link.latencyUs = fitted->latencyUs;
}

}  // namespace

ProfileParse parseProfile(std::string_view text) {
    ProfileParse result;
    try {
        JsonObjectParse read = parseJsonObjectText(text, kMaxProfileBytes);
        result.diagnostics = std::move(read.diagnostics);
        if (!read.document) return result;
        checkFileSchema(*read.document, kProfileSchema, "profile", result.diagnostics);
        if (hasErrors(result.diagnostics)) return result;
        CalibrationProfile profile;
        detail::ObjectReader reader(*read.document, "", result.diagnostics);
        (void)reader.take("schema");
        detail::readProfileObject(reader, profile, result.diagnostics);
        if (!hasErrors(result.diagnostics)) result.profile = std::move(profile);
        attachTextPositions(text, result.diagnostics, kProfilePositionDepth);
    } catch (const std::exception& error) {
        result.profile.reset();
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "json.file_read_failure",
                           {{"detail", detail::sanitizeUtf8(error.what())}}));
    }
    return result;
}

std::string profileToJson(const CalibrationProfile& profile) {
    return detail::profileJsonValue(profile, true)
               .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
}

bool profileFitsGpu(const CalibrationProfile& profile, const GpuSpec& gpu) {
    return !profile.gpu.empty() && profile.gpu == gpu.name;
}

Plan applyProfile(const Plan& plan, const CalibrationProfile& profile) {
    Plan applied = plan;
    if (profileFitsGpu(profile, plan.cluster.gpu)) {
        GpuEfficiency& own = applied.cluster.gpuEfficiency;
        const GpuEfficiency& fitted = profile.efficiency;
        own.gemm = orProfile(own.gemm, fitted.gemm);
        own.gemmFp8 = orProfile(own.gemmFp8, fitted.gemmFp8);
        own.gemmHalfDim = orProfile(own.gemmHalfDim, fitted.gemmHalfDim);
        own.flashAttention = orProfile(own.flashAttention, fitted.flashAttention);
        own.hbm = orProfile(own.hbm, fitted.hbm);
    }
    applyLink(applied.cluster.intraNode, profile.intraNode);
    applyLink(applied.cluster.interNode, profile.interNode);
    const Plan defaults;
    if (profile.overlapContention &&
        plan.performance.overlapContention == defaults.performance.overlapContention) {
        applied.performance.overlapContention = *profile.overlapContention;
    }
    if (profile.frameworkBytes && plan.memory.frameworkBytes == defaults.memory.frameworkBytes) {
        applied.memory.frameworkBytes = *profile.frameworkBytes;
    }
    if (profile.fragmentation && plan.memory.fragmentation == defaults.memory.fragmentation) {
        applied.memory.fragmentation = *profile.fragmentation;
    }
    return applied;
}

Plan applyProfile(const Plan& plan) {
    const auto& profile = plan.cluster.profile.profile;
    return profile ? applyProfile(plan, *profile) : plan;
}

void attachProfile(Plan& plan, std::string_view text, std::vector<Diagnostic>& out) {
    ProfileParse parse = parseProfile(text);
    const std::string& path = plan.cluster.profile.path;
    for (const Diagnostic& problem : parse.diagnostics) {
        if (problem.severity != Severity::Error) continue;
        // The first problem, with its place in the profile file and its own code, so that the
        // sentence renders whole in any language.
        DiagnosticArgs args{{"path", shownPath(path)},
                            {"line", std::int64_t{problem.line}},
                            {"column", std::int64_t{problem.column}},
                            {"reason", problem.message}};
        appendCodedArgs(args, "reason", CodedText{problem.code, problem.args});
        out.push_back(makeDiagnostic(Severity::Warning, "/cluster/profile",
                                     "cluster.profile_invalid", std::move(args)));
        return;
    }
    plan.cluster.profile.profile = std::move(parse.profile);
}

Diagnostic profileUnreadable(const std::string& path, const std::string& reason) {
    return makeDiagnostic(Severity::Warning, "/cluster/profile", "cluster.profile_unreadable",
                          {{"path", shownPath(path)}, {"reason", reason}});
}

}  // namespace fourfold::core
