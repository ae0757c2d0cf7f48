// SPDX-License-Identifier: MIT
#include "core/calibrate/calibrate.h"

#include "core/calibrate/detail/bounded_least_squares.h"
#include "core/calibrate/detail/error_summary.h"
#include "core/calibrate/detail/fit_parameters.h"
#include "core/memory/memory_estimate.h"
#include "core/model/model.h"
#include "core/performance/performance.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/plan_title.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <map>
#include <numeric>

namespace fourfold::core {
namespace {

using detail::Jacobian;
using detail::ParameterSpec;

// A parameter is identified when a change of 1 in its offset u (e·θ for a rate; one unit for a
// share) moves the runs' log step times by at least this much (root mean square over the runs),
// and by at least kIndependentShare of that in a direction no parameter fitted before it moves.
constexpr double kMinimumSensitivity = 0.02;
constexpr double kIndependentShare = 0.1;
// The held-out fits start at the full fit and take at most this many chord steps.
constexpr int kHeldOutIterations = 4;

CodedText reason(std::string code, DiagnosticArgs args = {}) {
    return {"calibrate.reason." + std::move(code), std::move(args)};
}

// One run as the fit sees it.
struct RunState {
    const CalibrationRun* run = nullptr;
    ModelReport model;
    std::optional<double> measuredStep;
    MeasuredStepSource stepFrom = MeasuredStepSource::StepTime;
    std::vector<double> measuredStagePeaks;  // per stage; 0 where not measured
    std::optional<double> measuredFullestPeak;
};

class Fit {
public:
    Fit(std::vector<RunState> runs, const Plan& reference)
        : runs_(std::move(runs)), reference_(reference) {}

    [[nodiscard]] const std::vector<RunState>& runs() const { return runs_; }
    [[nodiscard]] const Plan& reference() const { return reference_; }
    [[nodiscard]] int predictions() const { return predictions_; }

    [[nodiscard]] std::optional<double> stepTime(std::size_t run,
                                                 const CalibrationProfile& profile) {
        ++predictions_;
        const Plan plan = applyProfile(runs_[run].run->plan, profile);
        const PerformanceReport report = predictPerformance(plan, memo_);
        if (!std::isfinite(report.stepTimeS) || report.stepTimeS <= 0) return std::nullopt;
        return report.stepTimeS;
    }

    // Every stage's predicted total, bytes.
    [[nodiscard]] std::vector<double> stagePeaks(std::size_t run,
                                                 const CalibrationProfile& profile) {
        ++predictions_;
        const Plan plan = applyProfile(runs_[run].run->plan, profile);
        const MemoryReport memory = detail::estimateStages(plan, runs_[run].model, false);
        std::vector<double> totals;
        for (const StageMemory& stage : memory.stages) {
            totals.push_back(static_cast<double>(stage.totalBytes));
        }
        return totals;
    }

private:
    std::vector<RunState> runs_;
    Plan reference_;
    ScheduleMemo memo_;
    int predictions_ = 0;
};

// The parameters one solver works on, and how u maps to a profile.
struct FreeSet {
    std::vector<CalibrationParameter> parameters;
    std::vector<double> starts;  // θ₀ of each
    std::vector<double> lower;   // in u
    std::vector<double> upper;
};

CalibrationProfile profileAt(const FreeSet& set, const std::vector<double>& u,
                             const Plan& reference, CalibrationProfile profile = {}) {
    profile.gpu = reference.cluster.gpu.name;  // the GPU efficiencies apply to the runs' GPU
    for (std::size_t j = 0; j < set.parameters.size(); ++j) {
        const ParameterSpec& spec = detail::parameterSpec(set.parameters[j]);
        detail::setProfileValue(profile, spec.parameter, detail::valueAt(spec, set.starts[j], u[j]),
                                reference);
    }
    return profile;
}

FreeSet freeSet(const std::vector<CalibrationParameter>& parameters, const Plan& reference) {
    FreeSet set;
    for (const CalibrationParameter parameter : parameters) {
        const ParameterSpec& spec = detail::parameterSpec(parameter);
        const double start = detail::startingValue(parameter, reference);
        set.parameters.push_back(parameter);
        set.starts.push_back(start);
        set.lower.push_back(
            std::min(0.0, detail::offsetOf(spec, start, detail::lowerBound(spec, reference))));
        set.upper.push_back(
            std::max(0.0, detail::offsetOf(spec, start, detail::upperBound(spec, reference))));
    }
    return set;
}

// The residuals of one group (step times or peaks) of the runs in `included`, at u.
struct Residuals {
    Fit* fit = nullptr;
    const FreeSet* set = nullptr;
    bool memory = false;
    CalibrationProfile base;  // the other group's fitted values
    std::vector<std::size_t> included;

    bool operator()(const std::vector<double>& u, std::vector<double>& out) const {
        out.clear();
        const CalibrationProfile profile = profileAt(*set, u, fit->reference(), base);
        for (const std::size_t run : included) {
            const RunState& state = fit->runs()[run];
            if (!memory) {
                if (!state.measuredStep) continue;
                const auto predicted = fit->stepTime(run, profile);
                if (!predicted) return false;
                out.push_back(std::log(*predicted / *state.measuredStep));
                continue;
            }
            if (state.measuredStagePeaks.empty() && !state.measuredFullestPeak) continue;
            const std::vector<double> totals = fit->stagePeaks(run, profile);
            if (totals.empty()) return false;
            if (state.measuredFullestPeak) {
                out.push_back(std::log(*std::max_element(totals.begin(), totals.end()) /
                                       *state.measuredFullestPeak));
            }
            // measuredStagePeaks has at most one entry per stage (stateOf).
            for (std::size_t stage = 0; stage < state.measuredStagePeaks.size(); ++stage) {
                if (state.measuredStagePeaks[stage] <= 0) continue;
                if (stage >= totals.size() || totals[stage] <= 0) return false;
                out.push_back(std::log(totals[stage] / state.measuredStagePeaks[stage]));
            }
        }
        return true;
    }
};

detail::LeastSquaresProblem problemOf(const FreeSet& set, Residuals residuals) {
    detail::LeastSquaresProblem problem;
    problem.parameters = set.parameters.size();
    problem.lower = set.lower;
    problem.upper = set.upper;
    problem.residuals = std::move(residuals);
    return problem;
}

bool hasStep(const RunState& state) { return state.measuredStep.has_value(); }
bool hasPeak(const RunState& state) {
    return state.measuredFullestPeak.has_value() || !state.measuredStagePeaks.empty();
}

// Why a parameter cannot be fitted from these runs, before any number is computed.
std::optional<CodedText> structuralReason(CalibrationParameter parameter,
                                          const std::vector<RunState>& runs) {
    const auto any = [&](auto predicate) {
        return std::any_of(runs.begin(), runs.end(),
                           [&](const RunState& state) { return predicate(state.run->plan); });
    };
    const auto usesFp8 = [](const Plan& plan) {
        return plan.training.precision == Precision::Fp8 && plan.cluster.gpu.peakTflops.fp8 > 0;
    };
    const auto sameLinks = [&](bool intra) {
        const LinkSpec& first = intra ? runs.front().run->plan.cluster.intraNode
                                      : runs.front().run->plan.cluster.interNode;
        return !any([&](const Plan& plan) {
            return (intra ? plan.cluster.intraNode : plan.cluster.interNode) != first;
        });
    };
    const bool memory = detail::parameterSpec(parameter).memory;
    if (memory && std::none_of(runs.begin(), runs.end(), hasPeak)) return reason("no_peak");
    if (!memory && std::none_of(runs.begin(), runs.end(), hasStep)) return reason("no_step");
    switch (parameter) {
        case CalibrationParameter::Gemm:
            if (!any([&](const Plan& plan) { return !usesFp8(plan); })) return reason("all_fp8");
            break;
        case CalibrationParameter::GemmFp8:
            if (!any(usesFp8)) return reason("no_fp8");
            break;
        case CalibrationParameter::FlashAttention:
            if (!any([](const Plan& plan) { return plan.training.flashAttention; })) {
                return reason("no_flash");
            }
            break;
        case CalibrationParameter::IntraNodeGbps:
        case CalibrationParameter::IntraNodeLatency:
            if (!any([](const Plan& plan) {
                    return plan.cluster.gpusPerNode > 1 && worldSize(plan) > 1;
                })) {
                return reason("one_gpu_per_node");
            }
            if (!sameLinks(true)) return reason("mixed_links");
            break;
        case CalibrationParameter::InterNodeGbps:
        case CalibrationParameter::InterNodeLatency:
            if (!any([](const Plan& plan) { return worldSize(plan) > plan.cluster.gpusPerNode; })) {
                return reason("single_node");
            }
            if (!sameLinks(false)) return reason("mixed_links");
            break;
        default:
            break;
    }
    return std::nullopt;
}

// Column-pivoted Gram–Schmidt on the Jacobian at the start: the parameters in the order their
// effect explains the most, each kept while it is large and not a mix of those kept before.
// Returns the indices kept; `why` gets the reason of each one dropped.
std::vector<std::size_t> identifiable(const Jacobian& jacobian, std::size_t parameters,
                                      std::size_t maxFree,
                                      const std::vector<CalibrationParameter>& names,
                                      std::vector<std::optional<CodedText>>& why) {
    const std::size_t rows = jacobian.size();
    std::vector<std::vector<double>> columns(parameters, std::vector<double>(rows, 0.0));
    for (std::size_t i = 0; i < rows; ++i) {
        for (std::size_t j = 0; j < parameters; ++j) columns[j][i] = jacobian[i][j];
    }
    const auto rms = [&](const std::vector<double>& column) {
        const double sum = std::inner_product(column.begin(), column.end(), column.begin(), 0.0);
        return rows > 0 ? std::sqrt(sum / static_cast<double>(rows)) : 0.0;
    };
    std::vector<double> own(parameters);
    for (std::size_t j = 0; j < parameters; ++j) own[j] = rms(columns[j]);
    std::vector<std::size_t> kept;
    std::vector<bool> done(parameters, false);
    for (std::size_t j = 0; j < parameters; ++j) {
        if (own[j] < kMinimumSensitivity) {
            why[j] = reason("insensitive", {{"threshold", "2 %"}});
            done[j] = true;
        }
    }
    for (std::size_t round = 0; round < parameters; ++round) {
        std::size_t best = parameters;
        double bestNorm = 0;
        for (std::size_t j = 0; j < parameters; ++j) {
            if (done[j]) continue;
            const double norm = rms(columns[j]);
            if (norm > bestNorm) {
                bestNorm = norm;
                best = j;
            }
        }
        if (best == parameters) break;
        done[best] = true;
        if (bestNorm < std::max(kMinimumSensitivity, kIndependentShare * own[best])) {
            // The largest remaining effect is mostly a mix of those kept: so is every other one.
            std::string with;
            for (const std::size_t k : kept) {
                with += (with.empty() ? "" : ", ") + std::string(calibrationParameterKey(names[k]));
            }
            for (std::size_t j = 0; j < parameters; ++j) {
                if (why[j] || std::find(kept.begin(), kept.end(), j) != kept.end()) continue;
                why[j] = reason("collinear", {{"with", with}});
            }
            break;
        }
        if (kept.size() >= maxFree) {
            for (std::size_t j = 0; j < parameters; ++j) {
                if (why[j] || std::find(kept.begin(), kept.end(), j) != kept.end()) continue;
                why[j] =
                    reason("too_few_runs", {{"measurements", static_cast<std::int64_t>(rows)},
                                            {"fitted", static_cast<std::int64_t>(kept.size())}});
            }
            break;
        }
        kept.push_back(best);
        const std::vector<double> basis = columns[best];
        const double basisNorm = std::inner_product(basis.begin(), basis.end(), basis.begin(), 0.0);
        for (std::size_t j = 0; j < parameters; ++j) {
            if (done[j] || basisNorm <= 0) continue;
            const double projection =
                std::inner_product(columns[j].begin(), columns[j].end(), basis.begin(), 0.0) /
                basisNorm;
            for (std::size_t i = 0; i < rows; ++i) columns[j][i] -= projection * basis[i];
        }
    }
    std::sort(kept.begin(), kept.end());
    return kept;
}

// One group of parameters fitted: which, their offsets, and the Jacobian at the optimum.
struct GroupFit {
    FreeSet set;
    std::vector<double> u;
    Jacobian jacobian;                // rows: the group's residuals, in run order
    std::vector<std::size_t> rowsOf;  // residual rows of each run: [begin, end) as two entries
};

class Calibrator {
public:
    Calibrator(Fit& fit, const CalibrationOptions& options, Calibration& result)
        : fit_(fit), options_(options), result_(result) {}

    // Selects and fits the parameters of one group; fills result_.parameters for them.
    GroupFit fitGroup(bool memory, const CalibrationProfile& base) {
        GroupFit group;
        std::vector<CalibrationParameter> candidates;
        for (const ParameterSpec& spec : detail::parameterSpecs()) {
            if (spec.memory != memory) continue;
            FittedParameter& entry = result_.parameters[static_cast<std::size_t>(spec.parameter)];
            if (const auto why = structuralReason(spec.parameter, fit_.runs())) {
                entry.reason = *why;
                continue;
            }
            candidates.push_back(spec.parameter);
        }
        std::vector<std::size_t> all(fit_.runs().size());
        std::iota(all.begin(), all.end(), 0);
        if (candidates.empty()) return group;
        const FreeSet candidateSet = freeSet(candidates, fit_.reference());
        Residuals residuals{&fit_, &candidateSet, memory, base, all};
        const auto problem = problemOf(candidateSet, residuals);
        std::vector<double> start(candidates.size(), 0.0);
        std::vector<double> atStart;
        int evaluations = 0;
        if (!residuals(start, atStart)) return group;
        const auto jacobian =
            detail::differenceJacobian(problem, start, atStart, 0.02, evaluations);
        if (!jacobian) return group;
        std::vector<std::optional<CodedText>> why(candidates.size());
        // Two measurements per parameter at least, so that every held-out fit is still
        // determined (with 3 runs, 1 parameter: over all 220 triples of the NeMo rows the
        // held-out mean was 5.2 % this way and 6.7 % with 2).
        const std::size_t maxFree = std::max<std::size_t>(1, atStart.size() / 2);
        const std::vector<std::size_t> kept =
            identifiable(*jacobian, candidates.size(), maxFree, candidates, why);
        std::vector<CalibrationParameter> chosen;
        for (std::size_t j = 0; j < candidates.size(); ++j) {
            FittedParameter& entry = result_.parameters[static_cast<std::size_t>(candidates[j])];
            if (std::find(kept.begin(), kept.end(), j) != kept.end()) {
                chosen.push_back(candidates[j]);
            } else if (why[j]) {
                entry.reason = *why[j];
            }
        }
        group.set = freeSet(chosen, fit_.reference());
        if (chosen.empty()) return group;
        Residuals free{&fit_, &group.set, memory, base, all};
        detail::LeastSquaresOptions solverOptions;
        solverOptions.maxIterations = options_.maxIterations;
        const auto solved = detail::solveBoundedLeastSquares(
            problemOf(group.set, free), std::vector<double>(chosen.size(), 0.0), solverOptions);
        if (!solved) return group;
        group.u = solved->u;
        group.jacobian = solved->jacobian;
        // The Jacobian the solver kept is from its last iteration; the held-out fits need it at
        // the optimum.
        int more = 0;
        if (auto atOptimum = detail::differenceJacobian(problemOf(group.set, free), group.u,
                                                        solved->residuals, 0.02, more)) {
            group.jacobian = std::move(*atOptimum);
        }
        for (std::size_t j = 0; j < chosen.size(); ++j) {
            FittedParameter& entry = result_.parameters[static_cast<std::size_t>(chosen[j])];
            entry.fitted = true;
            entry.reason = {};
            entry.after =
                detail::valueAt(detail::parameterSpec(chosen[j]), group.set.starts[j], group.u[j]);
        }
        // Which residual rows belong to each run, for the held-out fits.
        std::size_t row = 0;
        for (const RunState& state : fit_.runs()) {
            group.rowsOf.push_back(row);
            if (!memory) {
                row += hasStep(state) ? 1 : 0;
            } else {
                row += state.measuredFullestPeak ? 1 : 0;
                for (double peak : state.measuredStagePeaks) row += peak > 0 ? 1 : 0;
            }
        }
        group.rowsOf.push_back(row);
        return group;
    }

    // The offsets fitted without run `left`, starting at the full fit, by chord steps.
    std::vector<double> heldOutOffsets(const GroupFit& group, bool memory,
                                       const CalibrationProfile& base, std::size_t left) {
        if (group.set.parameters.empty()) return {};
        std::vector<std::size_t> included;
        for (std::size_t run = 0; run < fit_.runs().size(); ++run) {
            if (run != left) included.push_back(run);
        }
        Jacobian rows;
        for (std::size_t i = 0; i < group.jacobian.size(); ++i) {
            if (i >= group.rowsOf[left] && i < group.rowsOf[left + 1]) continue;
            rows.push_back(group.jacobian[i]);
        }
        Residuals residuals{&fit_, &group.set, memory, base, included};
        detail::LeastSquaresOptions options;
        options.maxIterations = kHeldOutIterations;
        options.maxRejections = 3;
        options.jacobian = std::move(rows);
        const auto solved =
            detail::solveBoundedLeastSquares(problemOf(group.set, residuals), group.u, options);
        return solved ? solved->u : group.u;
    }

private:
    Fit& fit_;
    const CalibrationOptions& options_;
    Calibration& result_;
};

// The runs on the GPU most of them use; the others are left out with a warning.
std::vector<const CalibrationRun*> runsOnOneGpu(const std::vector<CalibrationRun>& runs,
                                                std::vector<Diagnostic>& out) {
    std::map<std::string, int> counts;
    for (const CalibrationRun& run : runs) ++counts[run.plan.cluster.gpu.name];
    std::string gpu;
    int most = 0;
    for (const CalibrationRun& run : runs) {  // ties: the first run's GPU
        if (counts[run.plan.cluster.gpu.name] > most) {
            most = counts[run.plan.cluster.gpu.name];
            gpu = run.plan.cluster.gpu.name;
        }
    }
    std::vector<const CalibrationRun*> kept;
    for (const CalibrationRun& run : runs) {
        if (run.plan.cluster.gpu.name == gpu) {
            kept.push_back(&run);
        } else {
            out.push_back(makeDiagnostic(Severity::Warning, run.pointer, "calibration.other_gpu",
                                         {{"pointer", run.pointer},
                                          {"gpu", run.plan.cluster.gpu.name},
                                          {"profile_gpu", gpu}}));
        }
    }
    return kept;
}

std::optional<RunState> stateOf(const CalibrationRun& run, std::vector<Diagnostic>& out) {
    RunState state;
    state.run = &run;
    state.model = analyzeModel(run.plan);
    const PerformanceReport before = predictPerformance(run.plan);
    if (const auto step = measuredStepTime(run.measured, run.plan, before)) {
        state.measuredStep = step->seconds;
        state.stepFrom = step->source;
    }
    const auto stages = static_cast<std::size_t>(std::max(1, run.plan.parallel.pp));
    for (const std::uint64_t peak : run.measured.peakBytesPerStage) {
        if (state.measuredStagePeaks.size() == stages) break;
        state.measuredStagePeaks.push_back(static_cast<double>(peak));
    }
    if (run.measured.peakBytes && *run.measured.peakBytes > 0) {
        state.measuredFullestPeak = static_cast<double>(*run.measured.peakBytes);
    }
    if (!hasStep(state) && !hasPeak(state)) {
        out.push_back(makeDiagnostic(Severity::Warning, run.pointer, "calibration.run_unused",
                                     {{"pointer", run.pointer}}));
        return std::nullopt;
    }
    return state;
}

double fullest(const std::vector<double>& totals) {
    return totals.empty() ? 0.0 : *std::max_element(totals.begin(), totals.end());
}

std::optional<double> measuredFullest(const RunState& state) {
    if (state.measuredFullestPeak) return state.measuredFullestPeak;
    if (state.measuredStagePeaks.empty()) return std::nullopt;
    return fullest(state.measuredStagePeaks);
}

Calibration run(const std::vector<CalibrationRun>& input, const CalibrationOptions& options) {
    Calibration result;
    result.parameters.resize(kCalibrationParameters);
    std::vector<RunState> states;
    for (const CalibrationRun* run : runsOnOneGpu(input, result.diagnostics)) {
        if (auto state = stateOf(*run, result.diagnostics)) states.push_back(std::move(*state));
    }
    if (states.empty()) {
        result.diagnostics.push_back(makeDiagnostic(Severity::Error, "", "calibration.no_runs"));
        return result;
    }
    const Plan reference = states.front().run->plan;
    for (std::size_t p = 0; p < kCalibrationParameters; ++p) {
        const auto parameter = static_cast<CalibrationParameter>(p);
        const ParameterSpec& spec = detail::parameterSpec(parameter);
        FittedParameter& entry = result.parameters[p];
        entry.parameter = parameter;
        entry.before = entry.after = detail::startingValue(parameter, reference);
        entry.lower = detail::lowerBound(spec, reference);
        entry.upper = detail::upperBound(spec, reference);
    }
    Fit fit(std::move(states), reference);
    Calibrator calibrator(fit, options, result);
    const GroupFit time = calibrator.fitGroup(false, {});
    CalibrationProfile timeProfile = profileAt(time.set, time.u, reference);
    const GroupFit memory = calibrator.fitGroup(true, timeProfile);
    CalibrationProfile profile = profileAt(memory.set, memory.u, reference, timeProfile);

    for (std::size_t i = 0; i < fit.runs().size(); ++i) {
        const RunState& state = fit.runs()[i];
        CalibrationRow row;
        row.pointer = state.run->pointer;
        row.source = state.run->source;
        row.plan = planTitle(state.run->plan);
        if (state.measuredStep) {
            row.stepFrom = state.stepFrom;
            row.measuredStepS = state.measuredStep;
            row.beforeStepS = fit.stepTime(i, {});
            row.afterStepS = fit.stepTime(i, profile);
            if (options.leaveOneOut) {
                const auto u = calibrator.heldOutOffsets(time, false, {}, i);
                row.heldOutStepS = fit.stepTime(i, profileAt(time.set, u, reference));
            }
        }
        if (const auto peak = measuredFullest(state)) {
            row.measuredPeakBytes = peak;
            row.beforePeakBytes = fullest(fit.stagePeaks(i, {}));
            row.afterPeakBytes = fullest(fit.stagePeaks(i, profile));
            if (options.leaveOneOut) {
                const auto u = calibrator.heldOutOffsets(memory, true, timeProfile, i);
                row.heldOutPeakBytes =
                    fullest(fit.stagePeaks(i, profileAt(memory.set, u, reference, timeProfile)));
            }
        }
        result.rows.push_back(std::move(row));
    }
    result.stepBefore = detail::summarise(result.rows, &CalibrationRow::beforeError);
    result.stepAfter = detail::summarise(result.rows, &CalibrationRow::afterError);
    result.stepHeldOut = detail::summarise(result.rows, &CalibrationRow::heldOutError);
    result.peakBefore = detail::summarise(result.rows, &CalibrationRow::beforePeakError);
    result.peakAfter = detail::summarise(result.rows, &CalibrationRow::afterPeakError);
    result.peakHeldOut = detail::summarise(result.rows, &CalibrationRow::heldOutPeakError);

    for (const FittedParameter& entry : result.parameters) {
        if (entry.fitted) continue;
        DiagnosticArgs args{{"parameter", std::string(calibrationParameterKey(entry.parameter))},
                            {"value", entry.before}};
        args.emplace_back("reason", renderCodedText(entry.reason, Language::English));
        appendCodedArgs(args, "reason", entry.reason);
        result.diagnostics.push_back(
            makeDiagnostic(Severity::Warning, "", "calibration.not_fitted", std::move(args)));
    }

    profile.name = options.name;
    profile.fitted = options.fitted;
    profile.gpu = reference.cluster.gpu.name;
    if (result.stepHeldOut.runs > 0) {
        profile.heldOutMeanError = result.stepHeldOut.mean;
        profile.heldOutWorstError = result.stepHeldOut.worst;
    }
    for (const CalibrationRow& row : result.rows) {
        ProfileRun provenance;
        provenance.source = row.source;
        provenance.plan = row.plan;
        provenance.measuredStepS = row.measuredStepS.value_or(0);
        provenance.predictedStepS = row.afterStepS.value_or(0);
        provenance.heldOutError = row.heldOutError();
        profile.runs.push_back(std::move(provenance));
    }
    result.profile = std::move(profile);
    result.predictions = fit.predictions();
    return result;
}

}  // namespace

Calibration calibrate(const std::vector<CalibrationRun>& runs, const CalibrationOptions& options) {
    try {
        return run(runs, options);
    } catch (const std::exception& error) {
        Calibration result;
        result.parameters.resize(kCalibrationParameters);
        result.diagnostics.push_back(makeDiagnostic(Severity::Error, "", "calibration.failed",
                                                    {{"detail", std::string(error.what())}}));
        return result;
    }
}

}  // namespace fourfold::core
