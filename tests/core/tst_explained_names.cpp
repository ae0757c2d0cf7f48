// SPDX-License-Identifier: MIT
// Explained figures in Simplified Chinese: every term name and note the engine writes, over plans
// that reach every branch of the formulas (each model preset under each memory convention, with
// ZeRO stages, offload, recompute, CP, EP, interleaving and every schedule), has a Chinese
// rendering (core/explained_names.h) that is written in Chinese characters.
#include "core/catalog.h"
#include "core/evaluate.h"
#include "core/explained.h"
#include "core/explained_names.h"

#include <QtTest>

#include <set>
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

// Every term name and note of every figure over the plans above.
std::set<std::string> everyExplainedText() {
    std::set<std::string> texts;
    for (const ModelPreset& preset : builtinCatalog().models) {
        for (const Variant& variant : kVariants) {
            for (MemoryConvention convention : kConventions) {
                Plan plan = defaultPlan();
                plan.model = preset.spec;
                variant.apply(plan);
                plan.memory.convention = convention;
                plan.cluster.nodes = static_cast<int>((worldSize(plan) + 7) / 8);
                const Evaluation evaluation = evaluate(plan);
                collect(evaluation.batch.explain, texts);
                if (evaluation.memory) {
                    for (const StageMemory& stage : evaluation.memory->stages) {
                        for (const MemoryItem& item : stage.items) collect(item.explain, texts);
                    }
                }
                if (evaluation.schedule) collect(evaluation.schedule->bubbleExplain, texts);
                if (evaluation.performance) {
                    const PerformanceReport& p = *evaluation.performance;
                    for (const ExplainedFigure* figure :
                         {&p.stepTimeExplain, &p.tokensPerSExplain, &p.tokensPerSPerGpuExplain,
                          &p.mfuExplain}) {
                        collect(*figure, texts);
                    }
                }
            }
        }
    }
    return texts;
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
