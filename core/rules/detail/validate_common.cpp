// SPDX-License-Identifier: MIT
#include "core/rules/validate_parts.h"
#include "core/text/coded_text.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace fourfold::core::detail {

void DiagnosticSink::add(Severity severity, std::string path, std::string code,
                         DiagnosticArgs args) {
    if (keep_ == Keep::Everything) {
        diagnostics_.push_back(
            makeDiagnostic(severity, std::move(path), std::move(code), std::move(args)));
        return;
    }
    if (keep_ == Keep::Errors && severity != Severity::Error) return;
    if (keep_ == Keep::Problems && severity == Severity::Info) return;
    if (full()) return;
    Diagnostic diagnostic;
    diagnostic.severity = severity;
    diagnostic.path = std::move(path);
    diagnostic.code = std::move(code);
    if (keep_ == Keep::First) diagnostic.args = std::move(args);
    diagnostics_.push_back(std::move(diagnostic));
}

void DiagnosticSink::error(std::string path, std::string code, DiagnosticArgs args) {
    add(Severity::Error, std::move(path), std::move(code), std::move(args));
}

void DiagnosticSink::warning(std::string path, std::string code, DiagnosticArgs args) {
    add(Severity::Warning, std::move(path), std::move(code), std::move(args));
}

void DiagnosticSink::info(std::string path, std::string code, DiagnosticArgs args) {
    add(Severity::Info, std::move(path), std::move(code), std::move(args));
}

bool checkRange(DiagnosticSink& sink, std::string_view rangePointer, double value,
                const std::string& path) {
    const KeyRange* range = findKeyRange(rangePointer);
    if (range == nullptr || inRange(*range, value)) return true;
    const std::string where = path.empty() ? std::string(rangePointer) : path;
    const std::string key(rangePointer.substr(rangePointer.rfind('/') + 1));
    const bool whole = range->integer && std::isfinite(value) && std::floor(value) == value &&
                       std::fabs(value) < 9e18;
    const auto number = [&](double v) {
        return whole || range->integer ? DiagnosticArg("", static_cast<std::int64_t>(v))
                                       : DiagnosticArg("", v);
    };
    DiagnosticArgs args;
    args.emplace_back("key", key);
    DiagnosticArg shown = whole ? number(value) : DiagnosticArg("", value);
    shown.name = "value";
    args.push_back(shown);
    DiagnosticArg minimum = number(range->minimum);
    minimum.name = "minimum";
    args.push_back(minimum);
    DiagnosticArg maximum = number(range->maximum);
    maximum.name = "maximum";
    args.push_back(maximum);
    sink.error(where, range->minimumExclusive ? "range.above_minimum" : "range.out_of_range",
               std::move(args));
    return false;
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

namespace {

// The divisors of a positive number, ascending (those up to 10^6 and their partners).
std::vector<std::int64_t> divisorsOf(std::int64_t total) {
    std::vector<std::int64_t> divisors;
    for (std::int64_t d = 1; d * d <= total && d <= 1'000'000; ++d) {
        if (total % d != 0) continue;
        divisors.push_back(d);
        if (d != total / d) divisors.push_back(total / d);
    }
    std::sort(divisors.begin(), divisors.end());
    return divisors;
}

// The divisors as a coded text: "{list} or {last}", or "{list}, ..." when cut at `limit`.
CodedText choicesText(std::int64_t total, int limit) {
    const std::vector<std::int64_t> divisors = divisorsOf(total);
    const std::size_t shown = std::min(divisors.size(), static_cast<std::size_t>(limit));
    const bool whole = shown == divisors.size();
    std::string list;
    for (std::size_t i = 0; i + (whole ? 1 : 0) < shown; ++i) {
        if (!list.empty()) list += ", ";
        list += std::to_string(divisors[i]);
    }
    if (!whole) return {"text.choices_more", {{"list", list}}};
    if (shown <= 1) return {"text.choice", {{"value", divisors.empty() ? 0 : divisors.front()}}};
    return {"text.choices", {{"list", list}, {"last", divisors[shown - 1]}}};
}

}  // namespace

std::string divisorsText(std::int64_t total, int limit) {
    return renderCodedText(choicesText(total, limit), Language::English);
}

void addChoices(DiagnosticArgs& args, std::int64_t total, int limit) {
    const CodedText choices = choicesText(total, limit);
    args.emplace_back("choices", renderCodedText(choices, Language::English));
    appendCodedArgs(args, "choices", choices);
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
