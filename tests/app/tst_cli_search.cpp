// SPDX-License-Identifier: MIT
// fourfold-cli search: the JSON of PLAN_FORMAT.md "Search", each candidate's plan evaluating
// to the figures printed beside it, the table, the options and the exit codes.
#include "cli_test_util.h"

#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/text/format.h"

#include <nlohmann/json.hpp>

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
