// SPDX-License-Identifier: MIT
// Calibration on published runs (tests/core/published_runs.h, as runs in
// tests/core/published_calibration.h): fitted on three rows of NeMo 24.07's DGX-H100 FP8 table,
// the profile predicts the other nine, which the fit never saw. The band holds what the README
// reports; the rows print their errors (ctest -V).
#include "tests/core/published_calibration.h"

#include "core/calibrate/calibrate.h"
#include "core/evaluate/evaluate.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace fourfold::core;
using fourfold::test::isNemoFitRow;
using fourfold::test::kNemoRuns;
using fourfold::test::published::PublishedRun;

namespace {

Calibration fitOnThreeRows() {
    std::vector<CalibrationRun> runs;
    for (const PublishedRun& row : kNemoRuns) {
        if (isNemoFitRow(row)) runs.push_back(fourfold::test::nemoRun(row, runs.size()));
    }
    return calibrate(runs, {"NeMo 24.07 H100 FP8, three rows", "2025-06-30"});
}

double tokensPerSPerGpu(Plan plan, const CalibrationProfile* profile) {
    if (profile != nullptr) plan.cluster.profile.profile = *profile;
    const Evaluation evaluation = evaluate(plan);
    return evaluation.performance ? evaluation.performance->tokensPerSPerGpu : 0.0;
}

}  // namespace

class TestCalibrationReferences : public QObject {
    Q_OBJECT
private slots:
    void threeRowsAreFittedAndTheRestPredicted() {
        const Calibration fit = fitOnThreeRows();
        QCOMPARE(fit.rows.size(), std::size_t{3});
        QVERIFY(fit.stepBefore.mean > 0.10);  // the defaults are 11–15 % slow on these three rows
        double heldOutSum = 0;
        double heldOutWorst = 0;
        double beforeSum = 0;
        int heldOut = 0;
        for (const PublishedRun& row : kNemoRuns) {
            const Plan plan = fourfold::test::nemoPlan(row);
            const double measured = row.measured.tokensPerSPerGpu;
            const double before = tokensPerSPerGpu(plan, nullptr);
            const double after = tokensPerSPerGpu(plan, &fit.profile);
            const double errorBefore = (before - measured) / measured;
            const double errorAfter = (after - measured) / measured;
            qInfo(
                "%-30s measured %6.0f tokens/s/GPU, before %6.0f (%+5.1f %%), profile %6.0f "
                "(%+5.1f %%)%s",
                row.id, measured, before, errorBefore * 100, after, errorAfter * 100,
                isNemoFitRow(row) ? "  fitted" : "");
            if (isNemoFitRow(row)) continue;
            ++heldOut;
            heldOutSum += std::fabs(errorAfter);
            heldOutWorst = std::max(heldOutWorst, std::fabs(errorAfter));
            beforeSum += std::fabs(errorBefore);
        }
        QCOMPARE(heldOut, 9);
        const double mean = heldOutSum / heldOut;
        qInfo("held out: mean %.2f %%, worst %.2f %% (before calibration: mean %.2f %%)",
              mean * 100, heldOutWorst * 100, beforeSum / heldOut * 100);
        // The README's figures, in a band: 4.98 % and 11.5 % measured (target: mean 5 %).
        QVERIFY2(mean <= 0.052, std::to_string(mean).c_str());
        QVERIFY2(heldOutWorst <= 0.125, std::to_string(heldOutWorst).c_str());
        QVERIFY(mean < 0.6 * beforeSum / heldOut);
    }

    void theFitUsesOneParameterFromThreeRuns() {
        const Calibration fit = fitOnThreeRows();
        const FittedParameter& fp8 =
            fit.parameters[static_cast<std::size_t>(CalibrationParameter::GemmFp8)];
        QVERIFY(fp8.fitted);
        QVERIFY(fp8.after > fp8.before);
        int fitted = 0;
        for (const FittedParameter& entry : fit.parameters) fitted += entry.fitted ? 1 : 0;
        QCOMPARE(fitted, 1);
        // The 16-bit GEMM efficiency is not seen by FP8 runs.
        QCOMPARE(fit.parameters[static_cast<std::size_t>(CalibrationParameter::Gemm)].reason.code,
                 std::string("calibrate.reason.all_fp8"));
    }
};

QTEST_APPLESS_MAIN(TestCalibrationReferences)
#include "tst_calibration_references.moc"
