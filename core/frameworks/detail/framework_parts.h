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

// The largest integer a config may give a plan field (the plan's counts are ints): a value past
// it is refused with an error, never cut short.
inline constexpr std::int64_t kMaxConfigInteger = std::numeric_limits<int>::max();

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
    // A positive integer no larger than kMaxConfigInteger (-1 too when allowed); std::nullopt
    // when the value is absent, and an error naming it when it is something else.
    [[nodiscard]] std::optional<std::int64_t> integer(std::string_view name,
                                                      bool allowMinusOne = false) {
        return readInteger(name, allowMinusOne);
    }
    // Copies integer(name) into a plan field and records `pointer` as carried ("" carries none).
    void read(std::string_view name, int& field, std::string_view pointer);

protected:
    [[nodiscard]] virtual std::optional<std::int64_t> readInteger(std::string_view name,
                                                                  bool allowMinusOne) = 0;

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

// Sets micro-batch and gradient accumulation from a global batch and the dp in force
// (global = micro × accumulation × dp); an error naming all three when it does not divide.
void setBatchFromGlobal(ImportBuilder& builder, std::int64_t globalBatch, std::string_view path);

// Plan fields (JSON pointers with values, "/parallel/zero_stage = 2") that `reimported` does
// not give back from `original`: fields outside `carried`, or carried with another value.
// Only the run's sections count (model, training, parallel, cluster size); the planner's own
// sections (hardware, memory options, measurements) are named once at the end.
[[nodiscard]] std::vector<std::string> unexpressedFields(const Plan& original,
                                                         const PlanImport& reimported);

}  // namespace fourfold::core::detail
