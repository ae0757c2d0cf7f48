// SPDX-License-Identifier: MIT
// Shared pieces of validate(): the diagnostic collector, number text for messages and the
// limits beyond which a size is absurd. Paths are JSON pointers spelled as PLAN_FORMAT.md keys.
// All arithmetic on user numbers is done in double or 64-bit integers so nothing overflows.
#pragma once

#include "core/diagnostic.h"
#include "core/plan.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace fourfold::core::detail {

// Beyond these a value is a typo, not a plan (10^14 parameters is 500 x the largest models).
inline constexpr double kMaxParameters = 1e14;
inline constexpr int kMaxLayers = 100'000;
inline constexpr int kMaxHidden = 1'000'000;
inline constexpr int kMaxFfnHidden = 10'000'000;
inline constexpr int kMaxVocab = 100'000'000;
inline constexpr int kMaxSequence = 100'000'000;
inline constexpr int kMaxExperts = 1'000'000;
inline constexpr double kMaxRanks = 1e6;           // per degree and for the world size
inline constexpr int kMaxBatchFactor = 1'000'000;  // micro-batch, accumulation
inline constexpr int kMaxGpusPerNode = 10'000;
inline constexpr int kMaxNodes = 1'000'000;
inline constexpr double kMaxGpuBytes = 1e15;  // 1 PB on one GPU
inline constexpr double kMaxTflops = 1e6;     // an exaFLOP/s on one GPU
inline constexpr double kMaxLinkGbps = 1e6;
inline constexpr double kMaxLatencyUs = 1e6;
inline constexpr double kMaxMemoryShare = 0.9;  // fragmentation, safety margin

class DiagnosticSink {
public:
    void error(std::string path, std::string message);
    void warning(std::string path, std::string message);
    void info(std::string path, std::string message);
    [[nodiscard]] std::vector<Diagnostic> take() { return std::move(diagnostics_); }

private:
    std::vector<Diagnostic> diagnostics_;
};

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

// The shape's own parameter count in double (dense or MoE, tied or not); for absurd-size checks.
[[nodiscard]] double shapeParameterEstimate(const ModelSpec& model);

void validateModel(const Plan& plan, DiagnosticSink& sink);
void validateTraining(const Plan& plan, DiagnosticSink& sink);
void validateParallel(const Plan& plan, DiagnosticSink& sink);
void validatePipeline(const Plan& plan, DiagnosticSink& sink);
void validateExperts(const Plan& plan, DiagnosticSink& sink);
void validateCluster(const Plan& plan, DiagnosticSink& sink);
void validateMemory(const Plan& plan, DiagnosticSink& sink);

}  // namespace fourfold::core::detail
