// SPDX-License-Identifier: MIT
// Explained figures in Simplified Chinese: every term name and note the engine writes, over plans
// that reach every branch of the formulas (each model preset under each memory convention, with
// ZeRO stages, offload, recompute, CP, EP, interleaving and every schedule), has a Chinese
// rendering (core/text/explained_names.h) that is written in Chinese characters; and everything the
// core writes for a reader over those plans (names, notes, sources, formulas, what-ifs,
// diagnostics) reads in Chinese with no English words left but symbols, units, proper nouns and
// paper citations.
#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_table.h"
#include "core/plan/catalog.h"
#include "core/rules/parallel_choices.h"
#include "core/search/search.h"
#include "core/search/search_json.h"
#include "core/text/coded_text.h"
#include "core/text/diagnostic_text.h"
#include "core/text/explained.h"
#include "core/text/explained_names.h"

#include <QTest>

#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <string>

using namespace fourfold::core;

namespace {

struct Variant {
    const char* name;
    void (*apply)(Plan&);
};

const Variant kVariants[] = {
    {"dp8", [](Plan&) {}},
    {"zero1-adafactor",
     [](Plan& p) {
         p.parallel.zeroStage = 1;
         p.training.optimizer = OptimizerKind::Adafactor;
     }},
    {"zero2-tp2-pp2-sp-selective",
     [](Plan& p) {
         p.parallel.zeroStage = 2;
         p.parallel.tp = 2;
         p.parallel.pp = 2;
         p.parallel.dp = 2;
         p.parallel.sequenceParallel = true;
         p.training.recompute = Recompute::Selective;
         p.training.flashAttention = false;
     }},
    {"tp2-no-sp",
     [](Plan& p) {
         p.parallel.tp = 2;
         p.parallel.dp = 4;
         p.parallel.sequenceParallel = false;
     }},
    {"zero3-cp2-full-recompute",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.cp = 2;
         p.parallel.dp = 4;
         p.training.recompute = Recompute::Full;
     }},
    {"zero3-param-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.offload = Offload::OptimizerAndParamsCpu;
     }},
    {"zero3-optimizer-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.offload = Offload::OptimizerCpu;
     }},
    {"zero2-optimizer-offload",
     [](Plan& p) {
         p.parallel.zeroStage = 2;
         p.parallel.offload = Offload::OptimizerCpu;
     }},
    {"interleaved-pp4-v2",
     [](Plan& p) {
         p.parallel.pp = 4;
         p.parallel.dp = 2;
         p.parallel.virtualStages = 2;
         p.parallel.schedule = ScheduleKind::Interleaved1F1B;
         p.parallel.zeroStage = 1;
     }},
    {"interleaved-pp4-v2-m6",
     [](Plan& p) {
         p.parallel.pp = 4;
         p.parallel.dp = 2;
         p.parallel.virtualStages = 2;
         p.parallel.schedule = ScheduleKind::Interleaved1F1B;
         p.training.gradAccumulation = 6;
     }},
    {"zb-h1-pp4",
     [](Plan& p) {
         p.parallel.pp = 4;
         p.parallel.dp = 2;
         p.parallel.schedule = ScheduleKind::ZbH1;
     }},
    {"fp32-gpipe-pp2",
     [](Plan& p) {
         p.training.precision = Precision::Fp32;
         p.parallel.pp = 2;
         p.parallel.dp = 4;
         p.parallel.schedule = ScheduleKind::Gpipe;
     }},
    {"fp16-no-master",
     [](Plan& p) {
         p.training.precision = Precision::Fp16;
         p.training.masterWeights = false;
     }},
    {"zero3-nvme-sgd-momentum",
     [](Plan& p) {
         p.parallel.zeroStage = 3;
         p.parallel.offload = Offload::Nvme;
         p.training.optimizer = OptimizerKind::SgdMomentum;
     }},
    {"zb-h2-pp2-lion",
     [](Plan& p) {
         p.parallel.pp = 2;
         p.parallel.dp = 4;
         p.parallel.schedule = ScheduleKind::ZbH2;
         p.training.optimizer = OptimizerKind::Lion;
     }},
    {"adam8bit-sgd", [](Plan& p) { p.training.optimizer = OptimizerKind::Adam8bit; }},
    {"sgd", [](Plan& p) { p.training.optimizer = OptimizerKind::Sgd; }},
    {"does-not-fit",
     [](Plan& p) {
         p.parallel.zeroStage = 0;
         p.training.microBatch = 16;
         p.measured.stepTimeS = 2.5;
     }},
    {"ep8-zero1",
     [](Plan& p) {
         p.parallel.ep = 8;
         p.parallel.zeroStage = 1;
     }},
};

constexpr MemoryConvention kConventions[] = {
    MemoryConvention::Fourfold, MemoryConvention::ZeroPaper, MemoryConvention::DeepSpeed,
    MemoryConvention::Megatron};

void collect(const ExplainedFigure& figure, std::set<std::string>& texts) {
    for (const Term& term : figure.terms) texts.insert(term.name);
    if (!figure.note.empty()) texts.insert(figure.note);
}

template <typename Visit>
void forEveryEvaluation(Visit visit) {
    for (const ModelPreset& preset : builtinCatalog().models) {
        for (const Variant& variant : kVariants) {
            for (MemoryConvention convention : kConventions) {
                Plan plan = defaultPlan();
                plan.model = preset.spec;
                variant.apply(plan);
                plan.memory.convention = convention;
                plan.cluster.nodes = static_cast<int>((worldSize(plan) + 7) / 8);
                visit(evaluate(plan));
            }
        }
    }
}

// Every figure of an evaluation.
std::vector<const ExplainedFigure*> figuresOf(const Evaluation& evaluation) {
    std::vector<const ExplainedFigure*> figures{&evaluation.batch.explain};
    if (evaluation.memory) {
        for (const StageMemory& stage : evaluation.memory->stages) {
            for (const MemoryItem& item : stage.items) figures.push_back(&item.explain);
        }
    }
    if (evaluation.schedule) figures.push_back(&evaluation.schedule->bubbleExplain);
    if (evaluation.performance) {
        const PerformanceReport& p = *evaluation.performance;
        for (const ExplainedFigure* figure : {&p.stepTimeExplain, &p.tokensPerSExplain,
                                              &p.tokensPerSPerGpuExplain, &p.mfuExplain}) {
            figures.push_back(figure);
        }
    }
    return figures;
}

// Every term name and note of every figure over the plans above.
std::set<std::string> everyExplainedText() {
    std::set<std::string> texts;
    forEveryEvaluation([&texts](const Evaluation& evaluation) {
        for (const ExplainedFigure* figure : figuresOf(evaluation)) collect(*figure, texts);
    });
    return texts;
}

// What the core writes for a reader of one evaluation, rendered in Chinese.
std::set<std::string> chineseTexts(const Evaluation& evaluation) {
    const Language zh = Language::SimplifiedChinese;
    std::set<std::string> texts;
    for (const ExplainedFigure* figure : figuresOf(evaluation)) {
        for (const Term& term : figure->terms)
            texts.insert(std::string(explainedText(term.name, zh)));
        if (!figure->note.empty()) texts.insert(std::string(explainedText(figure->note, zh)));
        if (!figure->source.empty()) texts.insert(std::string(explainedText(figure->source, zh)));
    }
    std::vector<CodedText> coded;
    if (evaluation.memory) {
        for (const WhatIf& hint : evaluation.memory->whatIfs) coded.push_back(hint.changeText);
    }
    if (evaluation.schedule) texts.insert(renderCodedLine(evaluation.schedule->bubbleText, zh));
    if (evaluation.performance) {
        const PerformanceReport& p = *evaluation.performance;
        coded.insert(coded.end(), {p.stepTimeText, p.mfuText, p.flopsText});
    }
    if (evaluation.checkpoint) {
        coded.insert(coded.end(),
                     {evaluation.checkpoint->intervalText, evaluation.checkpoint->goodputText});
    }
    coded.push_back(evaluation.measured.stepTimeText);
    for (const CodedText& text : coded) texts.insert(renderCodedText(text, zh));
    for (const Diagnostic& diagnostic : evaluation.diagnostics) {
        texts.insert(renderMessage(diagnostic, zh));
    }
    // The text report, line by line; its first line is the plan's own name (the user's words).
    std::istringstream report(evaluationTable(evaluation, ByteUnits::Decimal, zh));
    std::string line;
    std::getline(report, line);
    while (std::getline(report, line)) texts.insert(line);
    // What each parallel slider says of the values it refuses.
    for (const ParallelAxis axis :
         {ParallelAxis::Data, ParallelAxis::Tensor, ParallelAxis::Pipeline, ParallelAxis::Context,
          ParallelAxis::Expert, ParallelAxis::VirtualStages, ParallelAxis::ShardingGroup}) {
        for (const int value : {0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 64, 1000}) {
            const Diagnostic refusal = choiceProblem(evaluation.plan, axis, value);
            if (!refusal.code.empty()) texts.insert(renderMessage(refusal, zh));
        }
    }
    texts.erase(std::string());
    return texts;
}

// ASCII words a Chinese sentence may keep: symbols, units, abbreviations, proper nouns, the
// names in paper citations, and plan keys and enum values quoted as written.
const std::set<std::string> kKeptWords = {
    "ZeRO",      "GPU",         "GPUs",      "CPU",     "NVMe",        "Megatron",    "LM",
    "DeepSpeed", "FLOPs",       "FLOP",      "MFU",     "HFU",         "TP",          "DP",
    "PP",        "CP",          "EP",        "SP",      "dp",          "tp",          "pp",
    "cp",        "ep",          "token",     "rank",    "ranks",       "GB",          "GiB",
    "MB",        "MiB",         "TB",        "KB",      "ms",          "min",         "µs",
    "et",        "al",          "eq",        "Qi",      "Narayanan",   "Korthikanti", "Rajbhandari",
    "Huang",     "Daly",        "Young",     "Dao",     "Shoeybi",     "Adam",        "AdamW",
    "SGD",       "Lion",        "Adafactor", "fp",      "bf",          "Zero",        "Bubble",
    "Pipeline",  "Parallelism", "GPipe",     "PyTorch", "DDP",         "FSDP",        "LayerNorm",
    "MLP",       "torchtitan",  "LR",        "NaN",     "CUDA",        "FFN",         "Flash",
    "Attention", "Shazeer",     "Stern",     "Table",   "sbh",         "logits",      "experts",
    "layers",    "true",        "false",     "F",       "B",           "W",           "T",
    "R",         "M",           "h",         "s",       "v",           "m",           "p",
    "b",         "a",           "N",         "X",       "P",           "opt",         "off",
    "bub",       "data",        "zb",        "gpipe",   "interleaved", "1f1b",        "H1",
    "H2",        "Core",        "etp",       "sp",      "kB",          "heads",       "sequence",
    "hidden"};

// Terms a Chinese text writes in English as well: collectives, file names.
const std::string_view kKeptPhrases[] = {
    "all-gather", "reduce-scatter", "all-reduce", "all-to-all", "top-k",
    "theoretical_memory_usage.py", "docs/performance.md",
    // Megatron-LM's own printout, quoted so the report can be compared with it digit for digit.
    "weight and optimizer=", "activation=", "total="};

// The ASCII words of a text of two letters or more (letters only; digits and symbols split
// them; a single letter is a symbol). The exponent of a number ("6.74e9") is no word.
std::vector<std::string> asciiWords(const std::string& original) {
    std::string text;
    for (std::size_t i = 0; i < original.size();) {
        const auto kept = std::find_if(std::begin(kKeptPhrases), std::end(kKeptPhrases),
                                       [&](std::string_view phrase) {
                                           return original.compare(i, phrase.size(), phrase) == 0;
                                       });
        if (kept != std::end(kKeptPhrases)) {
            text += ' ';
            i += kept->size();
        } else {
            text += original[i++];
        }
    }
    std::vector<std::string> words;
    std::string word;
    bool afterDigit = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const auto byte = i < text.size() ? static_cast<unsigned char>(text[i]) : 0;
        if (byte != 0 && byte < 0x80 && std::isalpha(byte)) {
            if (word.empty())
                afterDigit = i > 0 && std::isdigit(static_cast<unsigned char>(text[i - 1]));
            word += static_cast<char>(byte);
            continue;
        }
        const bool exponent = afterDigit && word == "e" && byte != 0 && std::isdigit(byte);
        if (word.size() >= 2 && !exponent) words.push_back(word);
        word.clear();
    }
    return words;
}

bool hasCjk(const std::string& text) {
    // UTF-8 lead bytes 0xE4–0xE9 start the CJK Unified Ideographs (U+4E00–U+9FFF).
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0xE4 && byte <= 0xE9) return true;
    }
    return false;
}

}  // namespace

class TestExplainedNames : public QObject {
    Q_OBJECT
private slots:
    void everyTermNameAndNoteHasChinese() {
        const std::set<std::string> texts = everyExplainedText();
        QVERIFY2(texts.size() >= 60, std::to_string(texts.size()).c_str());
        QStringList missing;
        for (const std::string& text : texts) {
            const std::string_view zh = explainedText(text, Language::SimplifiedChinese);
            if (!hasExplainedText(text, Language::SimplifiedChinese) || zh.empty() ||
                !hasCjk(std::string(zh))) {
                missing << QString::fromStdString(text);
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(" | "))));
    }

    // The Chinese rendering of everything the core writes over every plan above keeps no English
    // word but the few listed (symbols, units, proper nouns, citation names).
    void chineseRenderingHasNoEnglish() {
        std::set<std::string> texts;
        int whatIfs = 0;
        forEveryEvaluation([&texts, &whatIfs](const Evaluation& evaluation) {
            texts.merge(chineseTexts(evaluation));
            if (evaluation.memory) whatIfs += static_cast<int>(evaluation.memory->whatIfs.size());
        });
        // The layout search's table too, for a plan that fits and for one that cannot.
        Plan searched = defaultPlan();
        searched.training.globalBatch = 64;
        SearchOptions options;
        options.threads = 1;
        options.top = 5;
        std::istringstream table(
            searchTable(search(searched, options), Language::SimplifiedChinese));
        for (std::string line; std::getline(table, line);) texts.insert(line);
        searched.cluster.nodes = 0;
        texts.insert(searchTable(search(searched, options), Language::SimplifiedChinese));
        QVERIFY2(texts.size() >= 200, std::to_string(texts.size()).c_str());
        QVERIFY(whatIfs > 0);                        // the plans reach the what-ifs too
        std::map<std::string, std::string> english;  // word → one text it is in
        for (const std::string& text : texts) {
            for (const std::string& word : asciiWords(text)) {
                // Plan keys ("micro_batch", "/model/moe") are quoted as a plan writes them.
                if (kKeptWords.contains(word) || text.find(word + "_") != std::string::npos ||
                    text.find("_" + word) != std::string::npos ||
                    text.find("/" + word) != std::string::npos) {
                    continue;
                }
                english.emplace(word, text);
            }
        }
        QStringList lines;
        for (const auto& [word, text] : english)
            lines << QString::fromStdString(word + " in: " + text);
        for (const QString& line : lines) qWarning("%s", qPrintable(line));
        QVERIFY2(lines.isEmpty(), qPrintable(lines.join(QStringLiteral("\n"))));
    }

    void englishPassesThrough() {
        QCOMPARE(explainedText("micro-batch size", Language::English),
                 std::string_view("micro-batch size"));
        QCOMPARE(explainedText("micro-batch size", Language::SimplifiedChinese),
                 std::string_view("微批次大小"));
        QCOMPARE(explainedText("data-parallel replicas", Language::SimplifiedChinese),
                 std::string_view("数据并行副本数"));
        // Text with no rendering stays as it is rather than vanishing.
        QVERIFY(!hasExplainedText("no such term", Language::SimplifiedChinese));
        QCOMPARE(explainedText("no such term", Language::SimplifiedChinese),
                 std::string_view("no such term"));
    }

    void tableHasNoDuplicates() {
        std::set<std::string_view> seen;
        for (const ExplainedName& entry : explainedNamesZh()) {
            QVERIFY2(seen.insert(entry.english).second, std::string(entry.english).c_str());
            QVERIFY2(hasCjk(std::string(entry.translated)), std::string(entry.english).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestExplainedNames)
#include "tst_explained_names.moc"
