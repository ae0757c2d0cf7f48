// SPDX-License-Identifier: MIT
// Whole-engine checks: each folder of tests/data/golden holds plan.json and the evaluation the
// engine must produce for it (expected-evaluation.json). A mismatch prints a JSON diff. After
// a deliberate change, FOURFOLD_UPDATE_GOLDEN=1 rewrites the expected files for review.
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_json.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace fourfold::core;

namespace {

std::string readText(const QString& path) {
    std::ifstream file(path.toStdString(), std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

// `actual` keeps every key of `expected` with the same value, up to a relative 1e-9 on numbers
// (a last-bit difference in a double is not a failure). The evaluation JSON is a public
// contract that may gain keys but never change one, so keys only `actual` has are allowed.
bool nearlyEqual(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>();
        const double y = b.get<double>();
        return std::fabs(x - y) <= 1e-9 * std::max({1.0, std::fabs(x), std::fabs(y)});
    }
    if (a.type() != b.type()) return false;
    if (a.is_object()) {
        for (auto it = b.begin(); it != b.end(); ++it) {
            if (!a.contains(it.key()) || !nearlyEqual(a.at(it.key()), it.value())) return false;
        }
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!nearlyEqual(a[i], b[i])) return false;
        }
        return true;
    }
    return a == b;
}

}  // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void evaluation_data() {
        QTest::addColumn<QString>("folder");
        const QDir root(QStringLiteral(FOURFOLD_TEST_DATA_DIR "/golden"));
        const auto folders = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY(!folders.isEmpty());
        for (const QString& name : folders) {
            QTest::newRow(name.toUtf8().constData()) << root.filePath(name);
        }
    }
    void evaluation() {
        QFETCH(QString, folder);
        const PlanParse parse = parsePlan(readText(folder + QStringLiteral("/plan.json")));
        QVERIFY2(parse.plan.has_value(), "the golden plan must parse");
        const nlohmann::json actual =
            nlohmann::json::parse(evaluationToJson(evaluate(*parse.plan)));
        const QString expectedPath = folder + QStringLiteral("/expected-evaluation.json");
        if (qEnvironmentVariableIsSet("FOURFOLD_UPDATE_GOLDEN")) {
            std::ofstream(expectedPath.toStdString(), std::ios::binary)
                << evaluationToJson(evaluate(*parse.plan));
            QSKIP("expected evaluation rewritten; review the diff");
        }
        const std::string expectedText = readText(expectedPath);
        QVERIFY2(!expectedText.empty(), "expected-evaluation.json is missing");
        const nlohmann::json expected = nlohmann::json::parse(expectedText);
        if (!nearlyEqual(actual, expected)) {
            // Added keys are allowed; show only what was removed or changed.
            nlohmann::json changes = nlohmann::json::array();
            for (const auto& op : nlohmann::json::diff(expected, actual)) {
                if (op.at("op") != "add") changes.push_back(op);
            }
            const std::string diff = changes.dump(1);
            QFAIL(("evaluation differs from expected-evaluation.json:\n" + diff.substr(0, 4000))
                      .c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
