// SPDX-License-Identifier: MIT
// Calibration profiles: their file format, how a plan names one (a path or pasted), how applying
// one overrides only what the plan does not set, and that evaluate() uses it while a plan without
// one is evaluated as before; and the overlap contention as a plan value.
#include "tests/core/coded_diagnostics_for_tests.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/calibration_profile.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"

#include <QTest>

#include <algorithm>

using namespace fourfold::core;

namespace {

CalibrationProfile labProfile() {
    CalibrationProfile profile;
    profile.name = "lab H100";
    profile.fitted = "2025-06-30";
    profile.gpu = "h100-sxm-80gb";
    profile.efficiency.gemm = 0.61;
    profile.efficiency.flashAttention = 0.36;
    profile.intraNode = LinkSpec{"nvlink4", 360, 4.5};
    profile.interNode = LinkSpec{"ib-400g", 41, 12};
    profile.overlapContention = 0.3;
    profile.frameworkBytes = 2'500'000'000;
    profile.fragmentation = 0.08;
    profile.heldOutMeanError = 0.031;
    profile.heldOutWorstError = 0.07;
    profile.runs.push_back({"train.log", "Llama-2 7B · 8 × H100", 1.9, 1.87, -0.02});
    return profile;
}

const Diagnostic& firstError(const std::vector<Diagnostic>& diagnostics) {
    return *std::find_if(diagnostics.begin(), diagnostics.end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

bool hasCode(const std::vector<Diagnostic>& diagnostics, const std::string& code) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [&](const Diagnostic& d) { return d.code == code; });
}

}  // namespace

class TestCalibrationProfile : public QObject {
    Q_OBJECT
private slots:
    void aProfileFileRoundTrips() {
        const CalibrationProfile profile = labProfile();
        const std::string text = profileToJson(profile);
        QVERIFY(
            text.starts_with("{\n  \"schema\": \"fourfold.profile/1\",\n  \"name\": \"lab H100\""));
        const ProfileParse parse = parseProfile(text);
        QVERIFY(parse.diagnostics.empty());
        QVERIFY(parse.profile);
        QCOMPARE(*parse.profile, profile);
        QCOMPARE(profileToJson(*parse.profile), text);
    }

    void whatWasNotFittedIsNotWritten() {
        CalibrationProfile profile;
        profile.gpu = "h100-sxm-80gb";
        profile.efficiency.gemmFp8 = 0.52;
        const std::string text = profileToJson(profile);
        QVERIFY(text.find("\"gemm_fp8\": 0.52") != std::string::npos);
        QVERIFY(text.find("\"gemm\"") == std::string::npos);
        QVERIFY(text.find("inter_node") == std::string::npos);
        QVERIFY(text.find("memory") == std::string::npos);
    }

    void badProfilesAreRefusedWithTheirPointer_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("path");
        QTest::newRow("newer") << R"({"schema": "fourfold.profile/2"})"
                               << "profile.schema_newer"
                               << "/schema";
        QTest::newRow("a plan") << R"({"schema": "fourfold.plan/1"})"
                                << "profile.schema_other"
                                << "/schema";
        QTest::newRow("efficiency above 1") << R"({"efficiency": {"gemm": 1.5}})"
                                            << "json.expected_number_between"
                                            << "/efficiency/gemm";
        QTest::newRow("negative bandwidth") << R"({"inter_node": {"name": "ib", "gbps": -1}})"
                                            << "json.expected_number_between"
                                            << "/inter_node/gbps";
        QTest::newRow("fragmentation past the plan's 0.9")
            << R"({"memory": {"fragmentation": 0.95}})"
            << "json.expected_number_between"
            << "/memory/fragmentation";
        QTest::newRow("bandwidth past 10^6 GB/s")
            << R"({"intra_node": {"name": "nvlink4", "gbps": 2e6}})"
            << "json.expected_number_between"
            << "/intra_node/gbps";
        QTest::newRow("framework bytes past 10^15") << R"({"memory": {"framework_bytes": 2e15}})"
                                                    << "json.expected_number_between"
                                                    << "/memory/framework_bytes";
        QTest::newRow("nested past the cap")
            << QString(R"({"runs": %1})").arg(QString(200, QLatin1Char('[')))
            << "json.file_too_deep"
            << "";
        QTest::newRow("larger than 1 MiB")
            << QString(R"({"name": "%1"})")
                   .arg(QString(static_cast<qsizetype>(kMaxProfileBytes), QLatin1Char('x')))
            << "json.file_too_large"
            << "";
        QTest::newRow("runs not a list") << R"({"runs": {}})"
                                         << "json.expected_array"
                                         << "/runs";
        QTest::newRow("not json") << "{"
                                  << "json.syntax_truncated"
                                  << "";
        QTest::newRow("an array") << "[]"
                                  << "json.file_not_an_object"
                                  << "";
    }
    void badProfilesAreRefusedWithTheirPointer() {
        QFETCH(QString, text);
        QFETCH(QString, code);
        QFETCH(QString, path);
        const ProfileParse parse = parseProfile(text.toStdString());
        QVERIFY(!parse.profile);
        QVERIFY(!parse.diagnostics.empty());
        const Diagnostic& first = parse.diagnostics.front();
        QCOMPARE(QString::fromStdString(first.code), code);
        QCOMPARE(QString::fromStdString(first.path), path);
        QVERIFY2(fourfold::core::testing::codedProblem(first).isEmpty(),
                 qPrintable(fourfold::core::testing::codedProblem(first)));
    }

    void applyingSetsOnlyWhatThePlanLeavesToDefaults() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 2;
        plan.cluster.gpuEfficiency.gemm = 0.5;  // the plan's own: kept
        const Plan applied = applyProfile(plan, labProfile());
        QCOMPARE(applied.cluster.gpuEfficiency.gemm, 0.5);
        QCOMPARE(applied.cluster.gpuEfficiency.flashAttention, 0.36);
        QCOMPARE(applied.cluster.gpuEfficiency.hbm, 0.0);  // not fitted: the default
        QCOMPARE(applied.cluster.intraNode.gbps, 360.0);
        QCOMPARE(applied.cluster.intraNode.latencyUs, 4.5);
        QCOMPARE(applied.cluster.interNode.gbps, 41.0);
        QCOMPARE(applied.performance.overlapContention, 0.3);
        QCOMPARE(applied.memory.frameworkBytes, std::uint64_t{2'500'000'000});
        QCOMPARE(applied.memory.fragmentation, 0.08);
        QCOMPARE(applyProfile(applied, labProfile()), applied);  // twice is once
    }

    void theProfileDoesNotOverrideThePlansOwnFigures() {
        Plan plan = defaultPlan();
        plan.cluster.interNode.gbps = 25;  // the preset's name with figures of its own
        plan.performance.overlapContention = 0.7;
        plan.memory.frameworkBytes = 3'000'000'000;
        plan.memory.fragmentation = 0.2;
        const Plan applied = applyProfile(plan, labProfile());
        QCOMPARE(applied.cluster.interNode.gbps, 25.0);
        QCOMPARE(applied.performance.overlapContention, 0.7);
        QCOMPARE(applied.memory.frameworkBytes, std::uint64_t{3'000'000'000});
        QCOMPARE(applied.memory.fragmentation, 0.2);
    }

    void linksApplyByNameAndEfficienciesByGpu() {
        Plan plan = defaultPlan();
        plan.cluster.gpu = findGpuPreset("a100-sxm-80gb")->spec;
        plan.cluster.intraNode = findLinkPreset("nvlink3")->spec;
        plan.cluster.interNode = LinkSpec{"lab-ib", 30, 10};  // no preset: the profile's figures
        CalibrationProfile profile = labProfile();
        profile.interNode = LinkSpec{"lab-ib", 22, 16};
        const Plan applied = applyProfile(plan, profile);
        QCOMPARE(applied.cluster.gpuEfficiency, GpuEfficiency{});
        QCOMPARE(applied.cluster.intraNode, findLinkPreset("nvlink3")->spec);
        QCOMPARE(applied.cluster.interNode.gbps, 22.0);
        QCOMPARE(applied.cluster.interNode.latencyUs, 16.0);
        // Validation says why the efficiencies were not used.
        plan.cluster.profile.profile = profile;
        const auto found = validate(plan);
        QVERIFY(hasCode(found, "cluster.profile_other_gpu"));
    }

    void aPlanNamesAProfileByPath() {
        Plan plan = defaultPlan();
        plan.cluster.profile.path = "profiles/lab.json";
        const std::string text = planToJson(plan);
        QVERIFY(text.find("\"profile\": \"profiles/lab.json\"") != std::string::npos);
        const PlanParse parse = parsePlan(text);
        QVERIFY(parse.plan);
        QCOMPARE(parse.plan->cluster.profile.path, std::string("profiles/lab.json"));
        QVERIFY(!parse.plan->cluster.profile.profile);
        // Until the file is read, the plan is evaluated with the built-in values, and says so.
        QVERIFY(hasCode(validate(*parse.plan), "cluster.profile_not_loaded"));
        Plan loaded = *parse.plan;
        std::vector<Diagnostic> problems;
        attachProfile(loaded, profileToJson(labProfile()), problems);
        QVERIFY(problems.empty());
        QCOMPARE(*loaded.cluster.profile.profile, labProfile());
        // Saving writes the path, not the contents.
        QCOMPARE(planToJson(loaded), text);
    }

    void aProfileFileThatDoesNotReadIsAWarning() {
        Plan plan = defaultPlan();
        plan.cluster.profile.path = "lab.json";
        std::vector<Diagnostic> problems;
        attachProfile(plan, R"({"efficiency": {"gemm": "fast"}})", problems);
        QCOMPARE(problems.size(), std::size_t{1});
        QCOMPARE(problems.front().code, std::string("cluster.profile_invalid"));
        QCOMPARE(problems.front().severity, Severity::Warning);
        QCOMPARE(problems.front().path, std::string("/cluster/profile"));
        QVERIFY(problems.front().message.find("line 1, column 25") != std::string::npos);
        QVERIFY(!plan.cluster.profile.profile);
        const Diagnostic missing = profileUnreadable("lab.json", "No such file or directory");
        QVERIFY(fourfold::core::testing::codedProblem(missing).isEmpty());
    }

    void aProfilePastedIntoThePlanRoundTrips() {
        Plan plan = defaultPlan();
        plan.cluster.profile.profile = labProfile();
        const std::string text = planToJson(plan);
        QVERIFY(text.find("\"profile\": {") != std::string::npos);
        QVERIFY(text.find("fourfold.profile/1") == std::string::npos);
        const PlanParse parse = parsePlan(text);
        QVERIFY(parse.plan);
        QCOMPARE(*parse.plan, plan);
        // A pasted profile file (with its schema) reads too.
        const std::string pasted =
            R"({"cluster": {"profile": )" + profileToJson(labProfile()) + "}}";
        const PlanParse again = parsePlan(pasted);
        QVERIFY(again.plan);
        QCOMPARE(*again.plan->cluster.profile.profile, labProfile());
    }

    void aWrongProfileValueIsAnErrorAtItsPointer() {
        const PlanParse parse = parsePlan(R"({"cluster": {"profile": 3}})");
        QVERIFY(!parse.plan);
        QCOMPARE(firstError(parse.diagnostics).code, std::string("json.expected_profile"));
        QCOMPARE(firstError(parse.diagnostics).path, std::string("/cluster/profile"));
        const PlanParse inside =
            parsePlan(R"({"cluster": {"profile": {"overlap_contention": 2}}})");
        QVERIFY(!inside.plan);
        QCOMPARE(firstError(inside.diagnostics).path,
                 std::string("/cluster/profile/overlap_contention"));
    }

    void evaluateUsesTheProfileAndKeepsThePlanAsGiven() {
        Plan plan = defaultPlan();
        const Evaluation before = evaluate(plan);
        plan.cluster.profile.profile = labProfile();
        const Evaluation after = evaluate(plan);
        QCOMPARE(after.plan, plan);
        QVERIFY(before.performance && after.performance);
        // Faster GEMMs and attention than the H100 defaults (0.55, 0.30): a shorter step.
        QVERIFY(after.performance->stepTimeS < before.performance->stepTimeS * 0.95);
        QVERIFY(after.memory->peakBytes > before.memory->peakBytes);  // 2.5 GB framework, 8 %
        QCOMPARE(after.performance->stepTimeS,
                 evaluate(applyProfile(defaultPlan(), labProfile())).performance->stepTimeS);
    }

    void aPlanWithoutAProfileIsEvaluatedAsBefore() {
        // The same figures, to the byte, as the plan with every default spelled out.
        Plan plan = defaultPlan();
        plan.cluster.nodes = 2;
        plan.parallel.dp = 16;
        const std::string json = evaluationToJson(evaluate(plan));
        Plan spelled = plan;
        spelled.performance.overlapContention = kDefaultOverlapContention;
        QCOMPARE(evaluationToJson(evaluate(spelled)), json);
        QVERIFY(planToJson(plan).find("overlap_contention") == std::string::npos);
        QVERIFY(planToJson(plan).find("profile") == std::string::npos);
    }

    void overlapContentionIsAPlanValue() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 4;
        plan.parallel.dp = 32;
        plan.training.gradAccumulation = 1;
        const double half = evaluate(plan).performance->stepTimeS;
        plan.performance.overlapContention = 0;
        const double free = evaluate(plan).performance->stepTimeS;
        plan.performance.overlapContention = 1;
        const double full = evaluate(plan).performance->stepTimeS;
        QVERIFY(free < half);
        QVERIFY(half < full);
        const std::string text = planToJson(plan);
        QVERIFY(text.find("\"overlap_contention\": 1.0") != std::string::npos);
        QCOMPARE(*parsePlan(text).plan, plan);
        const PlanParse bad = parsePlan(R"({"performance": {"overlap_contention": 1.5}})");
        QVERIFY(!bad.plan);
        QCOMPARE(firstError(bad.diagnostics).path, std::string("/performance/overlap_contention"));
    }

    void measuredThroughputKeysRoundTrip() {
        Plan plan = defaultPlan();
        plan.measured.tokensPerSPerGpu = 3000;
        plan.measured.tflopsPerGpu = 400;
        plan.measured.mfu = 0.41;
        plan.measured.samplesPerS = 12.5;
        plan.measured.peakBytes = 70'000'000'000;
        const PlanParse parse = parsePlan(planToJson(plan));
        QVERIFY(parse.plan);
        QCOMPARE(parse.plan->measured, plan.measured);
        QVERIFY(!parsePlan(R"({"measured": {"mfu": 1.2}})").plan);
    }

    void aMeasuredThroughputIsComparedAsTheStepItImplies() {
        Plan plan = defaultPlan();
        const Evaluation plain = evaluate(plan);
        const double predicted = plain.performance->tokensPerSPerGpu;
        plan.measured.tokensPerSPerGpu = predicted * 1.25;  // 25 % faster than predicted
        plan.measured.peakBytes = plain.memory->peakBytes / 2;
        const Evaluation compared = evaluate(plan);
        QVERIFY(compared.measured.stepTimeError);
        QVERIFY(std::fabs(*compared.measured.stepTimeError - 0.25) < 1e-9);
        QVERIFY(compared.measured.fullestPeakError);
        QVERIFY(std::fabs(*compared.measured.fullestPeakError - 1.0) < 1e-6);
        const std::string json = evaluationToJson(compared);
        QVERIFY(json.find("\"peak_error\": 1.0") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestCalibrationProfile)
#include "tst_calibration_profile.moc"
