// SPDX-License-Identifier: MIT
#include "coded_diagnostics_for_tests.h"
#include "validate_rules_for_tests.h"

#include "core/plan/catalog.h"
#include "core/rules/validate.h"

#include <QTest>

#include <algorithm>
#include <climits>
#include <cmath>
#include <functional>
#include <limits>

using namespace fourfold::core;
using namespace fourfold::core::testing;

namespace {

QString listing(const std::vector<Diagnostic>& diagnostics) {
    QString text;
    for (const auto& d : diagnostics) text += QString::fromStdString(describe(d)) + u'\n';
    return text;
}

Plan articleExample() {
    // The source article's 3D-parallel example: 64 GPUs as DP 8 × TP 4 × PP 2, 8 nodes of 8.
    Plan plan = defaultPlan();
    useGpus(plan, 8, 4, 2, 1, 8);
    return plan;
}

}  // namespace

class TestValidate : public QObject {
    Q_OBJECT
private slots:
    void defaultPlanHasNoDiagnostics() {
        const auto diagnostics = validate(defaultPlan());
        QVERIFY2(diagnostics.empty(), qPrintable(listing(diagnostics)));
    }

    void rule_data() {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < rules().size(); ++i) {
            QTest::newRow(rules()[i].name) << static_cast<int>(i);
        }
    }
    void rule() {
        QFETCH(int, index);
        const Rule& rule = rules()[static_cast<std::size_t>(index)];
        Plan plan = defaultPlan();
        rule.edit(plan);
        const auto diagnostics = validate(plan);
        const auto match = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const auto& d) {
            return d.path == rule.path && d.severity == rule.severity;
        });
        QVERIFY2(match != diagnostics.end(),
                 qPrintable(QStringLiteral("expected %1 at %2; got:\n%3")
                                .arg(QString::fromUtf8(severityName(rule.severity).data()),
                                     QString::fromUtf8(rule.path), listing(diagnostics))));
        for (const std::string& mention : rule.mentions) {
            QVERIFY2(match->message.find(mention) != std::string::npos,
                     qPrintable(QStringLiteral("\"%1\" not in: %2")
                                    .arg(QString::fromStdString(mention),
                                         QString::fromStdString(match->message))));
        }
        QVERIFY(match->message.size() > 20);
        QCOMPARE(match->line, 0);
        // Every diagnostic the rule produces is coded: known code, the args its sentence
        // quotes, the message rendered from them.
        for (const Diagnostic& d : diagnostics) {
            const QString problem = codedProblem(d);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
        }
    }

    void everyModelPresetValidatesOnASensibleCluster_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QList<int>>("layout");  // dp tp pp ep nodes
        for (const auto& preset : builtinCatalog().models) {
            const QString name = QString::fromStdString(preset.name);
            QTest::newRow(qPrintable(name + QStringLiteral("-dp8")))
                << name << QList<int>{8, 1, 1, 1, 1};
            // TP as wide as 8 that still gives each rank whole key/value groups (Qwen3 has 4).
            int tp = 8;
            while (tp > 1 && preset.spec.kvHeads % tp != 0) tp /= 2;
            QTest::newRow(qPrintable(name + QStringLiteral("-tp%1").arg(tp)))
                << name << QList<int>{8 / tp, tp, 1, 1, 1};
            QTest::newRow(qPrintable(name + QStringLiteral("-dp8-tp4-pp2")))
                << name << QList<int>{8, 4, 2, 1, 8};
            if (preset.spec.moe.experts > 1) {
                QTest::newRow(qPrintable(name + QStringLiteral("-dp8-ep8")))
                    << name << QList<int>{8, 1, 1, 8, 1};
            }
        }
    }
    void everyModelPresetValidatesOnASensibleCluster() {
        QFETCH(QString, model);
        QFETCH(QList<int>, layout);
        Plan plan = defaultPlan();
        plan.model = findModelPreset(model.toStdString())->spec;
        useGpus(plan, layout[0], layout[1], layout[2], 1, layout[4]);
        plan.parallel.ep = layout[3];
        const auto diagnostics = validate(plan);
        QVERIFY2(!hasErrors(diagnostics), qPrintable(listing(diagnostics)));
    }

    void everyGpuAndLinkPresetValidates() {
        for (const auto& gpu : builtinCatalog().gpus) {
            for (const Precision precision :
                 {Precision::Bf16, Precision::Fp16, Precision::Fp32, Precision::Fp8}) {
                Plan plan = defaultPlan();
                plan.cluster.gpu = gpu.spec;
                plan.training.precision = precision;
                const auto diagnostics = validate(plan);
                QVERIFY2(!hasErrors(diagnostics), qPrintable(listing(diagnostics)));
            }
        }
        for (const auto& link : builtinCatalog().links) {
            Plan plan = defaultPlan();
            useGpus(plan, 16, 1, 1, 1, 2);
            plan.cluster.intraNode = link.spec;
            plan.cluster.interNode = link.spec;
            const auto diagnostics = validate(plan);
            QVERIFY2(diagnostics.empty(), qPrintable(listing(diagnostics)));
        }
    }

    // Megatron-Core's expert layout lets EP span TP ranks: with expert TP 1, EP 64 runs on the
    // 64 dense ranks of a stage (TP 2 × DP 32), as in DeepSeek-V3's layout (TP 2, PP 16, DP 32,
    // EP 64, expert TP 1 on 1,024 GPUs).
    void expertParallelMaySpanTensorRanks() {
        Plan plan = defaultPlan();
        plan.model = presetModel("mixtral-8x7b");
        plan.model.moe.experts = 64;
        useGpus(plan, 32, 2, 16, 1, 128);
        plan.model.layers = 64;
        plan.parallel.ep = 64;
        plan.parallel.etp = 1;
        const auto diagnostics = validate(plan);
        QVERIFY2(!hasErrorsUnder(diagnostics, {"/parallel"}), qPrintable(listing(diagnostics)));
        plan.parallel.etp = 2;  // 2 × 64 = 128 expert ranks: more than the 64 dense ranks
        QVERIFY(hasErrorsUnder(validate(plan), {"/parallel/ep"}));
    }

    void unusedLinksNeedNoBandwidth() {
        Plan plan = defaultPlan();  // one node: the inter-node link carries nothing
        plan.cluster.interNode = LinkSpec{"none", 0, 0};
        QVERIFY2(validate(plan).empty(), qPrintable(listing(validate(plan))));
        plan.cluster.nodes = 2;
        plan.parallel.dp = 16;
        QVERIFY(hasErrorsUnder(validate(plan), {"/cluster/inter_node"}));
    }

    void articleSixtyFourGpuExampleIsClean() {
        const Plan plan = articleExample();
        QCOMPARE(worldSize(plan), std::int64_t{64});
        const auto diagnostics = validate(plan);
        QVERIFY2(diagnostics.empty(), qPrintable(listing(diagnostics)));
    }

    void articleGlobalBatchCountsOnlyDataParallel() {
        // B = micro-batch × accumulation × N_dp; TP 4 and PP 2 never multiply it.
        Plan plan = articleExample();
        QCOMPARE(derivedGlobalBatch(plan), std::int64_t{1 * 8 * 8});
        Plan noModelParallel = plan;
        useGpus(noModelParallel, 8, 1, 1, 1, 1);
        QCOMPARE(derivedGlobalBatch(noModelParallel), derivedGlobalBatch(plan));

        plan.training.globalBatch = 64;
        QVERIFY2(validate(plan).empty(), qPrintable(listing(validate(plan))));

        plan.training.globalBatch = 64 * 4 * 2;  // the classic mistake: every GPU counted
        const auto diagnostics = validate(plan);
        QVERIFY(hasErrorsUnder(diagnostics, {"/training/global_batch"}));
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QVERIFY(diagnostics.front().message.find("512") != std::string::npos);
        QVERIFY(diagnostics.front().message.find("= 64") != std::string::npos);
    }

    void absurdIntegersNeverCrash() {
        const std::vector<std::function<int&(Plan&)>> fields = {
            [](Plan& p) -> int& { return p.model.layers; },
            [](Plan& p) -> int& { return p.model.hidden; },
            [](Plan& p) -> int& { return p.model.heads; },
            [](Plan& p) -> int& { return p.model.kvHeads; },
            [](Plan& p) -> int& { return p.model.ffnHidden; },
            [](Plan& p) -> int& { return p.model.vocab; },
            [](Plan& p) -> int& { return p.model.sequence; },
            [](Plan& p) -> int& { return p.model.moe.experts; },
            [](Plan& p) -> int& { return p.model.moe.topK; },
            [](Plan& p) -> int& { return p.model.moe.expertFfnHidden; },
            [](Plan& p) -> int& { return p.training.microBatch; },
            [](Plan& p) -> int& { return p.training.gradAccumulation; },
            [](Plan& p) -> int& { return p.parallel.dp; },
            [](Plan& p) -> int& { return p.parallel.tp; },
            [](Plan& p) -> int& { return p.parallel.pp; },
            [](Plan& p) -> int& { return p.parallel.cp; },
            [](Plan& p) -> int& { return p.parallel.ep; },
            [](Plan& p) -> int& { return p.parallel.etp; },
            [](Plan& p) -> int& { return p.parallel.virtualStages; },
            [](Plan& p) -> int& { return p.parallel.zeroStage; },
            [](Plan& p) -> int& { return p.parallel.shardingGroup; },
            [](Plan& p) -> int& { return p.cluster.gpusPerNode; },
            [](Plan& p) -> int& { return p.cluster.nodes; },
        };
        for (std::size_t field = 0; field < fields.size(); ++field) {
            for (const int value : {INT_MIN, -1, 0, INT_MAX}) {
                Plan plan = defaultPlan();
                fields[field](plan) = value;
                const auto diagnostics = validate(plan);
                if (value == INT_MIN || value == INT_MAX) {
                    QVERIFY2(!diagnostics.empty(),
                             qPrintable(QStringLiteral("field %1 = %2").arg(field).arg(value)));
                }
            }
        }
        Plan plan = defaultPlan();
        plan.training.globalBatch = std::numeric_limits<std::int64_t>::max();
        QVERIFY(hasErrorsUnder(validate(plan), {"/training/global_batch"}));
        plan.training.globalBatch = std::numeric_limits<std::int64_t>::min();
        QVERIFY(hasErrorsUnder(validate(plan), {"/training/global_batch"}));
    }

    void absurdFiguresAreErrors() {
        const double inf = std::numeric_limits<double>::infinity();
        const std::vector<std::pair<std::string, std::function<double&(Plan&)>>> fields = {
            {"/model/parameters", [](Plan& p) -> double& { return p.model.parameters; }},
            {"/memory/fragmentation", [](Plan& p) -> double& { return p.memory.fragmentation; }},
            {"/memory/safety_margin", [](Plan& p) -> double& { return p.memory.safetyMargin; }},
            {"/cluster/gpu/peak_tflops/bf16",
             [](Plan& p) -> double& { return p.cluster.gpu.peakTflops.bf16; }},
            {"/cluster/gpu/peak_tflops/fp8",
             [](Plan& p) -> double& { return p.cluster.gpu.peakTflops.fp8; }},
            {"/cluster/gpu/hbm_gbps", [](Plan& p) -> double& { return p.cluster.gpu.hbmGbps; }},
            {"/cluster/intra_node/gbps",
             [](Plan& p) -> double& { return p.cluster.intraNode.gbps; }},
            {"/cluster/inter_node/gbps",
             [](Plan& p) -> double& { return p.cluster.interNode.gbps; }},
            {"/cluster/inter_node/latency_us",
             [](Plan& p) -> double& { return p.cluster.interNode.latencyUs; }},
        };
        for (const auto& [path, field] : fields) {
            for (const double value : {kNaN, inf, -inf, -1.0, 1e300}) {
                Plan plan = defaultPlan();
                field(plan) = value;
                const auto diagnostics = validate(plan);
                QVERIFY2(hasErrorsUnder(diagnostics, {path}),
                         qPrintable(QStringLiteral("%1 = %2\n%3")
                                        .arg(QString::fromStdString(path))
                                        .arg(value)
                                        .arg(listing(diagnostics))));
            }
        }
        Plan plan = defaultPlan();
        plan.cluster.gpu.memoryBytes = std::numeric_limits<std::uint64_t>::max();
        plan.memory.frameworkBytes = std::numeric_limits<std::uint64_t>::max();
        QVERIFY(hasErrorsUnder(validate(plan), {"/cluster/gpu/memory_bytes"}));
    }

    void shapeForAnyCountValidatesUnlessAbsurd() {
        for (const double parameters : {1e8, 7e9, 70e9, 1e12, 2e12}) {
            Plan plan = defaultPlan();
            plan.model = shapeForParameterCount(parameters);
            QVERIFY2(!hasErrors(validate(plan)), qPrintable(listing(validate(plan))));
        }
        for (const double parameters : {0.0 - 5, kNaN, 1e15}) {
            Plan plan = defaultPlan();
            plan.model = shapeForParameterCount(parameters);
            QVERIFY(hasErrorsUnder(validate(plan), {"/model/parameters"}));
        }
    }
};

QTEST_GUILESS_MAIN(TestValidate)
#include "tst_validate.moc"
