// SPDX-License-Identifier: MIT
#include "core/detail/validate/validate_common.h"

#include "core/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace fourfold::core::detail {

void DiagnosticSink::error(std::string path, std::string message) {
    diagnostics_.push_back({Severity::Error, std::move(path), std::move(message), 0, 0});
}

void DiagnosticSink::warning(std::string path, std::string message) {
    diagnostics_.push_back({Severity::Warning, std::move(path), std::move(message), 0, 0});
}

void DiagnosticSink::info(std::string path, std::string message) {
    diagnostics_.push_back({Severity::Info, std::move(path), std::move(message), 0, 0});
}

std::string numberText(std::int64_t value) { return std::to_string(value); }

std::string numberText(double value) {
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "infinity" : "-infinity";
    if (std::fabs(value) >= 1e6) return formatScientific(value);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    return buffer;
}

bool divides(std::int64_t value, std::int64_t total) {
    return value > 0 && total > 0 && total % value == 0;
}

std::string divisorsText(std::int64_t total, int limit) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t d = 1; d * d <= total && d <= 1'000'000; ++d) {
        if (total % d != 0) continue;
        divisors.push_back(d);
        if (d != total / d) divisors.push_back(total / d);
    }
    std::sort(divisors.begin(), divisors.end());
    std::string text;
    const std::size_t shown = std::min(divisors.size(), static_cast<std::size_t>(limit));
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0) text += (i + 1 == shown && shown == divisors.size()) ? " or " : ", ";
        text += std::to_string(divisors[i]);
    }
    if (shown < divisors.size()) text += ", ...";
    return text;
}

double shapeParameterEstimate(const ModelSpec& m) {
    const double h = m.hidden;
    const double headDim = m.heads > 0 ? h / m.heads : h;
    const double kv = static_cast<double>(m.kvHeads) * headDim;
    const double attention = 2.0 * h * h + 2.0 * h * kv;
    const double matrices = m.mlp == MlpKind::Swiglu ? 3.0 : 2.0;
    double mlp = matrices * h * m.ffnHidden;
    if (m.moe.experts > 1) {
        const double ffn = m.moe.expertFfnHidden > 0 ? m.moe.expertFfnHidden : m.ffnHidden;
        mlp = static_cast<double>(m.moe.experts) * (matrices * h * ffn + h);
    }
    const double embeddings = (m.tiedEmbeddings ? 1.0 : 2.0) * m.vocab * h;
    return static_cast<double>(m.layers) * (attention + mlp + 2.0 * h) + embeddings + h;
}

}  // namespace fourfold::core::detail
