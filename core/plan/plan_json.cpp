// SPDX-License-Identifier: MIT
#include "core/plan/plan_json.h"

#include "core/plan/catalog.h"
#include "core/plan/detail/plan_json_migrate.h"
#include "core/plan/detail/plan_json_reader.h"
#include "core/plan/detail/plan_json_writer.h"
#include "core/plan/plan_json_fields.h"
#include "core/plan/plan_json_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>

namespace fourfold::core {
namespace {

using Json = nlohmann::json;

// Enough for any honest mistake; a machine-made file with a million bad keys gets a summary.
constexpr std::size_t kMaxDiagnostics = 100;
// Deep enough for every value a plan has (/measured/peak_bytes_per_stage/N is depth 3).
constexpr int kPositionDepth = 6;

Diagnostic errorAt(std::string_view text, std::size_t offset, std::string code,
                   DiagnosticArgs args = {}) {
    Diagnostic diagnostic = makeDiagnostic(Severity::Error, "", std::move(code), std::move(args));
    const auto position = detail::lineColumnAt(text, offset);
    diagnostic.line = position.line;
    diagnostic.column = position.column;
    return diagnostic;
}

bool startsWithNonFinite(std::string_view rest) {
    for (const std::string_view word : {"NaN", "nan", "Infinity", "-Infinity", "inf", "-inf"}) {
        if (rest.substr(0, word.size()) == word) return true;
    }
    return false;
}

// nlohmann reports "[json.exception.parse_error.101] parse error at line L, column C: syntax
// error while parsing value - DETAIL". Keep DETAIL, made safe to show, and say it plainly.
Diagnostic syntaxError(std::string_view text, const Json::parse_error& error) {
    std::string_view what = error.what();
    std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
    // "unexpected <token>" comes after a whole token was read: point at its first character.
    if (what.find(" - unexpected ") != std::string_view::npos)
        offset = detail::tokenStart(text, offset);
    // A bad UTF-8 sequence is noticed at the byte after its lead byte: point at the lead.
    if (what.find("ill-formed UTF-8") != std::string_view::npos) {
        const auto isHigh = [&](std::size_t i) {
            return static_cast<unsigned char>(text[i]) >= 0x80;
        };
        if (offset < text.size() && !isHigh(offset)) {
            for (std::size_t back = 1; back <= 3 && back <= offset && isHigh(offset - back);
                 ++back) {
                if (static_cast<unsigned char>(text[offset - back]) >= 0xC0) {
                    offset -= back;
                    break;
                }
            }
        }
    }
    if (const auto dash = what.find(" - "); dash != std::string_view::npos) {
        what = what.substr(dash + 3);
    } else if (const auto colon = what.find(": "); colon != std::string_view::npos) {
        what = what.substr(colon + 2);
    }
    const std::string detail = detail::shortenUtf8(detail::sanitizeUtf8(what), 160);
    // The parser stops on the first byte of a bad literal, or one past it ("nan").
    const bool nonFinite =
        (offset < text.size() && startsWithNonFinite(text.substr(offset))) ||
        (offset > 0 && offset <= text.size() && startsWithNonFinite(text.substr(offset - 1)));
    std::string code = "json.syntax_error";
    if (what.find("ill-formed UTF-8") != std::string_view::npos) {
        code = "json.syntax_utf8";
    } else if (nonFinite) {
        code = "json.syntax_non_finite";
    } else if (what.find("unexpected end of input") != std::string_view::npos) {
        code = "json.syntax_truncated";
    }
    return errorAt(text, offset, std::move(code), {{"detail", detail}});
}

// A number too large for a double ("1e400") stops the parser with out_of_range 406.
Diagnostic numberOverflow(std::string_view text, const Json::out_of_range& error) {
    std::string_view what = error.what();
    std::size_t offset = 0;
    if (const auto open = what.find('\''); open != std::string_view::npos) {
        const auto close = what.find('\'', open + 1);
        const std::string_view token = what.substr(open + 1, close - open - 1);
        offset = std::min(text.find(token), text.size());
    }
    return errorAt(text, offset, "json.number_too_large",
                   {{"detail", detail::shortenUtf8(
                                   detail::sanitizeUtf8(what.substr(what.find(']') + 1)), 120)}});
}

std::string_view kindOf(const Json& value) {
    if (value.is_array()) return "an array";
    if (value.is_string()) return "a string";
    if (value.is_boolean()) return "a boolean";
    if (value.is_null()) return "null";
    return "a number";
}

bool looksLikeAPlan(const Json& document) {
    if (document.empty() || document.contains("schema")) return true;
    const auto& keys = detail::planSectionKeys();
    return std::any_of(keys.begin(), keys.end(),
                       [&](const char* key) { return document.contains(key); });
}

void attachPositions(std::string_view text, const detail::ValuePositions& positions,
                     std::vector<Diagnostic>& diagnostics) {
    for (auto& diagnostic : diagnostics) {
        if (diagnostic.line > 0 || diagnostic.path.empty()) continue;
        std::string pointer = diagnostic.path;
        while (!pointer.empty()) {
            if (const auto it = positions.offsets.find(pointer); it != positions.offsets.end()) {
                const auto position = detail::lineColumnAt(text, it->second);
                diagnostic.line = position.line;
                diagnostic.column = position.column;
                break;
            }
            pointer.erase(pointer.rfind('/'));
        }
    }
}

void capDiagnostics(std::vector<Diagnostic>& diagnostics) {
    if (diagnostics.size() <= kMaxDiagnostics) return;
    const auto kept = static_cast<std::ptrdiff_t>(kMaxDiagnostics - 1);
    const bool droppedError = hasErrors({diagnostics.begin() + kept, diagnostics.end()});
    const std::size_t dropped = diagnostics.size() - kMaxDiagnostics + 1;
    diagnostics.erase(diagnostics.begin() + kept, diagnostics.end());
    diagnostics.push_back(makeDiagnostic(droppedError ? Severity::Error : Severity::Warning, "",
                                         "json.more_not_listed", {{"count", dropped}}));
}

// The codes that say what kind of file was refused, and why.
struct RefusalCodes {
    const char* tooLarge;
    const char* empty;
    const char* tooDeep;
    const char* notAnObject;
};
constexpr RefusalCodes kPlanRefusals{"json.too_large", "json.empty", "json.too_deep",
                                     "json.not_an_object"};
constexpr RefusalCodes kFileRefusals{"json.file_too_large", "json.empty_file", "json.file_too_deep",
                                     "json.file_not_an_object"};

// The checks every JSON file read goes through before its reader: size, blank text, nesting,
// syntax and an object at the top.
std::optional<Json> readObjectText(std::string_view text, std::size_t maxBytes,
                                   std::vector<Diagnostic>& out, const RefusalCodes& codes) {
    // Refused before any parsing: no plan comes near this, and a file of megabytes of unknown
    // keys or array entries would otherwise cost time and memory to read.
    if (text.size() > maxBytes) {
        out.push_back(makeDiagnostic(Severity::Error, "", codes.tooLarge,
                                     {{"size", text.size()}, {"limit", maxBytes}}));
        return std::nullopt;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        out.push_back(errorAt(text, 0, codes.empty));
        return std::nullopt;
    }
    {
        DiagnosticArgs args{{"limit", detail::kMaxPlanNesting}};
        if (&codes == &kPlanRefusals) args.emplace_back("needed", 4);
        if (auto deep = detail::jsonNestingError(text, detail::kMaxPlanNesting, codes.tooDeep,
                                                 std::move(args))) {
            out.push_back(std::move(*deep));
            return std::nullopt;
        }
    }
    Json document;
    try {
        document = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& error) {
        out.push_back(syntaxError(text, error));
        return std::nullopt;
    } catch (const Json::out_of_range& error) {
        out.push_back(numberOverflow(text, error));
        return std::nullopt;
    }
    if (!document.is_object()) {
        out.push_back(errorAt(text, text.find_first_not_of(" \t\r\n"), codes.notAnObject,
                              {{"kind", kindOf(document)}}));
        return std::nullopt;
    }
    return document;
}

PlanParse parseText(std::string_view text) {
    PlanParse result;
    auto& out = result.diagnostics;
    auto read = readObjectText(text, kMaxPlanBytes, out, kPlanRefusals);
    if (!read) return result;
    Json& document = *read;
    if (!looksLikeAPlan(document)) {
        out.push_back(errorAt(text, text.find_first_not_of(" \t\r\n"), "json.not_a_plan"));
        return result;
    }
    const auto positions = detail::scanValuePositions(text, kPositionDepth);
    for (const auto& duplicate : positions.duplicates) {
        out.push_back(makeDiagnostic(Severity::Warning, duplicate.pointer, "json.duplicate_key",
                                     {{"pointer", duplicate.pointer}}));
    }
    if (detail::migrateToCurrentSchema(document, out)) {
        Plan plan = detail::readPlanDocument(document, out);
        if (!hasErrors(out)) result.plan = std::move(plan);
    }
    capDiagnostics(out);  // before positions: each lookup walks the text
    attachPositions(text, positions, out);
    return result;
}

}  // namespace

std::string planToJson(const Plan& plan) {
    return detail::planToJsonValue(plan).dump(2, ' ', false,
                                              nlohmann::ordered_json::error_handler_t::replace) +
           "\n";
}

std::string planJsonWithEveryKey() {
    // Each value below is off its default only so that the writer writes the key.
    Plan plan = defaultPlan();
    plan.name = "every key";
    plan.model.parameters = 1;
    plan.training.globalBatch = 1;
    plan.training.finetune = FineTune::Lora;
    plan.training.loraRank = 8;
    plan.training.loraTargets = kLoraQuery | kLoraValue;
    plan.training.basePrecision = Precision::Fp16;
    plan.training.doubleQuant = false;
    plan.training.pagedOptimizer = true;
    plan.training.activationOffload = true;
    plan.training.lossChunks = 8;
    plan.cluster.gpuEfficiency.gemm = 0.5;
    plan.cluster.intraNode.gbps += 1;
    plan.cluster.interNode.gbps += 1;
    plan.measured.peakBytesPerStage = {1};
    plan.measured.stepTimeS = 1;
    plan.measured.tokensPerSPerGpu = 1;
    plan.measured.tflopsPerGpu = 1;
    plan.measured.mfu = 0.5;
    plan.measured.samplesPerS = 1;
    plan.measured.peakBytes = 1;
    plan.performance.tokenBudget = 1;
    plan.checkpoint.restartS = 1;
    plan.performance.overlapContention = 0.25;
    plan.model.moe.sharedExperts = 1;
    plan.model.moe.sharedFfnHidden = 1;
    plan.model.moe.firstDenseLayers = 1;
    plan.model.moe.layerStep = 2;
    plan.model.headDim = 1;
    plan.model.qkNorm = true;
    plan.model.slidingWindow = 1;
    plan.model.fullAttentionEvery = 1;
    plan.model.mla.kvRank = 1;
    plan.model.mtpLayers = 1;
    plan.parallel.gradSync = GradSync::PerStep;
    plan.parallel.paramGather = ParamGather::PerStep;
    plan.parallel.reshardAfterForward = false;
    plan.parallel.firstStageLayers = 1;
    plan.parallel.lastStageLayers = 1;
    plan.parallel.embeddingInSplit = true;
    plan.parallel.lossInSplit = true;
    plan.parallel.pipelineLayout = "E|t|L";
    return planToJson(plan);
}

nlohmann::ordered_json measuredToJson(const MeasuredFigures& measured) {
    return detail::measuredJsonValue(measured);
}

void attachTextPositions(std::string_view text, std::vector<Diagnostic>& diagnostics) {
    if (text.size() > kMaxPlanBytes) return;
    try {
        attachPositions(text, detail::scanValuePositions(text, kPositionDepth), diagnostics);
    } catch (const std::exception&) {
        // Positions are a convenience: text that cannot be scanned keeps line 0.
    }
}

JsonObjectParse parseJsonObjectText(std::string_view text, std::size_t maxBytes) {
    JsonObjectParse result;
    try {
        result.document = readObjectText(text, maxBytes, result.diagnostics, kFileRefusals);
    } catch (const std::exception& error) {
        result.document.reset();
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "json.file_read_failure",
                           {{"detail", detail::sanitizeUtf8(error.what())}}));
    }
    return result;
}

void checkFileSchema(const nlohmann::json& document, std::string_view expected,
                     std::string_view kind, std::vector<Diagnostic>& out) {
    const auto it = document.find("schema");
    if (it == document.end()) return;
    const std::string prefix(kind);
    if (!it->is_string()) {
        out.push_back(detail::typeError("/schema", prefix + ".schema_not_a_string", *it,
                                        {{"schema", std::string(expected)}}));
        return;
    }
    const std::string& schema = it->get_ref<const std::string&>();
    if (schema == expected) return;
    const std::string_view family = expected.substr(0, expected.rfind('/') + 1);
    out.push_back(makeDiagnostic(
        Severity::Error, "/schema",
        prefix + (schema.starts_with(family) ? ".schema_newer" : ".schema_other"),
        {{"found", detail::shortenUtf8(schema, 60)}, {"schema", std::string(expected)}}));
}

void attachTextPositions(std::string_view text, std::vector<Diagnostic>& diagnostics,
                         int maxDepth) {
    try {
        attachPositions(text, detail::scanValuePositions(text, maxDepth), diagnostics);
    } catch (const std::exception&) {
        // As above: text that cannot be scanned keeps line 0.
    }
}

PlanParse parsePlan(std::string_view text) {
    PlanParse result;
    try {
        result = parseText(text);
    } catch (const std::exception& error) {
        result.plan.reset();
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Error, "", "json.read_failure",
                           {{"detail", detail::sanitizeUtf8(error.what())}}));
    } catch (...) {
        result.plan.reset();
        result.diagnostics.push_back(makeDiagnostic(Severity::Error, "", "json.read_failure",
                                                    {{"detail", "unexpected failure"}}));
    }
    capDiagnostics(result.diagnostics);
    return result;
}

}  // namespace fourfold::core
