// SPDX-License-Identifier: MIT
// fourfold-cli search: the JSON of PLAN_FORMAT.md "Search", each candidate's plan evaluating
// to the figures printed beside it, the table, the options and the exit codes.
#include "cli_test_util.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/text/format.h"

#include <nlohmann/json.hpp>

#include <QElapsedTimer>
#include <QTest>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

// Llama-2 7B on one node of 8 H100s, global batch 64: a space of a few thousand layouts.
Plan nodePlan() {
    Plan plan = defaultPlan();
    plan.training.globalBatch = 64;
    return plan;
}

}  // namespace

class TestCliSearch : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

    std::string writePlan(const QString& name, const Plan& plan) {
        return writeFile(dir_, name, planToJson(plan));
    }

private slots:
    void jsonFollowsTheFormatAndReevaluates() {
        const std::string path = writePlan(QStringLiteral("node.json"), nodePlan());
        const CliRun result = run({"search", path, "--json", "--top", "5"});
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("fourfold.search/1"));
        QCOMPARE(j["objective"].get<std::string>(), std::string("tokens_per_s"));
        for (const char* key : {"space", "pruned", "evaluated", "fitting", "seconds"}) {
            QVERIFY2(j.contains(key), key);
        }
        QCOMPARE(j["space"].get<std::int64_t>(),
                 j["pruned"].get<std::int64_t>() + j["evaluated"].get<std::int64_t>());
        QVERIFY(j["fitting"].get<std::int64_t>() > 5);
        QCOMPARE(j["candidates"].size(), std::size_t{5});
        double previous = 1e300;
        for (const auto& candidate : j["candidates"]) {
            // The plan is complete: parsed alone and evaluated, it gives the printed figures.
            const PlanParse parse = parsePlan(candidate["plan"].dump());
            QVERIFY(parse.plan);
            const Evaluation evaluation = evaluate(*parse.plan);
            QCOMPARE(evaluation.memory->peakBytes, candidate["peak_bytes"].get<std::uint64_t>());
            QVERIFY(evaluation.performance->stepTimeS == candidate["step_time_s"].get<double>());
            QVERIFY(evaluation.performance->tokensPerS == candidate["tokens_per_s"].get<double>());
            QVERIFY(evaluation.performance->mfu == candidate["mfu"].get<double>());
            QVERIFY(candidate["fits"].get<bool>());
            QVERIFY(candidate["pareto"].is_boolean());
            const double tokensPerS = candidate["tokens_per_s"].get<double>();
            QVERIFY(tokensPerS <= previous);
            previous = tokensPerS;
        }
        QVERIFY(!j["pareto_front"].empty());
        for (const auto& member : j["pareto_front"]) QVERIFY(member["pareto"].get<bool>());
    }

    // --csv prints the same candidates as --json, one row each under a header, best first.
    void csvListsTheCandidates() {
        const std::string path = writePlan(QStringLiteral("csv.json"), nodePlan());
        const CliRun csv = run({"search", path, "--csv", "--top", "4"});
        QCOMPARE(csv.exitCode, 0);
        const CliRun json = run({"search", path, "--json", "--top", "4"});
        const nlohmann::json j = nlohmann::json::parse(json.out);
        QVERIFY(csv.out.starts_with("rank,pareto,fits,dp,tp,pp,"));
        std::size_t rows = 0;
        std::size_t at = 0;
        while ((at = csv.out.find("\r\n", at)) != std::string::npos) {
            ++rows;
            at += 2;
        }
        QCOMPARE(rows, std::size_t{1 + 4});
        const std::string firstRow = csv.out.substr(csv.out.find("\r\n") + 2);
        QVERIFY(firstRow.starts_with("1,"));
        const std::string peak =
            "," + std::to_string(j["candidates"][0]["peak_bytes"].get<std::uint64_t>()) + ",";
        QVERIFY(firstRow.substr(0, firstRow.find("\r\n")).find(peak) != std::string::npos);
        const CliRun both = run({"search", path, "--csv", "--json"});
        QCOMPARE(both.exitCode, 2);
    }

    void objectiveChangesTheOrder() {
        const std::string path = writePlan(QStringLiteral("headroom.json"), nodePlan());
        const CliRun result = run({"search", path, "--json", "--objective", "headroom"});
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["objective"].get<std::string>(), std::string("headroom"));
        QCOMPARE(j["candidates"].size(), std::size_t{10});  // the default --top
        for (std::size_t i = 0; i + 1 < j["candidates"].size(); ++i) {
            QVERIFY(j["candidates"][i]["headroom_bytes"].get<std::int64_t>() >=
                    j["candidates"][i + 1]["headroom_bytes"].get<std::int64_t>());
        }
    }

    void tableIsReadable() {
        const std::string path = writePlan(QStringLiteral("table.json"), nodePlan());
        const CliRun result = run({"search", path, "--top", "3"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.find("Searched ") == 0);
        // Counts read grouped, as the app shows them: "Searched 12,345 layouts in ...".
        const nlohmann::json j =
            nlohmann::json::parse(run({"search", path, "--top", "3", "--json"}).out);
        const auto space = j["space"].get<std::int64_t>();
        QVERIFY2(space >= 1000, "too few layouts to show a group separator");
        const std::string counts =
            "Searched " + fourfold::core::formatGrouped(space) + " layouts in ";
        QVERIFY2(result.out.starts_with(counts), result.out.substr(0, 120).c_str());
        const std::string evaluated =
            fourfold::core::formatGrouped(j["evaluated"].get<std::int64_t>());
        QVERIFY(result.out.find(" " + evaluated + " evaluated") != std::string::npos);
        QVERIFY(result.out.find("Best by tokens_per_s") != std::string::npos);
        QVERIFY(result.out.find("Pareto front") != std::string::npos);
        QVERIFY(result.out.find("tokens/s") != std::string::npos);
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("objective")
            << QStringList{QStringLiteral("--objective"), QStringLiteral("speed")};
        QTest::newRow("top") << QStringList{QStringLiteral("--top"), QStringLiteral("-1")};
        QTest::newRow("top value") << QStringList{QStringLiteral("--top")};
        QTest::newRow("flag") << QStringList{QStringLiteral("--fast")};
        QTest::newRow("time limit")
            << QStringList{QStringLiteral("--time-limit"), QStringLiteral("soon")};
        QTest::newRow("negative time limit")
            << QStringList{QStringLiteral("--time-limit"), QStringLiteral("-1")};
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        const std::string path = writePlan(QStringLiteral("usage.json"), nodePlan());
        std::vector<std::string> args = {"search", path};
        for (const QString& argument : arguments) args.push_back(argument.toStdString());
        const CliRun result = run(args);
        QCOMPARE(result.exitCode, 2);
        QVERIFY(result.err.find("Usage: fourfold-cli search") != std::string::npos);
    }

    // --top 0 is written as the candidates are ranked, one plan at a time: the same object the
    // result would give whole, one valid JSON document.
    void everyFittingLayoutIsStreamedAsOneJsonObject() {
        const std::string path = writePlan(QStringLiteral("all.json"), nodePlan());
        const CliRun all = run({"search", path, "--json", "--top", "0", "--threads", "1"});
        QCOMPARE(all.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(all.out);
        QCOMPARE(j["candidates"].size(), j["fitting"].get<std::size_t>());
        QCOMPARE(j["generator"].get<std::string>(),
                 "fourfold-cli " + std::string(FOURFOLD_TEST_VERSION));
        QCOMPARE(j["time_limited"].get<bool>(), false);
        QVERIFY(!j["pareto_front"].empty());
        int rank = 0;
        for (const auto& candidate : j["candidates"]) {
            QCOMPARE(candidate["rank"].get<int>(), ++rank);
            QVERIFY(parsePlan(candidate["plan"].dump()).plan);
        }
        // The same search as a table streams too.
        const CliRun table = run({"search", path, "--top", "0", "--threads", "1"});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.find(std::to_string(rank) + " ") != std::string::npos);
    }

    // A hostile plan is cut off by the time limit and says so; the output is still one JSON
    // object, exit 0 with what was found.
    void timeLimitStopsAHostilePlan() {
        Plan plan = defaultPlan();
        plan.model.sequence = 1;
        plan.training.microBatch = 1'000'000;
        plan.training.gradAccumulation = 1;
        const std::string path = writePlan(QStringLiteral("hostile.json"), plan);
        QElapsedTimer timer;
        timer.start();
        const CliRun result =
            run({"search", path, "--json", "--top", "0", "--overlaps", "--time-limit", "0.5"});
        QVERIFY2(timer.elapsed() < 5000, std::to_string(timer.elapsed()).c_str());
        QCOMPARE(result.exitCode, 0);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["time_limited"].get<bool>(), true);
        QCOMPARE(j["cancelled"].get<bool>(), true);
        QVERIFY(j["notes"].dump().find("time limit of 500 ms") != std::string::npos);
        const CliRun table = run({"search", path, "--time-limit", "0.2"});
        QVERIFY2(table.out.find("stopped at the time limit") != std::string::npos,
                 table.out.c_str());
    }

    // A space past 10^9 layouts is refused before any is evaluated, exit 1 with the reason.
    void hugeSpaceIsRefused() {
        Plan plan = defaultPlan();
        plan.cluster.nodes = 125'000;  // 10^6 GPUs
        plan.parallel.dp = 1'000'000;
        plan.model.preset.clear();
        plan.model.moe.experts = 64;
        plan.model.moe.topK = 2;
        plan.training.globalBatch = std::int64_t{720} * 1'000'000;
        plan.training.gradAccumulation = 720;
        const std::string path = writePlan(QStringLiteral("huge.json"), plan);
        const CliRun result = run({"search", path, "--json"});
        QCOMPARE(result.exitCode, 1);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["space"].get<std::int64_t>(), std::int64_t{0});
        QVERIFY2(j["notes"].dump().find("more than 1000000000 layouts") != std::string::npos,
                 j["notes"].dump().c_str());
    }

    void missingFileIsAUsageError() {
        const CliRun result =
            run({"search", dir_.filePath(QStringLiteral("none.json")).toStdString()});
        QCOMPARE(result.exitCode, 2);
    }

    // A setting outside its range breaks a rule in every layout: exit 1, and a note says why.
    void everyLayoutPrunedIsAnError() {
        Plan plan = nodePlan();
        plan.model.kvHeads = 64;  // above the 32 query heads: no layout can mend that
        const std::string path = writePlan(QStringLiteral("broken.json"), plan);
        const CliRun result = run({"search", path, "--json"});
        QCOMPARE(result.exitCode, 1);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["pruned"].get<std::int64_t>(), j["space"].get<std::int64_t>());
        QCOMPARE(j["notes"].size(), std::size_t{1});
        // The JSON keeps the English note, naming the rule by its code.
        QCOMPARE(QString::fromStdString(j["notes"][0].get<std::string>()),
                 QStringLiteral("every layout breaks a rule, first: model.kv_heads_above_heads"));
        // The table writes it in the reader's language.
        const CliRun zh = run({"search", path, "--lang", "zh_CN"});
        QVERIFY2(zh.out.find("注意：每种布局都违反某条规则，第一条：model.kv_heads_above_heads") !=
                     std::string::npos,
                 zh.out.c_str());
    }

    void unreadablePlanIsAPlanError() {
        const std::string path = writeFile(dir_, QStringLiteral("bad.json"), "{ \"parallel\": ");
        const CliRun result = run({"search", path, "--json"});
        QCOMPARE(result.exitCode, 1);
        const nlohmann::json j = nlohmann::json::parse(result.out);
        QCOMPARE(j["schema"].get<std::string>(), std::string("fourfold.search/1"));
        QVERIFY(!j["diagnostics"].empty());
    }

    void helpAndMainHelpListIt() {
        QCOMPARE(run({"search", "--help"}).exitCode, 0);
        QVERIFY(run({"--help"}).out.find("search PLAN") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCliSearch)
#include "tst_cli_search.moc"
