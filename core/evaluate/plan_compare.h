// SPDX-License-Identifier: MIT
// Two evaluated plans side by side, "A" and "B": their headline figures with B's difference
// from A, the parts of a step, the memory of each pipeline stage by category, and the plan
// fields whose values differ. fourfold-cli compare prints it (text or JSON, schema
// fourfold.compare/1); the app's comparison pane draws it. Every figure is the Evaluation's own
// (evaluate() of each plan); this only lines them up and subtracts.
#pragma once

#include "core/evaluate/evaluation.h"
#include "core/text/language.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fourfold::core {

enum class FigureUnit { Bytes, Seconds, Count, Share, TokensPerSecond, Days, Money };

struct ComparedFigure {
    std::string key;  // as evaluation JSON names the figure: "peak_bytes", "step_time_s", ...
    FigureUnit unit = FigureUnit::Count;
    bool lowerIsBetter = false;
    std::optional<double> a;  // absent when that plan has no such figure
    std::optional<double> b;
    std::optional<double> difference;  // b − a, when both are present
    std::optional<double> relative;    // (b − a) / |a|, when both are present and a ≠ 0
    int better = 0;                    // 1: B's figure is better, −1: A's, 0: equal or unknown

    bool operator==(const ComparedFigure&) const = default;
};

// A stage's memory by category (index = MemoryCategory), without the formulas.
struct StageBytes {
    std::array<std::uint64_t, kMemoryCategoryCount> categories{};
    std::uint64_t totalBytes = 0;
    bool fits = true;

    bool operator==(const StageBytes&) const = default;
};

// One pipeline stage of either plan (a plan with fewer stages has none beyond its last).
struct ComparedStage {
    int stage = 0;
    std::optional<StageBytes> a;
    std::optional<StageBytes> b;

    bool operator==(const ComparedStage&) const = default;
};

// A plan field whose value differs, as the plan JSON writes it (strings without quotes; an
// absent key as "").
struct FieldDifference {
    std::string pointer;  // "/parallel/tp"
    std::string a;
    std::string b;

    bool operator==(const FieldDifference&) const = default;
};

struct PlansCompared {
    std::string titleA;  // planTitle() of each
    std::string titleB;
    std::vector<ComparedFigure> figures;    // headline: world, batch, memory, step, throughput
    std::vector<ComparedFigure> stepParts;  // the critical stage's step, part by part
    std::vector<ComparedStage> stages;      // max(stages of A, stages of B) rows
    std::optional<double> usableBytesA;
    std::optional<double> usableBytesB;
    std::vector<FieldDifference> fields;  // in the plan JSON's key order

    bool operator==(const PlansCompared&) const = default;
};

[[nodiscard]] PlansCompared comparePlans(const Evaluation& a, const Evaluation& b);

// The figure's name in a language ("Peak memory per GPU"), from the "compare.figure." codes.
[[nodiscard]] std::string comparedFigureName(const ComparedFigure& figure, Language language);
// A value of the figure's unit as text ("71.2 GB", "1.23 s", "45.1 %"); the difference with
// its sign ("+3.4 GB", "−0.12 s").
[[nodiscard]] std::string comparedValueText(const ComparedFigure& figure, double value);
[[nodiscard]] std::string comparedDifferenceText(const ComparedFigure& figure);

// schema fourfold.compare/1: the titles, figures, step parts, stages and fields.
[[nodiscard]] nlohmann::ordered_json comparisonToJson(const PlansCompared& compared);
// The same as a plain-text table in a language.
[[nodiscard]] std::string comparisonTable(const PlansCompared& compared, Language language);

}  // namespace fourfold::core
