// SPDX-License-Identifier: MIT
// The performance model against measured runs beyond Megatron-LM's papers (tst_performance holds
// those): MosaicML's MPT throughput on A100 and H100 under FSDP, and the two headline plans the
// app shows first, the default plan and the search's best GPT-3 175B layout on 1,024 A100s,
// against the utilization published runs of their class reach.
#include "performance_references.h"
#include "tests/core/search_plans.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/search/search.h"

#include <QTest>

#include <cmath>

using namespace fourfold::core;
using fourfold::test::FoundryRun;
using fourfold::test::performanceOf;
using fourfold::test::relativeError;

namespace {

const FoundryRun* foundryRun(const char* name) {
    for (const FoundryRun& run : fourfold::test::kMosaicMptThroughput) {
        if (std::string(run.name) == name) return &run;
    }
    return nullptr;
}

}  // namespace

class TestPerformanceReferences : public QObject {
    Q_OBJECT
private slots:
    // Throughput per GPU (tokens/s), which needs no agreement on how FLOPs are counted.
    void mosaicMptThroughput_data() {
        QTest::addColumn<QString>("name");
        for (const FoundryRun& run : fourfold::test::kMosaicMptThroughput) {
            QTest::newRow(run.name) << QString::fromLatin1(run.name);
        }
    }
    void mosaicMptThroughput() {
        QFETCH(QString, name);
        const FoundryRun* run = foundryRun(name.toLatin1().constData());
        QVERIFY(run != nullptr);
        const PerformanceReport report = performanceOf(fourfold::test::foundryPlan(*run));
        QVERIFY(report.tokensPerSPerGpu > 0);
        const double error = relativeError(report.tokensPerSPerGpu, run->measuredTokensPerSPerGpu);
        qInfo(
            "%s: predicted %.0f tokens/s/GPU (MFU %.1f %%), measured %.0f (MFU %.1f %%), "
            "error %+.1f %%",
            run->name, report.tokensPerSPerGpu, report.mfu * 100, run->measuredTokensPerSPerGpu,
            run->reportedMfu * 100, error * 100);
        QVERIFY2(std::fabs(error) <= 0.20, "each row within 20 %");
    }

    void mosaicMptBand() {
        double sum = 0;
        double worst = 0;
        for (const FoundryRun& run : fourfold::test::kMosaicMptThroughput) {
            const PerformanceReport report = performanceOf(fourfold::test::foundryPlan(run));
            const double error =
                std::fabs(relativeError(report.tokensPerSPerGpu, run.measuredTokensPerSPerGpu));
            sum += error;
            worst = std::max(worst, error);
        }
        const double mean = sum / static_cast<double>(fourfold::test::kMosaicMptThroughput.size());
        qInfo("MosaicML MPT throughput: mean %.1f %%, worst %.1f %%", mean * 100, worst * 100);
        QVERIFY(mean <= 0.10);
        QVERIFY(worst <= 0.20);
    }

    // The default plan (Llama-2 7B, sequence 4096, on one node of 8 H100s, flash attention, no
    // recompute) sits with the 7B-class runs measured on 8 H100s: MPT-7B at 46.4 % MFU
    // (sequence 2048) and 40.4 % (sequence 4096, with checkpointing) in LLM Foundry's H100
    // table; torchtitan reports 33–39 % for Llama 3.1 8B on 8 H100s
    // (benchmarks/llama3_h100_202412_torchtitan.md). Not the 69 % a GEMM-only view gives.
    void defaultPlanUtilizationIsPlausible() {
        const PerformanceReport report = performanceOf(defaultPlan());
        qInfo("default plan: MFU %.1f %%, %.0f tokens/s/GPU", report.mfu * 100,
              report.tokensPerSPerGpu);
        QVERIFY(report.mfu >= 0.35);
        QVERIFY(report.mfu <= 0.55);
    }

    // The best layout the search finds for GPT-3 175B on 1,024 A100s (default space): published
    // runs of this size measure about 50 % — Korthikanti et al. 2022 Table 5's 175B at 51.4 %
    // MFU (selective recompute + SP), Narayanan et al. 2021 Table 1's 145.6B at 47.4 % of peak —
    // and even small models on one A100 node stay under 65 % (MPT-7B, 64.2 %). At most 60 %.
    void gpt3SearchBestUtilizationIsPlausible() {
        SearchOptions options;
        options.top = 1;
        const SearchResult result = search(fourfold::test::gpt3OnA100s(), options);
        QVERIFY(!result.candidates.empty());
        const SearchCandidate& best = result.candidates.front();
        const SearchLayout& l = best.point.layout;
        qInfo("GPT-3 175B on 1,024 A100: best dp %d tp %d pp %d v %d mb %d, MFU %.1f %%", l.dp,
              l.tp, l.pp, l.virtualStages, l.microBatch, best.point.mfu * 100);
        QVERIFY(best.point.mfu <= 0.65);
        QVERIFY(best.point.mfu >= 0.40);
        // The candidate's figure is evaluate()'s.
        QVERIFY(std::fabs(performanceOf(best.plan).mfu - best.point.mfu) <= 1e-9);
    }
};

QTEST_GUILESS_MAIN(TestPerformanceReferences)
#include "tst_performance_references.moc"
