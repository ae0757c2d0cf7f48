// SPDX-License-Identifier: MIT
// writeEvaluationJson streams the operation and group lists instead of building them as a tree:
// its output must read back as exactly the tree evaluationToJsonValue builds, and the options
// must leave out the lists and nothing else.
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/catalog.h"

#include <nlohmann/json.hpp>

// QCOMPARE weighs a conversion of JSON values to qfloat16, which must then be complete.
#include <QFloat16>
#include <QTest>

#include <sstream>

using namespace fourfold::core;
using Json = nlohmann::ordered_json;

namespace {

// Pipeline, interleaving and several group kinds, so every streamed list is non-trivial.
Plan pipelinePlan() {
    Plan plan = defaultPlan();
    plan.parallel.dp = 2;
    plan.parallel.tp = 2;
    plan.parallel.pp = 4;
    plan.parallel.virtualStages = 2;
    plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
    plan.training.gradAccumulation = 8;
    plan.training.globalBatch.reset();
    plan.cluster.nodes = 2;
    return plan;
}

Json streamed(const Evaluation& evaluation, const EvaluationJsonOptions& options) {
    std::ostringstream out;
    writeEvaluationJson(out, evaluation, options);
    return Json::parse(out.str());
}

}  // namespace

class TestEvaluationJson : public QObject {
    Q_OBJECT
private slots:
    void streamedJsonReadsBackAsTheTree() {
        const Evaluation evaluation = evaluate(pipelinePlan());
        QVERIFY(evaluation.schedule.has_value());
        QVERIFY(evaluation.topology.has_value());
        const Json tree = evaluationToJsonValue(evaluation);
        const Json stream = streamed(evaluation, {});
        QCOMPARE(stream["schedule"]["ranks"][0]["ops"].size(),
                 tree["schedule"]["ranks"][0]["ops"].size());
        QVERIFY(!stream["topology"]["groups"]["tp"].empty());
        QVERIFY(!stream["topology"]["groups_spanning_nodes"]["pp"].empty());
        QVERIFY2(stream == tree, Json::diff(tree, stream).dump(1).c_str());
        // evaluationToJson is the streamed text itself.
        QCOMPARE(Json::parse(evaluationToJson(evaluation)), tree);
    }

    void optionsLeaveOutTheListsOnly() {
        const Evaluation evaluation = evaluate(pipelinePlan());
        Json expected = evaluationToJsonValue(evaluation);
        // The activation timeline has a step per operation: it goes with them.
        for (auto& rank : expected["schedule"]["ranks"]) {
            rank.erase("ops");
            rank.erase("activation_timeline");
        }
        // The indices of the groups spanning nodes point into the lists: they go with them.
        expected["topology"].erase("groups");
        expected["topology"].erase("groups_spanning_nodes");
        const Json stream = streamed(evaluation, {false, false});
        QVERIFY2(stream == expected, Json::diff(expected, stream).dump(1).c_str());
        const Json onlyOps = streamed(evaluation, {true, false});
        QVERIFY(onlyOps["schedule"]["ranks"][0].contains("ops"));
        QVERIFY(!onlyOps["topology"].contains("groups"));
        QVERIFY(!onlyOps["topology"].contains("groups_spanning_nodes"));
        QVERIFY(onlyOps["topology"].contains("cross_node_groups"));
        const Json onlyGroups = streamed(evaluation, {false, true});
        QVERIFY(!onlyGroups["schedule"]["ranks"][0].contains("ops"));
        QVERIFY(!onlyGroups["schedule"]["ranks"][0].contains("activation_timeline"));
        QVERIFY(onlyGroups["schedule"]["ranks"][0].contains("headroom_bytes"));
        QVERIFY(onlyOps["schedule"]["ranks"][0].contains("activation_timeline"));
        QCOMPARE(onlyGroups["topology"]["groups"],
                 evaluationToJsonValue(evaluation)["topology"]["groups"]);
    }

    // The list-free tree helpers: Omit drops the key, Placeholder leaves a null to fill.
    void listModes() {
        const Evaluation evaluation = evaluate(pipelinePlan());
        const Json omitted = evaluationToJsonValue(evaluation, ListMode::Omit, ListMode::Omit);
        QVERIFY(!omitted["schedule"]["ranks"][0].contains("ops"));
        QVERIFY(!omitted["topology"].contains("groups"));
        const Json placeholders =
            evaluationToJsonValue(evaluation, ListMode::Placeholder, ListMode::Placeholder);
        QVERIFY(placeholders["schedule"]["ranks"][0]["ops"].is_null());
        QVERIFY(placeholders["topology"]["groups"]["dp"].is_null());
        QVERIFY(placeholders["topology"]["groups_spanning_nodes"]["pp"].is_null());
    }

    // Strings are escaped as the tree writer escapes them, invalid UTF-8 included.
    void oddTextIsEscapedTheSameWay() {
        Evaluation evaluation = evaluate(pipelinePlan());
        evaluation.diagnostics.push_back(
            {Severity::Warning, "/name", std::string("quote \" slash \\ tab \t bad \xff byte")});
        const std::string text = [&] {
            std::ostringstream out;
            writeEvaluationJson(out, evaluation);
            return out.str();
        }();
        const Json tree = Json::parse(
            evaluationToJsonValue(evaluation).dump(-1, ' ', false, Json::error_handler_t::replace));
        QCOMPARE(Json::parse(text), tree);
    }
};

QTEST_APPLESS_MAIN(TestEvaluationJson)
#include "tst_evaluation_json.moc"
