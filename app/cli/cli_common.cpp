// SPDX-License-Identifier: MIT
#include "app/cli/cli_common.h"

#include "core/plan/calibration_profile.h"
#include "core/plan/plan_json.h"
#include "core/text/atomic_file.h"
#include "core/text/diagnostic_json.h"
#include "core/text/diagnostic_text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#ifndef FOURFOLD_VERSION
#define FOURFOLD_VERSION "unknown"
#endif

namespace fourfold::app {
namespace {

// Reads at most limit + 1 bytes, so /dev/zero or a huge file costs nothing; in pieces, so that
// a small file costs its own size and not the cap's (a log's cap is 512 MiB).
std::optional<std::string> readCapped(std::istream& in, std::size_t limit) {
    constexpr std::size_t kPiece = std::size_t{1} << 16;
    std::string text;
    while (text.size() <= limit) {
        const std::size_t start = text.size();
        const std::size_t want = std::min(kPiece, limit + 1 - start);
        text.resize(start + want);
        in.read(text.data() + start, static_cast<std::streamsize>(want));
        text.resize(start + static_cast<std::size_t>(in.gcount()));
        if (in.bad()) return std::nullopt;
        if (!in) break;
    }
    return text;
}

std::string tooLarge(const std::string& name, std::size_t limit, std::string_view what) {
    return "'" + name + "' is larger than the " + std::to_string(limit) + " bytes " +
           std::string(what) + " may hold";
}

}  // namespace

const char* cliVersion() { return FOURFOLD_VERSION; }

std::string generatorName() { return std::string("fourfold-cli ") + cliVersion(); }

std::string languageChoices() {
    std::string list;
    const std::size_t count = std::size(core::kLanguages);
    for (std::size_t i = 0; i < count; ++i) {
        if (i > 0) list += i + 1 == count ? " or " : ", ";
        list += core::kLanguages[i].code;
    }
    return list;
}

int usageError(std::ostream& err, const std::string& message, const char* help) {
    err << "fourfold-cli: " << message << "\n\n" << help;
    return kExitUsage;
}

bool PlanArgs::has(const std::string& flag) const {
    return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

PlanArgs parsePlanArgs(const std::vector<std::string>& args,
                       const std::vector<std::string>& allowedFlags) {
    PlanArgs parsed;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool takesLanguage =
            std::find(allowedFlags.begin(), allowedFlags.end(), "--lang") != allowedFlags.end();
        if (takesLanguage && (arg == "--lang" || arg.starts_with("--lang="))) {
            std::string value;
            if (arg == "--lang") {
                if (i + 1 >= args.size()) {
                    parsed.error = "--lang needs a language: " + languageChoices();
                    return parsed;
                }
                value = args[++i];
            } else {
                value = arg.substr(7);
            }
            if (!core::parseLanguage(value, &parsed.language)) {
                parsed.error = "unknown language '" + value + "' (use " + languageChoices() + ")";
                return parsed;
            }
        } else if (std::find(allowedFlags.begin(), allowedFlags.end(), arg) != allowedFlags.end()) {
            parsed.flags.push_back(arg);
        } else if (arg.size() > 1 && arg[0] == '-') {
            parsed.error = "unknown option '" + arg + "'";
            return parsed;
        } else if (parsed.plan.empty()) {
            parsed.plan = arg;
        } else {
            parsed.error = "more than one PLAN given ('" + parsed.plan + "', '" + arg + "')";
            return parsed;
        }
    }
    if (parsed.error.empty() && parsed.plan.empty()) parsed.error = "missing PLAN";
    return parsed;
}

ReadResult readInput(const std::string& path, std::size_t limit, std::string_view what) {
    if (path == "-") {
        auto text = readCapped(std::cin, limit);
        if (!text) return {std::nullopt, "cannot read standard input"};
        if (text->size() > limit) return {std::nullopt, tooLarge("<stdin>", limit, what)};
        return {std::move(text), {}};
    }
    std::error_code code;
    if (std::filesystem::is_directory(path, code)) {
        return {std::nullopt, "'" + path + "' is a directory, not " + std::string(what)};
    }
    errno = 0;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        const int error = errno;
        return {std::nullopt, "cannot open '" + path + "' for reading" +
                                  (error != 0 ? std::string(": ") + std::strerror(error) : "")};
    }
    auto text = readCapped(file, limit);
    if (!text) return {std::nullopt, "cannot read '" + path + "'"};
    if (text->size() > limit) return {std::nullopt, tooLarge(path, limit, what)};
    return {std::move(text), {}};
}

LoadedPlan loadPlan(const std::string& path) {
    LoadedPlan loaded;
    ReadResult input = readInput(path, core::kMaxPlanBytes, "a plan file");
    if (!input.text) {
        loaded.fileError = input.error;
        return loaded;
    }
    core::PlanParse parse = core::parsePlan(*input.text);
    loaded.plan = std::move(parse.plan);
    loaded.diagnostics = std::move(parse.diagnostics);
    loaded.text = std::move(*input.text);
    if (loaded.plan) loadProfile(*loaded.plan, path, loaded.diagnostics);
    return loaded;
}

void loadProfile(core::Plan& plan, const std::string& planPath,
                 std::vector<core::Diagnostic>& diagnostics) {
    const std::string& named = plan.cluster.profile.path;
    if (named.empty() || plan.cluster.profile.profile) return;
    // Relative to the plan's file (to the working directory for standard input).
    const std::filesystem::path base =
        planPath == "-" ? std::filesystem::path() : std::filesystem::path(planPath).parent_path();
    const std::filesystem::path given(named);
    const std::string resolved = given.is_absolute() ? named : (base / given).string();
    const ReadResult input = readInput(resolved, core::kMaxProfileBytes, "a profile file");
    if (!input.text) {
        diagnostics.push_back(core::profileUnreadable(named, input.error));
        return;
    }
    core::attachProfile(plan, *input.text, diagnostics);
}

std::string displayName(const std::string& path) { return path == "-" ? "<stdin>" : path; }

int reportUnreadablePlan(std::ostream& out, std::ostream& err, const PlanArgs& parsed,
                         const LoadedPlan& loaded, bool json, const char* schema) {
    if (json) {
        nlohmann::ordered_json j;
        j["schema"] = schema;
        j["generator"] = generatorName();
        j["diagnostics"] = core::diagnosticsToJson(loaded.diagnostics);
        (void)writeJson(out, j);  // diagnostics hold no non-finite numbers
    } else {
        printDiagnostics(err, displayName(parsed.plan), loaded.diagnostics, parsed.language);
    }
    return kExitPlanErrors;
}

void printDiagnostics(std::ostream& err, const std::string& file,
                      const std::vector<core::Diagnostic>& diagnostics, core::Language language) {
    for (const core::Diagnostic& d : diagnostics) {
        err << file;
        if (d.line > 0) err << ":" << d.line << ":" << std::max(d.column, 1);
        err << ": " << core::severityName(d.severity) << ": "
            << (language == core::Language::English ? d.message : core::renderMessage(d, language));
        if (!d.path.empty()) err << " [" << d.path << "]";
        err << "\n";
    }
}

nlohmann::ordered_json stampedJson(const nlohmann::ordered_json& body,
                                   const nlohmann::ordered_json& fields) {
    nlohmann::ordered_json stamped;
    stamped["schema"] = body.value("schema", "");
    stamped["generator"] = generatorName();
    for (const auto& [key, value] : fields.items()) stamped[key] = value;
    for (const auto& [key, value] : body.items()) {
        if (key != "schema") stamped[key] = value;
    }
    return stamped;
}

bool writeOutputFile(const std::string& path, std::string_view bytes, std::ostream& err) {
    const auto failure = core::writeFileAtomically(path, bytes);
    if (!failure) return true;
    err << "fourfold-cli: " << core::writeFailureMessage(path, *failure) << "\n";
    return false;
}

std::optional<std::string> findNonFinite(const nlohmann::ordered_json& value,
                                         const std::string& pointer) {
    if (value.is_number_float()) {
        if (!std::isfinite(value.get<double>())) return pointer.empty() ? "/" : pointer;
    } else if (value.is_object()) {
        for (const auto& [key, item] : value.items()) {
            if (auto found = findNonFinite(item, pointer + "/" + key)) return found;
        }
    } else if (value.is_array()) {
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (auto found = findNonFinite(value[i], pointer + "/" + std::to_string(i))) {
                return found;
            }
        }
    }
    return std::nullopt;
}

std::optional<std::string> writeJson(std::ostream& out, const nlohmann::ordered_json& document) {
    if (auto bad = findNonFinite(document)) return bad;
    out << document.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    return std::nullopt;
}

}  // namespace fourfold::app
