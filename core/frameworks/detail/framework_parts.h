// SPDX-License-Identifier: MIT
// What the importers and exporters behind core/frameworks/frameworks.h share: the plan being
// built with its diagnostics, a launch config's named values, the layout degrees and the global
// batch every launch config sets, and the list of plan fields a file does not carry. Importers
// never throw; every problem becomes a Diagnostic. The formats themselves: framework_table.h.
#pragma once

#include "core/frameworks/frameworks.h"
#include "core/plan/plan.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core::detail {

// The documented range of a plan field (core/rules/validate_ranges.h, docs/plan-format.md) as
// whole numbers: a config value that sets the field, or a figure derived from config values
// that does, must lie within it (docs/frameworks.md, "Ranges"). Every such range fits an int
// or, for the global batch and byte counts, an int64, so a value within it is never cut short.
struct FieldRange {
    std::int64_t minimum = 1;
    std::int64_t maximum = std::numeric_limits<int>::max();
};
// The range of the plan field at `pointer`, which must have one.
[[nodiscard]] FieldRange fieldRange(std::string_view pointer);
// The import_problem.out_of_range text: the file's field `name` (a flag, a TOML key or a JSON
// pointer) holds `found`, a positive integer above `maximum` (the range of the plan field at
// `field`, or a tighter bound the reader derives from it).
[[nodiscard]] CodedText outOfRangeProblem(std::string_view name, const std::string& found,
                                          std::string_view field, std::int64_t maximum);

// A plan being filled in from a file: the fields set so far and the problems met.
struct ImportBuilder {
    Plan plan;
    std::vector<std::string> carried;
    std::vector<Diagnostic> diagnostics;

    void carry(std::string_view pointer);
    // An import.problem error or an import.note about the plan field at `path`, its detail a
    // coded text (import_problem.*, import_note.*): the reader's language renders the whole
    // sentence, never an English detail inside a translated one.
    Diagnostic& error(std::string path, const CodedText& detail);
    void note(std::string path, const CodedText& detail);
    // Sets an int plan field to a figure the file's values give by `formula` ("train_batch_size /
    // (train_micro_batch_size_per_gpu × gradient_accumulation_steps)") and records it carried;
    // an error naming the formula, the figure and the field's range when it falls outside it.
    bool setDerived(int& target, std::int64_t value, std::string_view field,
                    std::string_view formula);
    // The import: the plan when no diagnostic is an error (importPlan sets the format).
    [[nodiscard]] PlanImport finish() &&;
};

// A launch config's values by name (Megatron-LM flags, torchtitan TOML keys), as the importers
// read them into plan fields.
class ConfigValues {
public:
    explicit ConfigValues(ImportBuilder& builder) : builder_(builder) {}
    ConfigValues(const ConfigValues&) = delete;
    ConfigValues& operator=(const ConfigValues&) = delete;
    virtual ~ConfigValues() = default;

    [[nodiscard]] virtual bool has(std::string_view name) const = 0;
    // A positive integer within the range of the plan field at `field` (-1 too when allowed);
    // std::nullopt when the value is absent, and an error naming it, the value and what was
    // expected when it is something else.
    [[nodiscard]] std::optional<std::int64_t> integer(std::string_view name, std::string_view field,
                                                      bool allowMinusOne = false);
    // Copies integer(name, field) into the plan field and, when `carry`, records it as carried.
    void read(std::string_view name, int& target, std::string_view field, bool carry = true);

protected:
    // The value as written (a flag's word, a TOML value), if any: the reader's own part.
    struct Found {
        enum class Kind { Other, Integer, TooLarge };  // TooLarge: a positive integer past int64
        Kind kind = Kind::Other;
        std::int64_t value = 0;  // when Integer
        std::string shown;       // as a message quotes it
    };
    [[nodiscard]] virtual std::optional<Found> find(std::string_view name) const = 0;
    // Reports a problem with the value of `name` (where the file has it, when it knows).
    virtual void fail(std::string_view name, const CodedText& problem) = 0;

    ImportBuilder& builder_;
};

// What a launch config calls the degrees of the layout.
struct DegreeNames {
    std::string_view tp;
    std::string_view pp;
    std::string_view cp;
    std::string_view ep;
    std::string_view etp;         // the expert tensor-parallel degree
    int expertTensorDefault = 0;  // its value when absent; 0: the same as tp
};

// Reads tp, pp, cp and ep (1 when absent) and the expert tensor-parallel degree (kept as 0 when
// it equals tp), sets Megatron-Core's rank order, which torchtitan's device mesh shares, and
// records as carried the layout fields every launch config decides.
void readDegrees(ConfigValues& in, ImportBuilder& builder, const DegreeNames& names);

// Sets gradient accumulation from a global batch (the file's `globalName`) and the micro-batch
// and dp in force (global = micro × accumulation × dp); an error naming all three when it does
// not divide, or the accumulation's range when the quotient falls outside it.
void setBatchFromGlobal(ImportBuilder& builder, std::int64_t globalBatch, std::string_view path,
                        std::string_view globalName);

// Plan fields (JSON pointers with values, "/parallel/zero_stage = 2") that `reimported` does
// not give back from `original`: fields outside `carried`, or carried with another value.
// Only the run's sections count (model, training, parallel, cluster size); the planner's own
// sections (hardware, memory options, measurements) are named once at the end.
[[nodiscard]] std::vector<std::string> unexpressedFields(const Plan& original,
                                                         const PlanImport& reimported);

}  // namespace fourfold::core::detail
