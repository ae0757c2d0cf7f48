// SPDX-License-Identifier: MIT
// Shared pieces of validate(): the diagnostic collector, number text for messages and the
// limits beyond which a size is absurd. Paths are JSON pointers spelled as PLAN_FORMAT.md keys.
// All arithmetic on user numbers is done in double or 64-bit integers so nothing overflows.
#pragma once

#include "core/plan/plan.h"
#include "core/rules/validate_ranges.h"
#include "core/text/diagnostic.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace fourfold::core::detail {

// Bounds used by the rules below; every key's own range is in core/rules/validate_ranges.h.
inline constexpr double kMaxParameters = kMaxShapeParameters;
inline constexpr double kMaxRanks = kMaxWorldSize;
inline constexpr int kMaxLayers = 100'000;         // as /model/layers
inline constexpr int kMaxBatchFactor = 1'000'000;  // as /training/grad_accumulation
inline constexpr int kMaxGpusPerNode = 10'000;     // as /cluster/gpus_per_node
inline constexpr int kMaxNodes = 1'000'000;        // as /cluster/nodes

class DiagnosticSink {
public:
    enum class Keep {
        Everything,  // every diagnostic, with its English sentence
        Errors,      // errors only, with code, path and args but no sentence (the layout search
                     // asks only whether a plan breaks a rule)
        Problems,    // errors and warnings, likewise without their sentence (the layout search
                     // also drops a layout that a warning speaks against: rejectsLayout)
        First,       // the first diagnostic of any severity, without its sentence
    };
    explicit DiagnosticSink(Keep keep = Keep::Everything) : keep_(keep) {}
    explicit DiagnosticSink(bool errorsOnly)
        : keep_(errorsOnly ? Keep::Errors : Keep::Everything) {}
    void error(std::string path, std::string code, DiagnosticArgs args = {});
    void warning(std::string path, std::string code, DiagnosticArgs args = {});
    void info(std::string path, std::string code, DiagnosticArgs args = {});
    // True once a Keep::First sink holds its diagnostic.
    [[nodiscard]] bool full() const { return keep_ == Keep::First && !diagnostics_.empty(); }
    [[nodiscard]] std::vector<Diagnostic> take() { return std::move(diagnostics_); }

private:
    void add(Severity severity, std::string path, std::string code, DiagnosticArgs args);

    std::vector<Diagnostic> diagnostics_;
    Keep keep_ = Keep::Everything;
};

// Checks a value against the documented range of `rangePointer` (validate_ranges.h) and reports
// it at `path` (the same pointer, or an array element of it). True when in range.
bool checkRange(DiagnosticSink& sink, std::string_view rangePointer, double value,
                const std::string& path = {});

// "8", "-3"; doubles as "0.95", "6.74e9", "NaN".
[[nodiscard]] std::string numberText(std::int64_t value);
[[nodiscard]] std::string numberText(double value);
[[nodiscard]] inline std::string numberText(int value) {
    return numberText(static_cast<std::int64_t>(value));
}

// True when `value` is a positive divisor of `total` (both positive).
[[nodiscard]] bool divides(std::int64_t value, std::int64_t total);

// "1, 2, 4 or 8": the divisors of a positive number (at most `limit`, then "...").
[[nodiscard]] std::string divisorsText(std::int64_t total, int limit = 8);
// The same as the arg "choices" of a diagnostic, in English and as a coded text, so the
// sentence lists them in the reader's language with its own separators and conjunction.
void addChoices(DiagnosticArgs& args, std::int64_t total, int limit = 8);

// The shape's own parameter count in double (dense or MoE, tied or not); for absurd-size checks.
[[nodiscard]] double shapeParameterEstimate(const ModelSpec& model);

// Every rule below, in validate()'s order, into `sink`.
void validateAll(const Plan& plan, DiagnosticSink& sink);

void validateModel(const Plan& plan, DiagnosticSink& sink);
void validateTraining(const Plan& plan, DiagnosticSink& sink);
void validateFineTuning(const Plan& plan, DiagnosticSink& sink);
void validateParallel(const Plan& plan, DiagnosticSink& sink);
void validatePipeline(const Plan& plan, DiagnosticSink& sink);
// The uneven-pipeline keys (first/last stage layers, embedding and loss in the split, layout).
void validatePipelineSplit(const Plan& plan, DiagnosticSink& sink);
void validateExperts(const Plan& plan, DiagnosticSink& sink);
void validateCluster(const Plan& plan, DiagnosticSink& sink);
void validateMemory(const Plan& plan, DiagnosticSink& sink);

}  // namespace fourfold::core::detail
