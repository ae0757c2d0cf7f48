// SPDX-License-Identifier: MIT
#include "core/performance/checkpoint.h"

#include "core/memory/memory_common.h"
#include "core/model/model_shapes.h"
#include "core/text/format.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core {
namespace {

// Small per-rank items (PyTorch's CPU generator state is about 5 kB, each CUDA generator a few
// bytes; Megatron-LM saves both per rank), the sampler cursor per replica, and the per-rank
// layout metadata (argument namespace, shard index, LR scheduler, loss scale).
constexpr double kRngBytesPerRank = 8192;
constexpr double kCursorBytesPerReplica = 1024;
constexpr double kLayoutBytesPerRank = 65536;

std::string minutesOrHours(double seconds) {
    if (seconds >= 7200) return formatFixed(seconds / 3600.0, 1) + " h";
    if (seconds >= 120) return formatFixed(seconds / 60.0, 1) + " min";
    return formatSeconds(seconds);
}

}  // namespace

double youngDalyInterval(double writeS, double mtbfS) {
    if (writeS <= 0 || mtbfS <= 0) return 0.0;
    if (writeS >= mtbfS / 2.0) return mtbfS;
    return std::sqrt(2.0 * writeS * mtbfS) - writeS;
}

double expectedGoodput(double intervalS, double writeS, double mtbfS, double restartS) {
    if (intervalS <= 0 || mtbfS <= 0) return 0.0;
    const double lost = writeS / intervalS + (intervalS / 2.0 + restartS) / mtbfS;
    return std::clamp(1.0 - lost, 0.0, 1.0);
}

CheckpointReport analyzeCheckpoint(const Plan& plan, const ModelReport& model, double stepTimeS) {
    const double parameters = static_cast<double>(model.parameters);
    const double ranks = static_cast<double>(std::max<std::int64_t>(1, worldSize(plan)));
    const double weightBytes = detail::weightBytesPerParameter(plan.training.precision);
    const double master = detail::masterBytesPerParameter(plan.training);
    CheckpointReport report;
    CheckpointContents& c = report.contents;
    c.model = detail::toCount(weightBytes * parameters);
    c.optimizer = detail::toCount(
        (master + detail::optimizerBytesPerParameter(plan.training.optimizer)) * parameters);
    c.rng = detail::toCount(kRngBytesPerRank * ranks);
    c.dataCursor = detail::toCount(kCursorBytesPerReplica * std::max(1, plan.parallel.dp));
    c.layout = detail::toCount(kLayoutBytesPerRank * ranks);
    report.bytes = c.total();

    const CheckpointOptions& options = plan.checkpoint;
    const double bandwidth = options.storageGbps * 1e9;
    report.writeS = bandwidth > 0 ? static_cast<double>(report.bytes) / bandwidth : 0.0;
    report.clusterMtbfS = options.mtbfHoursPerGpu * 3600.0 / ranks;
    report.intervalS = youngDalyInterval(report.writeS, report.clusterMtbfS);
    report.goodput =
        expectedGoodput(report.intervalS, report.writeS, report.clusterMtbfS, options.restartS);
    if (stepTimeS > 0)
        report.stepsPerInterval = std::max(1.0, std::round(report.intervalS / stepTimeS));
    report.intervalText = {"formula.checkpoint_interval",
                           {{"write", minutesOrHours(report.writeS)},
                            {"mtbf", minutesOrHours(report.clusterMtbfS)},
                            {"interval", minutesOrHours(report.intervalS)},
                            {"mtbf_hours", formatFixed(options.mtbfHoursPerGpu, 0)},
                            {"ranks", formatFixed(ranks, 0)}}};
    report.goodputText = {"formula.goodput", {{"goodput", report.goodput}}};
    report.intervalFormula = renderCodedText(report.intervalText, Language::English);
    report.goodputFormula = renderCodedText(report.goodputText, Language::English);
    return report;
}

}  // namespace fourfold::core
