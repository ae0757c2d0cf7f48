// SPDX-License-Identifier: MIT
// Coded texts (core/text/coded_text.h): the English templates write exactly the text the engine
// wrote before (hand-written here), the Chinese table has the same codes and quotes every arg,
// every what-if code renders in both languages with each of its numbers and, in Chinese, no
// English word; the what-ifs of a plan that does not fit carry codes whose English rendering is
// their `change`.
#include "core/evaluate/evaluate.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_title.h"
#include "core/text/coded_text.h"

#include <QTest>

#include <cctype>
#include <set>
#include <string>

using namespace fourfold::core;

namespace {

// Every what-if code with args as the engine gives them (both forms of the doubling ones).
const std::vector<CodedText> kWhatIfs = {
    {"what_if.zero_stage", {{"before", 0}, {"after", 1}}},
    {"what_if.selective_recompute", {}},
    {"what_if.full_recompute", {}},
    {"what_if.micro_batch",
     {{"before", 16}, {"after", 8}, {"accumulation_before", 3}, {"accumulation_after", 6}}},
    {"what_if.tensor_parallel",
     {{"before", 1},
      {"after", 2},
      {"dp_before", 8},
      {"dp_after", 4},
      {"accumulation_before", 8},
      {"accumulation_after", 16}}},
    {"what_if.tensor_parallel",
     {{"before", 2}, {"after", 4}, {"gpus_before", 24}, {"gpus_after", 48}}},
    {"what_if.pipeline_stages",
     {{"before", 2},
      {"after", 4},
      {"dp_before", 6},
      {"dp_after", 3},
      {"accumulation_before", 5},
      {"accumulation_after", 10}}},
    {"what_if.pipeline_stages",
     {{"before", 3}, {"after", 6}, {"gpus_before", 21}, {"gpus_after", 42}}},
    {"what_if.optimizer_offload", {}},
    {"what_if.parameter_offload", {}},
    {"what_if.largest_micro_batch", {{"before", 16}, {"after", 5}}},
    {"what_if.largest_micro_batch", {{"before", 16}, {"after", 5}, {"accumulation", 4}}},
    {"what_if.activation_offload", {}},
    {"what_if.chunked_loss", {{"chunks", 8}}},
    {"what_if.qlora", {{"rank", 16}}},
    {"what_if.both",
     {{"first", "ZeRO stage 0 → 1"},
      {"first.code", "what_if.zero_stage"},
      {"first.before", 0},
      {"first.after", 1},
      {"second", "full recompute"},
      {"second.code", "what_if.full_recompute"}}},
};

// English words of two or more letters, ignoring the few a Chinese text keeps.
std::vector<std::string> englishWords(const std::string& text) {
    static const std::set<std::string> kept = {"ZeRO", "GPU", "CPU", "dp", "QLoRA", "NF"};
    std::vector<std::string> words;
    std::string word;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const auto c = i < text.size() ? static_cast<unsigned char>(text[i]) : 0;
        if (c != 0 && c < 0x80 && std::isalpha(c)) {
            word += static_cast<char>(c);
            continue;
        }
        if (word.size() >= 2 && !kept.contains(word)) words.push_back(word);
        word.clear();
    }
    return words;
}

}  // namespace

class TestCodedText : public QObject {
    Q_OBJECT
private slots:
    void tablesAreSortedWithTheSameCodesAndArgs() {
        const auto en = codedTexts(Language::English);
        const auto zh = codedTexts(Language::SimplifiedChinese);
        QCOMPARE(en.size(), zh.size());
        for (std::size_t i = 0; i < en.size(); ++i) {
            if (i > 0) QVERIFY2(en[i - 1].code < en[i].code, std::string(en[i].code).c_str());
            QCOMPARE(zh[i].code, en[i].code);
            std::vector<std::string> enArgs = templateArgNames(en[i].text);
            std::vector<std::string> zhArgs = templateArgNames(zh[i].text);
            std::sort(enArgs.begin(), enArgs.end());
            std::sort(zhArgs.begin(), zhArgs.end());
            QVERIFY2(enArgs == zhArgs, std::string(en[i].code).c_str());
        }
    }

    void englishIsTheTextTheEngineWrote() {
        const auto en = [](const CodedText& text) {
            return renderCodedText(text, Language::English);
        };
        QCOMPARE(en(kWhatIfs[0]), std::string("ZeRO stage 0 → 1"));
        QCOMPARE(en(kWhatIfs[3]), std::string("micro-batch 16 → 8 (accumulation 3 → 6)"));
        QCOMPARE(en(kWhatIfs[4]),
                 std::string("tensor parallel 1 → 2 (dp 8 → 4, accumulation 8 → 16)"));
        QCOMPARE(en(kWhatIfs[11]), std::string("micro-batch 16 → 5 (accumulation 4 kept)"));
        // A pair quotes its two changes, each rendered in the reader's language.
        QCOMPARE(en(kWhatIfs[15]), std::string("ZeRO stage 0 → 1 and full recompute"));
        QCOMPARE(renderCodedText(kWhatIfs[15], Language::SimplifiedChinese),
                 std::string("ZeRO 阶段 0 → 1，并且完全重计算"));
        QCOMPARE(en(kWhatIfs[7]), std::string("pipeline stages 3 → 6 (21 → 42 GPUs)"));
        QCOMPARE(en(kWhatIfs[8]), std::string("optimizer offload to CPU"));
        // 3 stages, 8 micro-batches: (3 − 1)/(8 + 3 − 1) = 2/10 = 20.0 %, as describeBubble wrote.
        const std::vector<CodedText> bubble = {
            {"bubble.closed_form", {{"numerator", 2}, {"denominator", 10}, {"fraction", 0.2}}},
            {"bubble.simulated_differs", {{"simulated", 0.25}}}};
        QCOMPARE(renderCodedLine(bubble, Language::English),
                 std::string("(p − 1)/(m + p − 1) = 2/10 = 20.0 %; simulated 25.0 % (uneven "
                             "stages or transfer time)"));
        QCOMPARE(
            renderCodedLine(bubble, Language::SimplifiedChinese),
            std::string("(p − 1)/(m + p − 1) = 2/10 = 20.0 %；模拟值 25.0 %（阶段不均衡或有传输"
                        "时间）"));
        QCOMPARE(en({"formula.goodput", {{"goodput", 0.9}}}),
                 std::string("goodput = 1 − δ/τ − (τ/2 + R)/M = 90.0 %"));
        // An unknown code still says what it is; an empty one says nothing.
        QCOMPARE(en({"no.such_code", {{"a", 1}}}), std::string("no.such_code (a=1)"));
        QCOMPARE(en({}), std::string());
    }

    void everyWhatIfCodeRendersInBothLanguages() {
        std::set<std::string> covered;
        for (const CodedText& text : kWhatIfs) {
            covered.insert(text.code);
            for (const Language language : {Language::English, Language::SimplifiedChinese}) {
                const std::string out = renderCodedText(text, language);
                QVERIFY2(!out.empty() && out.find('?') == std::string::npos, out.c_str());
                QVERIFY2(out.find('{') == std::string::npos, out.c_str());
                for (const DiagnosticArg& arg : text.args) {
                    // A quoted change renders in the text's language, not as its English arg.
                    if (text.code == "what_if.both") continue;
                    QVERIFY2(out.find(argText(arg)) != std::string::npos,
                             (out + " lacks " + arg.name).c_str());
                }
            }
            const std::string zh = renderCodedText(text, Language::SimplifiedChinese);
            const std::vector<std::string> words = englishWords(zh);
            QVERIFY2(words.empty(), zh.c_str());
            QVERIFY(zh != renderCodedText(text, Language::English));
        }
        // Every what_if.* code of the table is among the cases above.
        for (const DiagnosticCode& entry : codedTexts(Language::English)) {
            if (entry.code.starts_with("what_if.")) {
                QVERIFY2(covered.contains(std::string(entry.code)),
                         std::string(entry.code).c_str());
            }
        }
    }

    void whatIfsOfAPlanCarryTheirCode() {
        Plan plan = defaultPlan();
        plan.parallel.zeroStage = 0;
        plan.training.microBatch = 16;
        const Evaluation evaluation = evaluate(plan);
        QVERIFY(evaluation.memory);
        QVERIFY(!evaluation.memory->fits);
        const std::vector<WhatIf>& hints = evaluation.memory->whatIfs;
        QVERIFY(hints.size() >= 3);
        for (const WhatIf& hint : hints) {
            QVERIFY(hint.changeText.code.starts_with("what_if."));
            QCOMPARE(renderCodedText(hint.changeText, Language::English), hint.change);
        }
        QCOMPARE(hints.front().changeText.code, std::string("what_if.zero_stage"));
        QCOMPARE(renderCodedText(hints.front().changeText, Language::SimplifiedChinese),
                 std::string("ZeRO 阶段 0 → 1"));
    }

    // A name made from a plan's content, in Chinese: the model's and the GPU's names stay, every
    // word around them is the catalogue's ("on", "x", "model" are not); a plan named so is
    // titled so, and a name a person gave stays as given.
    void derivedPlanNamesReadInChinese() {
        for (const GpuPreset& gpu : builtinCatalog().gpus) {
            for (const ModelPreset& model : builtinCatalog().models) {
                Plan plan = defaultPlan();
                plan.model = model.spec;
                plan.cluster.gpu = gpu.spec;
                plan.name = derivedPlanName(plan);
                std::string zh = derivedPlanName(plan, Language::SimplifiedChinese);
                QCOMPARE(planTitle(plan, Language::SimplifiedChinese), zh);
                // The English name ends in the GPU's family ("H100", "RTX 4090").
                for (const std::string& name :
                     {model.displayName, plan.name.substr(plan.name.find(" x ") + 3)}) {
                    zh.erase(zh.find(name), name.size());
                }
                QVERIFY2(englishWords(zh).empty() && zh.find(" x ") == std::string::npos,
                         zh.c_str());
            }
        }
        Plan custom = defaultPlan();
        custom.model.preset.clear();
        for (const double parameters : {7e9, 0.0}) {
            custom.model.parameters = parameters;
            const std::string zh = derivedPlanName(custom, Language::SimplifiedChinese);
            QVERIFY2(englishWords(zh).empty(), zh.c_str());
        }
        QCOMPARE(derivedPlanName(custom), std::string("32-layer model on 8 x H100"));
        custom.name = "My run";
        QCOMPARE(planTitle(custom, Language::SimplifiedChinese), std::string("My run"));
    }
};

QTEST_GUILESS_MAIN(TestCodedText)
#include "tst_coded_text.moc"
