// SPDX-License-Identifier: MIT
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <fstream>
#include <random>
#include <sstream>

using namespace fourfold::core;
using Json = nlohmann::json;

namespace {

bool validUtf8(const std::string& text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size())).toStdString() == text;
}

// A valid plan that does not depend on the preset catalog.
std::string basePlanText() {
    Plan plan = defaultPlan();
    plan.model.preset.clear();
    plan.model.parameters = 6.74e9;
    plan.training.globalBatch = 64;
    plan.cluster.gpu = {"lab-card", 85'899'345'920ULL, {989, 989, 1979, 67}, 3350};
    plan.cluster.intraNode = {"lab-link", 450, 3};
    plan.cluster.interNode = {"lab-net", 50, 5};
    plan.measured.peakBytesPerStage = {71'000'000'000ULL, 68'000'000'000ULL};
    plan.measured.stepTimeS = 1.9;
    return planToJson(plan);
}

std::string replaceOnce(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

Json randomJson(std::mt19937& rng, int depth) {
    static const std::vector<std::string> keys = {
        "schema",   "name",    "model",       "training", "parallel", "cluster",      "memory",
        "measured", "preset",  "layers",      "tp",       "dp",       "global_batch", "gpu",
        "moe",      "experts", "peak_tflops", "x",        "",         "é/~"};
    std::uniform_int_distribution<int> kind(0, depth > 4 ? 5 : 7);
    switch (kind(rng)) {
        case 0:
            return nullptr;
        case 1:
            return std::uniform_int_distribution<int>(0, 1)(rng) == 1;
        case 2:
            return std::uniform_int_distribution<std::int64_t>(-5, 1'000'000'000'000LL)(rng);
        case 3:
            return std::uniform_real_distribution<double>(-1e10, 1e10)(rng);
        case 4:
            return keys[std::uniform_int_distribution<std::size_t>(0, keys.size() - 1)(rng)];
        case 5:
            return std::uniform_int_distribution<int>(0, 9)(rng);
        case 6: {
            Json array = Json::array();
            for (int i = std::uniform_int_distribution<int>(0, 4)(rng); i > 0; --i) {
                array.push_back(randomJson(rng, depth + 1));
            }
            return array;
        }
        default: {
            Json object = Json::object();
            for (int i = std::uniform_int_distribution<int>(0, 5)(rng); i > 0; --i) {
                object[keys[std::uniform_int_distribution<std::size_t>(0, keys.size() - 1)(rng)]] =
                    randomJson(rng, depth + 1);
            }
            return object;
        }
    }
}

}  // namespace

class TestPlanJsonFuzz : public QObject {
    Q_OBJECT
private:
    int parsed_ = 0;

    // What must hold for any input: no exception, no plan without an error, no error with a
    // plan, readable messages and positions, and an accepted plan survives a save and reload.
    PlanParse check(const std::string& text) {
        ++parsed_;
        PlanParse parse;
        try {
            parse = parsePlan(text);
        } catch (...) {
            qFatal("parsePlan threw");
        }
        const bool errors = hasErrors(parse.diagnostics);
        if (parse.plan.has_value() == errors) {
            qFatal("plan %s but errors %s for: %s", parse.plan ? "set" : "unset",
                   errors ? "present" : "absent", text.substr(0, 300).c_str());
        }
        for (const auto& d : parse.diagnostics) {
            if (d.message.empty() || !validUtf8(d.message) || !validUtf8(d.path) || d.line < 0 ||
                d.column < 0 || (d.line > 0) != (d.column > 0)) {
                qFatal("malformed diagnostic: %s", describe(d).c_str());
            }
        }
        if (parse.plan) {
            const PlanParse again = parsePlan(planToJson(*parse.plan));
            if (!(again.plan == parse.plan))
                qFatal("no round trip for: %s", text.substr(0, 300).c_str());
        }
        return parse;
    }

    void expectError(const std::string& text, const char* what) {
        const PlanParse parse = check(text);
        if (!hasErrors(parse.diagnostics)) {
            qFatal("%s: accepted without an error: %s", what, text.substr(0, 300).c_str());
        }
    }

private slots:
    void cleanupTestCase() { qInfo("%d documents parsed", parsed_); }

    void baseIsValid() {
        const PlanParse parse = check(basePlanText());
        QVERIFY(parse.plan.has_value());
        QVERIFY(parse.diagnostics.empty());
    }

    void everyTruncationIsAnError() {
        for (const std::string& text :
             {basePlanText(), std::string(R"({"parallel": {"tp": 2}})")}) {
            // Cutting anywhere before the closing brace leaves the object open.
            const std::size_t closing = text.rfind('}');
            for (std::size_t length = 0; length < closing; ++length) {
                expectError(text.substr(0, length), "truncation");
            }
        }
    }

    void randomByteEdits() {
        const std::string base = basePlanText();
        std::mt19937 rng(1234);
        std::uniform_int_distribution<int> byte(0, 255);
        for (int i = 0; i < 4000; ++i) {
            std::string text = base;
            for (int edits = std::uniform_int_distribution<int>(1, 4)(rng); edits > 0; --edits) {
                const std::size_t at =
                    std::uniform_int_distribution<std::size_t>(0, text.size() - 1)(rng);
                switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
                    case 0:
                        text[at] = static_cast<char>(byte(rng));
                        break;
                    case 1:
                        text.insert(at, 1, static_cast<char>(byte(rng)));
                        break;
                    default:
                        text.erase(at, 1);
                }
            }
            check(text);
        }
    }

    void wrongTypePerKey() {
        const Json base = Json::parse(basePlanText());
        const Json flat = base.flatten();
        for (const auto& [pointer, value] : flat.items()) {
            if (pointer == "/schema") continue;
            std::vector<Json> wrong = {Json::array(), Json::object(), -1};
            if (!value.is_string()) wrong.push_back("four");
            if (!value.is_boolean()) wrong.push_back(true);
            if (!value.is_number()) wrong.push_back(3);
            const bool nullMeansAbsent =
                pointer == "/training/global_batch" || pointer == "/measured/step_time_s";
            if (!nullMeansAbsent) wrong.push_back(nullptr);
            for (const Json& replacement : wrong) {
                Json document = base;
                document[Json::json_pointer(pointer)] = replacement;
                const PlanParse parse = check(document.dump());
                const bool named = std::any_of(
                    parse.diagnostics.begin(), parse.diagnostics.end(), [&](const Diagnostic& d) {
                        return d.severity == Severity::Error && d.path == pointer &&
                               d.message.find(pointer) != std::string::npos;
                    });
                QVERIFY2(named, (pointer + " = " + replacement.dump()).c_str());
            }
        }
    }

    void hugeAndNonFiniteNumbers() {
        const Json base = Json::parse(basePlanText());
        const Json flat = base.flatten();
        for (const auto& [pointer, value] : flat.items()) {
            if (!value.is_number()) continue;
            for (const char* literal : {"1e400", "-1e400", "NaN", "Infinity", "-Infinity"}) {
                Json document = base;
                document[Json::json_pointer(pointer)] = "@@number@@";
                expectError(replaceOnce(document.dump(), "\"@@number@@\"", literal), literal);
            }
            for (const char* literal : {"99999999999999999999", "1000000000000000",
                                        "-9223372036854775809", "1e-400", "0.1e1"}) {
                Json document = base;
                document[Json::json_pointer(pointer)] = "@@number@@";
                check(replaceOnce(document.dump(), "\"@@number@@\"", literal));
            }
        }
    }

    void deepNesting() {
        for (const int depth : {129, 200, 5000, 100'000}) {
            expectError(std::string(std::size_t(depth), '['), "deep arrays");
            std::string objects;
            for (int i = 0; i < depth; ++i) objects += "{\"a\":";
            expectError(objects, "deep objects");
            expectError("{\"extra\": " + std::string(std::size_t(depth), '[') +
                            std::string(std::size_t(depth), ']') + "}",
                        "deep but balanced");
        }
        // Right at the limit is still read (an unknown key, so a warning).
        check("{\"extra\": " + std::string(127, '[') + std::string(127, ']') + "}");
    }

    void invalidUtf8InStrings() {
        const std::string base = basePlanText();
        const std::vector<std::string> bad = {
            "\x80",     "\xbf",         "\xc0\x80",         "\xc3",
            "\xe2\x82", "\xed\xa0\x80", "\xf5\x80\x80\x80", "\xf4\x90\x80\x80",
            "\xff",     "\xfe"};
        std::mt19937 rng(99);
        std::vector<std::size_t> quotes;
        for (std::size_t i = 0; i < base.size(); ++i) {
            if (base[i] == '"') quotes.push_back(i);
        }
        for (int i = 0; i < 600; ++i) {
            // Just after an opening quote is always inside a string.
            const std::size_t pair =
                std::uniform_int_distribution<std::size_t>(0, quotes.size() / 2 - 1)(rng);
            std::string text = base;
            text.insert(quotes[2 * pair] + 1, bad[std::size_t(i) % bad.size()]);
            expectError(text, "invalid UTF-8");
        }
    }

    void randomJsonValues() {
        std::mt19937 rng(4242);
        const Json base = Json::parse(basePlanText());
        static const std::vector<std::string> sections = {"/model",       "/training", "/parallel",
                                                          "/cluster",     "/memory",   "/measured",
                                                          "/cluster/gpu", "/model/moe"};
        for (int i = 0; i < 2000; ++i) {
            check(randomJson(rng, 0).dump());
            Json document = base;
            const auto& section = sections[std::size_t(i) % sections.size()];
            document[Json::json_pointer(section)] = randomJson(rng, 1);
            check(document.dump(-1, ' ', false, Json::error_handler_t::replace));
        }
    }
};

QTEST_GUILESS_MAIN(TestPlanJsonFuzz)
#include "tst_plan_json_fuzz.moc"
