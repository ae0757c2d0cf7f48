// SPDX-License-Identifier: MIT
// fourfold-cli export, import and evaluate --set.
#include "cli_test_util.h"
#include "tests/core/hf_configs_for_tests.h"

#include "app/cli/cli_commands.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QFileInfo>
#include <QTest>

#include <sstream>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

bool has(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

}  // namespace

class TestCliFrameworks : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string write(const QString& name, const std::string& text) {
        return writeFile(dir_, name, text);
    }

    std::string defaultPlanFile() {
        return write(QStringLiteral("plan.json"), planToJson(defaultPlan()));
    }

private slots:
    void helpForTheNewCommands() {
        QVERIFY(has(run({"export", "--help"}).out, "Usage: fourfold-cli export"));
        QVERIFY(has(run({"import", "--help"}).out, "Usage: fourfold-cli import"));
        QVERIFY(has(run({"evaluate", "--help"}).out, "--set FIELD=VALUE"));
        QVERIFY(has(run({"--help"}).out, "export PLAN --to"));
    }

    void exportEachFramework_data() {
        QTest::addColumn<QString>("framework");
        QTest::addColumn<QString>("expected");
        QTest::newRow("megatron") << QStringLiteral("megatron")
                                  << QStringLiteral("--tensor-model-parallel-size 1");
        QTest::newRow("deepspeed")
            << QStringLiteral("deepspeed") << QStringLiteral("\"train_batch_size\": 64");
        QTest::newRow("torchtitan")
            << QStringLiteral("torchtitan") << QStringLiteral("data_parallel_replicate_degree = 8");
    }
    void exportEachFramework() {
        QFETCH(QString, framework);
        QFETCH(QString, expected);
        const CliRun result = run({"export", defaultPlanFile(), "--to", framework.toStdString()});
        QCOMPARE(result.exitCode, 0);
        QVERIFY2(has(result.out, expected.toStdString()), result.out.c_str());
        // What the export prints imports back to the same global batch and data parallel.
        const std::string exported = write(QStringLiteral("exported"), result.out);
        const CliRun back = run({"import", exported});
        QCOMPARE(back.exitCode, 0);
        const auto plan = nlohmann::json::parse(back.out);
        QCOMPARE(plan["parallel"]["dp"].get<int>(), 8);
        QCOMPARE(plan["training"]["grad_accumulation"].get<int>(), 8);
    }

    void exportToAFile() {
        const std::string target = dir_.filePath(QStringLiteral("ds_config.json")).toStdString();
        const CliRun result = run({"export", defaultPlanFile(), "--to=deepspeed", "-o", target});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.empty());
        QFile file(QString::fromStdString(target));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("zero_optimization"));
    }

    void exportUsageErrors() {
        QCOMPARE(run({"export", defaultPlanFile()}).exitCode, 2);
        QCOMPARE(run({"export", defaultPlanFile(), "--to", "jax"}).exitCode, 2);
        QCOMPARE(run({"export", "--to", "megatron"}).exitCode, 2);
        Plan broken = defaultPlan();
        broken.training.globalBatch = 100;  // not 1 x 8 x 8
        const std::string path = write(QStringLiteral("broken.json"), planToJson(broken));
        const CliRun result = run({"export", path, "--to", "megatron"});
        QCOMPARE(result.exitCode, 1);
        QVERIFY(result.out.empty());
    }

    void importHuggingFaceConfig() {
        const std::string path =
            write(QStringLiteral("config.json"), fourfold::test::kMixtral8x7bConfig);
        const CliRun result = run({"import", path});
        QCOMPARE(result.exitCode, 0);
        const auto plan = nlohmann::json::parse(result.out);
        QCOMPARE(plan["model"]["hidden"].get<int>(), 4096);
        QCOMPARE(plan["model"]["kv_heads"].get<int>(), 8);
        QCOMPARE(plan["model"]["moe"]["experts"].get<int>(), 8);
        QCOMPARE(plan["name"].get<std::string>(), std::string("Imported from config.json"));
        // The printed plan is one evaluate accepts.
        const std::string printed = write(QStringLiteral("imported.json"), result.out);
        QCOMPARE(run({"evaluate", printed, "--json", "--no-ops"}).exitCode, 0);
    }

    void importOntoAPlanKeepsItsLayout() {
        Plan base = defaultPlan();
        base.parallel.tp = 2;
        base.parallel.dp = 4;
        const std::string onto = write(QStringLiteral("base.json"), planToJson(base));
        const std::string path =
            write(QStringLiteral("config.json"), fourfold::test::kQwen2_7bConfig);
        const CliRun result = run({"import", path, "--onto", onto});
        QCOMPARE(result.exitCode, 0);
        const auto plan = nlohmann::json::parse(result.out);
        QCOMPARE(plan["parallel"]["tp"].get<int>(), 2);
        QCOMPARE(plan["model"]["vocab"].get<int>(), 152064);
    }

    void importErrors() {
        const std::string falcon = write(QStringLiteral("falcon.json"),
                                         R"({"architectures": ["FalconForCausalLM"],
                                             "model_type": "falcon"})");
        const CliRun unknown = run({"import", falcon});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(has(unknown.err, "FalconForCausalLM"));
        QVERIFY(unknown.out.empty());
        QCOMPARE(run({"import", "/nonexistent/config.json"}).exitCode, 2);
        QCOMPARE(run({"import"}).exitCode, 2);
    }

    // Read no further than the documented limit (1 MiB): 8 MB of a valid config and an endless
    // /dev/zero are refused alike, before the import reads them whole.
    void importRefusesFilesOverTheLimit() {
        std::string text = "[parallelism]\ntensor_parallel_degree = 2\n";
        while (text.size() < 8'000'000) text += "# padding padding padding padding padding\n";
        const std::string path = write(QStringLiteral("huge.toml"), text);
        const CliRun huge = run({"import", path});
        QCOMPARE(huge.exitCode, 2);
        QVERIFY2(has(huge.err, "larger than the 1048576 bytes"), huge.err.c_str());
        QVERIFY(huge.out.empty());
        if (QFileInfo::exists(QStringLiteral("/dev/zero"))) {
            const CliRun zero = run({"import", "/dev/zero"});
            QCOMPARE(zero.exitCode, 2);
            QVERIFY2(has(zero.err, "larger than"), zero.err.c_str());
        }
    }

    void importProblemsPointIntoTheFile() {
        const std::string path = write(
            QStringLiteral("job.toml"),
            "[training]\nseq_len = 4096\n\n[parallelism]\ntensor_parallel_degree = \"four\"\n");
        const CliRun result = run({"import", path});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(has(result.err, path + ":5:26: error:") &&
                     has(result.err, "parallelism.tensor_parallel_degree"),
                 result.err.c_str());
    }

    void importNotesInChinese() {
        const std::string path =
            write(QStringLiteral("ds_config.json"),
                  R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": 2,
                "optimizer": {"type": "OneBitAdam"}})");
        const CliRun english = run({"import", path});
        QCOMPARE(english.exitCode, 0);
        QVERIFY2(has(english.err,
                     "info: Imported with a note: train_batch_size is \"auto\": "
                     "kept from the plan [/training/global_batch]"),
                 english.err.c_str());
        const CliRun chinese = run({"import", path, "--lang", "zh_CN"});
        QCOMPARE(chinese.exitCode, 0);
        QCOMPARE(chinese.out, english.out);
        QVERIFY2(has(chinese.err, "导入时的说明：train_batch_size 为 \"auto\"：沿用方案中的值") &&
                     has(chinese.err, "优化器 \"OneBitAdam\" 在方案中没有对应项") &&
                     !has(chinese.err, "kept from the plan"),
                 chinese.err.c_str());
        QCOMPARE(run({"import", path, "--lang=xx"}).exitCode, 2);
    }

    void evaluateWithOverrides() {
        const std::string plan = defaultPlanFile();
        const CliRun result = run({"evaluate", plan, "--json", "--no-ops", "--set", "parallel.tp=4",
                                   "--set", "training.micro_batch=2"});
        QVERIFY2(result.exitCode == 0 || result.exitCode == 1, result.err.c_str());
        const auto evaluation = nlohmann::json::parse(result.out);
        QCOMPARE(evaluation["world_size"].get<int>(), 32);              // 8 x 4
        QCOMPARE(evaluation["batch"]["global_batch"].get<int>(), 128);  // 2 x 8 x 8
        // The file itself is unchanged.
        QFile file(QString::fromStdString(plan));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().toStdString(), planToJson(defaultPlan()));
        // A bare word is a string value.
        const CliRun fp8 =
            run({"evaluate", plan, "--json", "--no-ops", "--set=training.precision=fp8"});
        QCOMPARE(fp8.exitCode, 0);
    }

    // Any dotted path the plan format documents, including the sections and keys a default
    // plan leaves out.
    void overridesReachEverySection() {
        const std::string plan = defaultPlanFile();
        const auto stepOf = [&](std::initializer_list<std::string> sets) {
            std::vector<std::string> args = {"evaluate", plan, "--json", "--no-ops"};
            for (const std::string& set : sets) args.push_back("--set=" + set);
            const CliRun result = run(args);
            if (result.exitCode != 0) return -1.0;
            return nlohmann::json::parse(result.out)["performance"]["step_time_s"].get<double>();
        };
        const double base = stepOf({});
        QVERIFY(base > 0);
        QVERIFY(stepOf({"performance.data_loading_s=0.5"}) > base + 0.49);
        QVERIFY(stepOf({"checkpoint.storage_gbps=100"}) > 0);
        QVERIFY(stepOf({"parallel.zero_stage=3", "parallel.reshard_after_forward=false"}) > 0);
        const CliRun badKey = run({"evaluate", plan, "--set", "checkpoint.storage=1"});
        QCOMPARE(badKey.exitCode, 2);
        QVERIFY2(has(badKey.err, "storage_gbps"), badKey.err.c_str());
    }

    void overrideErrors() {
        const std::string plan = defaultPlanFile();
        const CliRun badPath = run({"evaluate", plan, "--set", "parallel.tpp=4"});
        QCOMPARE(badPath.exitCode, 2);
        QVERIFY2(has(badPath.err, "parallel.tpp") && has(badPath.err, "tp"), badPath.err.c_str());
        const CliRun noValue = run({"evaluate", plan, "--set", "parallel.tp"});
        QCOMPARE(noValue.exitCode, 2);
        const CliRun badValue = run({"evaluate", plan, "--set", "parallel.tp=four"});
        QCOMPARE(badValue.exitCode, 1);
        QVERIFY2(has(badValue.err, "/parallel/tp"), badValue.err.c_str());
    }

    // Every documented key is reachable, those of sections a default plan leaves out and the
    // fields of a GPU given by its preset name included; each row's figure shows it took.
    void overridesReachEveryDocumentedKey_data() {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<double>("expected");
        QTest::newRow("gpu memory of a preset GPU")
            << QStringLiteral("cluster.gpu.memory_bytes=68719476736")
            << QStringLiteral("/memory/capacity_bytes") << 68719476736.0;
        QTest::newRow("measured step time") << QStringLiteral("measured.step_time_s=2")
                                            << QStringLiteral("/measured/step_time_error") << -1.0;
        QTest::newRow("performance token budget")
            << QStringLiteral("performance.token_budget=1e12")
            << QStringLiteral("/performance/training/tokens") << 1e12;
        QTest::newRow("checkpoint storage") << QStringLiteral("checkpoint.storage_gbps=1")
                                            << QStringLiteral("/checkpoint/write_s") << -1.0;
    }
    void overridesReachEveryDocumentedKey() {
        QFETCH(QString, set);
        QFETCH(QString, pointer);
        QFETCH(double, expected);  // < 0: the figure differs from the plan's without --set
        // A plan that leaves the sections out, as most hand-written plans do.
        const std::string plan =
            write(QStringLiteral("sparse.json"), "{\"cluster\": {\"nodes\": 1}}");
        const CliRun result = run(
            {"evaluate", plan, "--json", "--no-ops", "--no-groups", "--set", set.toStdString()});
        QVERIFY2(result.exitCode == 0 || result.exitCode == 1, result.err.c_str());
        const auto evaluation = nlohmann::json::parse(result.out);
        const auto before =
            nlohmann::json::parse(run({"evaluate", plan, "--json", "--no-ops", "--no-groups"}).out);
        const nlohmann::json::json_pointer at(pointer.toStdString());
        QVERIFY2(evaluation.contains(at), result.out.substr(0, 400).c_str());
        if (expected >= 0) {
            QCOMPARE(evaluation[at].get<double>(), expected);
        } else {
            QVERIFY(!before.contains(at) || before[at] != evaluation[at]);
        }
        // The GPU given by name keeps the preset's other figures: only its memory changed.
        if (set.startsWith(QStringLiteral("cluster.gpu"))) {
            QCOMPARE(evaluation["performance"]["step_time_s"].get<double>(),
                     before["performance"]["step_time_s"].get<double>());
        }
    }

    // --set holds its values and the plan it patches to a plan file's bounds: nesting is
    // checked before any parser runs, so neither a deep value nor a deep file crashes.
    void overridesKeepThePlanBounds() {
        const std::string plan = defaultPlanFile();
        const std::string deep = std::string(20000, '[') + std::string(20000, ']');
        const CliRun deepValue = run({"evaluate", plan, "--set", "parallel.tp=" + deep});
        QCOMPARE(deepValue.exitCode, 2);
        QVERIFY2(has(deepValue.err, "nests deeper than 128 levels"), deepValue.err.c_str());
        const std::string deepFile =
            write(QStringLiteral("deep.json"),
                  "{\"x\": " + std::string(100000, '[') + std::string(100000, ']') + "}");
        const CliRun file = run({"evaluate", deepFile, "--json", "--set", "parallel.tp=2"});
        QCOMPARE(file.exitCode, 1);
        const auto json = nlohmann::json::parse(file.out);
        QCOMPARE(json["diagnostics"][0]["code"].get<std::string>(), std::string("json.too_deep"));
        // A value that takes the plan past 1 MiB is refused as the file would be.
        const CliRun large = run({"evaluate", plan, "--set", "name=" + std::string(1100000, 'x')});
        QCOMPARE(large.exitCode, 2);
        QVERIFY2(has(large.err, "larger than the 1048576 bytes"), large.err.c_str());
        const CliRun grown = run({"evaluate", plan, "--set", "name=" + std::string(600000, 'x'),
                                  "--set", "training.recompute=" + std::string(600000, 'y')});
        QCOMPARE(grown.exitCode, 1);
        QVERIFY2(has(grown.err, "more than the 1048576 bytes"), grown.err.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCliFrameworks)
#include "tst_cli_frameworks.moc"
