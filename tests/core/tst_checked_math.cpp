// SPDX-License-Identifier: MIT
// Checked and saturating arithmetic, and every formula built on it fed its range limits: the
// batch identity, tokens per step, world size, byte categories, stage totals, what-if deltas.
#include "core/advice/what_ifs.h"
#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/text/checked_math.h"

#include <QTest>

#include <climits>
#include <cstdint>
#include <limits>

using namespace fourfold::core;

namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();
constexpr std::uint64_t kUint64Max = std::numeric_limits<std::uint64_t>::max();

bool hasDiagnostic(const Evaluation& evaluation, std::string_view path, std::string_view fragment) {
    for (const Diagnostic& d : evaluation.diagnostics) {
        if (d.severity == Severity::Error && d.path == path &&
            d.message.find(fragment) != std::string::npos)
            return true;
    }
    return false;
}

}  // namespace

class TestCheckedMath : public QObject {
    Q_OBJECT
private slots:
    void checkedAddAndMulStopAtTheLimits() {
        QCOMPARE(checkedAdd<std::int64_t>(kInt64Max - 1, 1), std::optional(kInt64Max));
        QVERIFY(!checkedAdd<std::int64_t>(kInt64Max, 1));
        QVERIFY(!checkedAdd<std::int64_t>(kInt64Min, -1));
        QCOMPARE(checkedAdd<std::uint64_t>(kUint64Max - 5, 5), std::optional(kUint64Max));
        QVERIFY(!checkedAdd<std::uint64_t>(kUint64Max, 1));
        // 3037000499² = 9223372030926249001 < 2^63 − 1; one more and the square passes it.
        QCOMPARE(checkedMul<std::int64_t>(3037000499, 3037000499),
                 std::optional<std::int64_t>(9223372030926249001));
        QVERIFY(!checkedMul<std::int64_t>(3037000500, 3037000500));
        QVERIFY(!checkedMul<std::int64_t>(kInt64Min, -1));
        QCOMPARE(checkedMul<int>(INT_MAX, 1), std::optional(INT_MAX));
        QVERIFY(!checkedMul<int>(INT_MAX, 2));
    }

    void saturatingOperationsClampToTheRange() {
        QCOMPARE(saturatingAdd<std::int64_t>(kInt64Max, 1), kInt64Max);
        QCOMPARE(saturatingAdd<std::int64_t>(kInt64Min, -1), kInt64Min);
        QCOMPARE(saturatingAdd<std::uint64_t>(kUint64Max, kUint64Max), kUint64Max);
        QCOMPARE(saturatingMul<std::int64_t>(kInt64Max, 2), kInt64Max);
        QCOMPARE(saturatingMul<std::int64_t>(kInt64Max, -2), kInt64Min);
        QCOMPARE(saturatingMul<std::int64_t>(-3, -4), std::int64_t{12});
        QCOMPARE(saturatingMul<std::uint64_t>(kUint64Max, 2), kUint64Max);
    }

    void differencesOfByteCountsAreChecked() {
        QCOMPARE(checkedDifference(10, 3), std::optional<std::int64_t>(7));
        QCOMPARE(checkedDifference(3, 10), std::optional<std::int64_t>(-7));
        QCOMPARE(checkedDifference(kUint64Max, kUint64Max - 1), std::optional<std::int64_t>(1));
        QCOMPARE(checkedDifference(std::uint64_t{kInt64Max}, 0), std::optional(kInt64Max));
        QVERIFY(!checkedDifference(std::uint64_t{kInt64Max} + 1, 0));
        QVERIFY(!checkedDifference(0, kUint64Max));
    }

    void checkedSumRemembersAnOverflow() {
        CheckedSum<std::uint64_t> sum;
        sum.add(kUint64Max - 1);
        sum.add(1);
        QCOMPARE(sum.value, kUint64Max);
        QVERIFY(!sum.overflow);
        sum.add(1);
        QVERIFY(sum.overflow);
        QCOMPARE(sum.value, kUint64Max);
        sum.add(0);
        QVERIFY(sum.overflow);  // stays flagged
    }

    // B = b × a × dp at the int limits: 2147483647² = 4611686014132420609 fits in 64 bits,
    // × 2 = 9223372028264841218 still does, × 3 does not.
    void globalBatchAtTheLimits() {
        Plan plan = defaultPlan();
        plan.training.microBatch = INT_MAX;
        plan.training.gradAccumulation = INT_MAX;
        plan.parallel.dp = 1;
        QCOMPARE(checkedGlobalBatch(plan), std::optional<std::int64_t>(4611686014132420609));
        plan.parallel.dp = 2;
        QCOMPARE(checkedGlobalBatch(plan), std::optional<std::int64_t>(9223372028264841218));
        plan.parallel.dp = 3;
        QVERIFY(!checkedGlobalBatch(plan));
        QCOMPARE(derivedGlobalBatch(plan), kInt64Max);
        plan.parallel.dp = -3;  // invalid, but the product must still not wrap
        QCOMPARE(derivedGlobalBatch(plan), kInt64Min);
    }

    // The report's case: micro_batch and grad_accumulation 2147483647 with the default dp 8
    // printed a global batch of −34,359,738,360. Now: an error and no number.
    void overflowingGlobalBatchIsAnErrorNotANumber() {
        Plan plan = defaultPlan();
        plan.training.microBatch = INT_MAX;
        plan.training.gradAccumulation = INT_MAX;
        plan.parallel.dp = 8;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(hasDiagnostic(evaluation, "/training/global_batch", "global batch"));
        QCOMPARE(evaluation.batch.globalBatch, std::int64_t{0});
        QCOMPARE(evaluation.batch.tokensPerStep, std::int64_t{0});
        QVERIFY(evaluation.batch.formula.find("overflow") != std::string::npos);
    }

    // Tokens per step = B × sequence: B = 2147483647 × 2147483647 × 2 fits, × 4096 does not.
    void overflowingTokensPerStepIsAnError() {
        Plan plan = defaultPlan();
        plan.training.microBatch = INT_MAX;
        plan.training.gradAccumulation = INT_MAX;
        plan.parallel.dp = 2;
        plan.model.sequence = 4096;
        const Evaluation evaluation = evaluate(plan);
        QCOMPARE(evaluation.batch.globalBatch, std::int64_t{9223372028264841218});
        QCOMPARE(evaluation.batch.tokensPerStep, std::int64_t{0});
        QVERIFY(hasDiagnostic(evaluation, "/training/global_batch", "tokens per step"));
        // One step further down: 1 × 1 × 1 × 2147483647 tokens is exact.
        plan.training.microBatch = plan.training.gradAccumulation = plan.parallel.dp = 1;
        plan.model.sequence = INT_MAX;
        QCOMPARE(evaluate(plan).batch.tokensPerStep, std::int64_t{INT_MAX});
    }

    // dp × tp × pp × cp: 2^31−1 to the fourth power passes 2^63; 2^15 each (2^60) does not.
    void worldSizeAtTheLimits() {
        Plan plan = defaultPlan();
        plan.parallel.dp = plan.parallel.tp = plan.parallel.pp = plan.parallel.cp = 1 << 15;
        QCOMPARE(checkedWorldSize(plan), std::optional<std::int64_t>(std::int64_t{1} << 60));
        plan.parallel.dp = plan.parallel.tp = plan.parallel.pp = plan.parallel.cp = INT_MAX;
        QVERIFY(!checkedWorldSize(plan));
        QCOMPARE(worldSize(plan), kInt64Max);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(hasDiagnostic(evaluation, "/parallel", "world size"));
        QCOMPARE(evaluation.worldSize, std::int64_t{0});
        QVERIFY(!evaluation.topology.has_value());
    }

    // The report's case: a 1e19-byte DDP bucket (2 × 1e19 > 2^64) and 4.5e17 framework bytes
    // reported "fits, peak 1.0 GB". The engine now flags the report and never says it fits.
    void byteCategoryPastTheCountLimitIsFlagged() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 8;
        plan.memory.fragmentation = 0;
        plan.memory.frameworkBytes = 446743935351073280ULL;
        plan.memory.ddpBucketBytes = 10000000000000000000ULL;
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
        QVERIFY(!report.overflow.empty());
        QVERIFY(report.overflow.find("comm_buffers") != std::string::npos);
        QVERIFY(!report.fits);
        for (const StageMemory& stage : report.stages) QVERIFY(!stage.fits);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(hasErrors(evaluation.diagnostics));
        QVERIFY(!evaluation.memory.has_value());
    }

    // Categories each below 2^64 (1.8447e19) whose sum is not: framework 1e19 + buckets
    // 2 × 4.5e18 = 1.9e19.
    void stageTotalPastTwoToTheSixtyFourIsFlagged() {
        Plan plan = defaultPlan();
        plan.parallel.dp = 8;
        plan.memory.fragmentation = 0;
        plan.memory.frameworkBytes = 10000000000000000000ULL;
        plan.memory.ddpBucketBytes = 4500000000000000000ULL;
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
        QVERIFY2(report.overflow.find("total") != std::string::npos, report.overflow.c_str());
        QVERIFY(!report.fits);
        // Just below: framework 1e19 alone is an exact, if absurd, figure that does not fit.
        plan.memory.ddpBucketBytes = 0;
        const MemoryReport exact = estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
        QVERIFY(exact.overflow.empty());
        QVERIFY(!exact.fits);
        for (const StageMemory& stage : exact.stages) {
            QVERIFY(stage.totalBytes >= 10000000000000000000ULL);
            QVERIFY(stage.totalBytes <= exact.peakBytes);
        }
    }

    // The report's case: framework_bytes 9223371900475873555 made the what-if delta
    // peak − peak' overflow int64 (UBSan). Each delta is now the exact difference.
    void whatIfDeltasNearTheInt64Limit() {
        Plan plan = defaultPlan();
        plan.memory.frameworkBytes = 9223371900475873555ULL;
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
        QVERIFY(report.overflow.empty());
        QVERIFY(!report.fits);
        QVERIFY(report.peakBytes > std::uint64_t{kInt64Max});
        QVERIFY(!report.whatIfs.empty());
        for (const WhatIf& hint : report.whatIfs) {
            QVERIFY(hint.peakBytes >= 9223371900475873555ULL);
            if (report.peakBytes >= hint.peakBytes) {
                QCOMPARE(static_cast<std::uint64_t>(hint.savedBytes),
                         report.peakBytes - hint.peakBytes);
            } else {
                QCOMPARE(static_cast<std::uint64_t>(-hint.savedBytes),
                         hint.peakBytes - report.peakBytes);
            }
        }
    }

    // Halving the micro-batch doubles the accumulation: at INT_MAX that hint is left out.
    void whatIfNeverDoublesPastTheIntLimit() {
        Plan plan = defaultPlan();
        plan.training.microBatch = 64;
        plan.training.gradAccumulation = INT_MAX;
        plan.cluster.gpu.memoryBytes = 1;  // nothing fits: the hints are computed
        const MemoryReport report = estimateMemoryWithWhatIfs(plan, analyzeModel(plan));
        QVERIFY(!report.whatIfs.empty());
        for (const WhatIf& hint : report.whatIfs)
            QVERIFY2(hint.change.find("micro-batch") == std::string::npos, hint.change.c_str());
        plan.training.gradAccumulation = 8;
        bool offered = false;
        for (const WhatIf& hint : estimateMemoryWithWhatIfs(plan, analyzeModel(plan)).whatIfs)
            offered = offered || hint.change == "micro-batch 64 → 32 (accumulation 8 → 16)";
        QVERIFY(offered);
    }

    void overflowDiagnosticNamesTheFigure() {
        const Diagnostic d = overflowDiagnostic("/memory", "stage 0 total bytes");
        QCOMPARE(d.severity, Severity::Error);
        QCOMPARE(d.path, std::string("/memory"));
        QVERIFY(d.message.find("stage 0 total bytes") != std::string::npos);
        QCOMPARE(kOverflowCode, std::string_view("arithmetic.overflow"));
    }
};

QTEST_APPLESS_MAIN(TestCheckedMath)
#include "tst_checked_math.moc"
