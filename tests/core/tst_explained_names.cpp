// SPDX-License-Identifier: MIT
// Explained figures in Simplified Chinese: every term name and note the engine writes, over plans
// that reach every branch of the formulas (each model preset under each memory convention, with
// ZeRO stages, offload, recompute, CP, EP, interleaving and every schedule), has a Chinese
// rendering (core/text/explained_names.h) that is written in Chinese characters; and everything the
// core writes for a reader over those plans (names, notes, sources, formulas, what-ifs,
// diagnostics) reads in Chinese with no English words left but symbols, units, proper nouns and
// paper citations.
#include "hf_configs_for_tests.h"

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluation_table.h"
#include "core/frameworks/frameworks.h"
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
    {"tp2-sp-op-selective",
     [](Plan& p) {
         p.parallel.tp = 2;
         p.parallel.dp = 4;
         p.parallel.sequenceParallel = true;
         p.training.recompute = Recompute::SelectiveOp;
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
    {"qlora-paged-offload-chunked",
     [](Plan& p) {
         p.training.finetune = FineTune::Qlora;
         p.training.pagedOptimizer = true;
         p.training.activationOffload = true;
         p.training.lossChunks = 8;
     }},
    {"lora-qv-zero3-unfused",
     [](Plan& p) {
         p.training.finetune = FineTune::Lora;
         p.training.loraTargets = kLoraQuery | kLoraValue;
         p.training.flashAttention = false;
         p.parallel.zeroStage = 3;
         p.training.microBatch = 16;
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
    "ZeRO",        "GPU",       "GPUs",      "CPU",         "NVMe",        "Megatron",
    "LM",          "DeepSpeed", "FLOPs",     "FLOP",        "MFU",         "HFU",
    "TP",          "DP",        "PP",        "CP",          "EP",          "SP",
    "dp",          "tp",        "pp",        "cp",          "ep",          "token",
    "rank",        "ranks",     "GB",        "GiB",         "MB",          "MiB",
    "TB",          "KB",        "ms",        "min",         "µs",          "et",
    "al",          "eq",        "Qi",        "Narayanan",   "Korthikanti", "Rajbhandari",
    "Huang",       "Daly",      "Young",     "Dao",         "Shoeybi",     "Adam",
    "AdamW",       "SGD",       "Lion",      "Adafactor",   "fp",          "bf",
    "Zero",        "Bubble",    "Pipeline",  "Parallelism", "GPipe",       "PyTorch",
    "DDP",         "FSDP",      "LayerNorm", "MLP",         "torchtitan",  "LR",
    "NaN",         "CUDA",      "FFN",       "Flash",       "Attention",   "Shazeer",
    "Stern",       "Table",     "sbh",       "logits",      "experts",     "layers",
    "true",        "false",     "F",         "B",           "W",           "T",
    "R",           "M",         "h",         "s",           "v",           "m",
    "p",           "b",         "a",         "N",           "X",           "P",
    "opt",         "off",       "bub",       "data",        "zb",          "gpipe",
    "interleaved", "1f1b",      "H1",        "H2",          "auto",        "JSON",
    "Fourfold",    "torchrun",  "SwiGLU",    "GELU",        "GPT",         "NeoX",
    "llama",       "mistral",   "mixtral",   "qwen",        "Core",        "etp",
    "sp",          "kB",        "heads",     "sequence",    "hidden",      "DeepSeek",
    "DeepSeekMoE", "V2",        "V3",        "Dehghani",    "Dai",         "Beltagy",
    "Vaswani",     "MLA",       "gemma",     "Gemma",       "olmo",        "phi",
    "LoRA",        "QLoRA",     "Dettmers",  "Hu",          "NF",          "torchtune"};

// Terms a Chinese text writes in English as well: collectives, file names.
const std::string_view kKeptPhrases[] = {
    "all-gather", "reduce-scatter", "all-reduce", "all-to-all", "top-k",
    "theoretical_memory_usage.py", "docs/performance.md", "ds_config.json", "config.json",
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
        } else if (original.compare(i, 2, "--") == 0) {
            // A command-line flag ("--nproc-per-node") is quoted as the program spells it.
            text += ' ';
            i += 2;
            while (i < original.size() && (std::isalnum(static_cast<unsigned char>(original[i])) ||
                                           original[i] == '-' || original[i] == '_')) {
                ++i;
            }
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

// Whether the word is a segment of a dotted key ("training.seq_len", "optimizer.name").
bool inDottedKey(const std::string& text, const std::string& word) {
    const auto letter = [&](std::size_t i) {
        return i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) != 0;
    };
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((end < text.size() && text[end] == '.' && letter(end + 1)) ||
            (at >= 2 && text[at - 1] == '.' && letter(at - 2))) {
            return true;
        }
    }
    return false;
}

// Each English word of the texts (one text it is in) but those a Chinese text keeps: the words
// above, and plan keys and config keys ("micro_batch", "/model/moe", "training.seq_len") quoted
// as a file writes them.
std::map<std::string, std::string> englishWords(const std::set<std::string>& texts) {
    std::map<std::string, std::string> english;
    for (const std::string& text : texts) {
        for (const std::string& word : asciiWords(text)) {
            const bool keyPath = inDottedKey(text, word);
            if (kKeptWords.contains(word) || text.find(word + "_") != std::string::npos ||
                text.find("_" + word) != std::string::npos ||
                text.find("/" + word) != std::string::npos || keyPath) {
                continue;
            }
            english.emplace(word, text);
        }
    }
    return english;
}

QStringList listed(const std::map<std::string, std::string>& english) {
    QStringList lines;
    for (const auto& [word, text] : english) lines << QString::fromStdString(word + " in: " + text);
    for (const QString& line : lines) qWarning("%s", qPrintable(line));
    return lines;
}

// Files an import reads with a note or a refusal, between them every import_note.* and
// import_problem.* code.
struct ImportCase {
    const char* name;
    std::string text;
    std::string_view format = {};  // the table's key; "" to detect it from the text
};

std::vector<ImportCase> importCases() {
    const std::string torchrun = "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py ";
    return {
        {
            "deepspeed-auto",
            R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": 1})",
        },
        {
            "deepspeed-optimizer",
            R"({"train_batch_size": 64, "optimizer": {"type": "OneBitAdam"}})",
        },
        {
            "deepspeed-batch",
            R"({"train_batch_size": 100, "train_micro_batch_size_per_gpu": 3,
             "gradient_accumulation_steps": 2})",
        },
        {
            "deepspeed-dtype",
            R"({"train_batch_size": 64, "data_types": {"grad_accum_dtype": "int4"}})",
        },
        {"deepspeed-stage", R"({"zero_optimization": {"stage": 7}})"},
        {"deepspeed-integer", R"({"train_batch_size": "many"})"},
        {"deepspeed-array", "[1, 2]", "deepspeed"},
        {
            "llama-bias-short-context",
            R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32,
             "num_attention_heads": 32, "intermediate_size": 11008, "vocab_size": 32000,
             "max_position_embeddings": 2048, "attention_bias": true})",
        },
        {"qwen2", fourfold::test::kQwen2_7bConfig},
        {"qwen2-moe", fourfold::test::kQwen15MoeA27bConfig},
        {"pythia", fourfold::test::kPythia160mConfig},
        {"deepseek-v3", fourfold::test::kDeepseekV3Config},
        {"gemma-2", fourfold::test::kGemma2_9bConfig},
        {"llama-4-scout", fourfold::test::kLlama4ScoutConfig},
        {
            "config-falcon",
            R"({"architectures": ["FalconForCausalLM"], "model_type": "falcon"})",
        },
        {"config-missing", R"({"model_type": "llama", "hidden_size": 4096})"},
        {"config-negative", R"({"model_type": "llama", "hidden_size": -1})"},
        {"config-array", "[1, 2]", "huggingface"},
        {"megatron-no-torchrun", "--tensor-model-parallel-size 2 --micro-batch-size 1"},
        {"megatron-word", "--tensor-model-parallel-size four"},
        {"megatron-global-batch", torchrun + "--micro-batch-size 3 --global-batch-size 100"},
        {
            "megatron-chunks",
            torchrun + "--num-layers 32 --pipeline-model-parallel-size 4 "
                       "--num-layers-per-virtual-pipeline-stage 3",
        },
        {"megatron-strategy",
         torchrun + "--use-megatron-fsdp --data-parallel-sharding-strategy half"},
        {
            "megatron-world",
            "torchrun --nnodes 1 --nproc-per-node 6 pretrain_gpt.py --tensor-model-parallel-size 4",
        },
        {
            "megatron-huge-world",
            "torchrun --nnodes 1000000 --nproc-per-node 10000 pretrain_gpt.py --micro-batch-size 1",
        },
        {
            "megatron-nodes-out-of-range",
            "torchrun --nnodes 2000000000 --nproc-per-node 8 pretrain_gpt.py --micro-batch-size 1",
        },
        {
            "megatron-accumulation-out-of-range",
            torchrun + "--micro-batch-size 1 --global-batch-size 80000000",
        },
        {
            "deepspeed-dp-out-of-range",
            R"({"train_batch_size": 2147483647, "train_micro_batch_size_per_gpu": 1,
             "gradient_accumulation_steps": 1})",
        },
        {
            "torchtitan-rest-zbv",
            "[parallelism]\ndata_parallel_shard_degree = -1\n"
            "pipeline_parallel_schedule = \"ZBVZeroBubble\"\n",
        },
        {"torchtitan-huge", "[parallelism]\ntensor_parallel_degree = 4294967296\n"},
        {"torchtitan-name", "[training]\nseq_len = 4096\n[optimizer]\nname = 3\n"},
    };
}

// The Chinese sentence with every value quoted from the file taken out: a name or number the
// file spells is data, not English the core wrote.
std::string withoutFileValues(std::string sentence, const Diagnostic& diagnostic,
                              const std::string& file) {
    for (const DiagnosticArg& arg : diagnostic.args) {
        const auto* value = std::get_if<std::string>(&arg.value);
        if (value == nullptr || value->empty() || arg.name == "detail") continue;
        std::string inner = *value;
        if (inner.size() >= 2 && inner.front() == '"' && inner.back() == '"') {
            inner = inner.substr(1, inner.size() - 2);
        }
        if (inner.empty() || file.find(inner) == std::string::npos) continue;
        std::string rest;
        std::size_t from = 0;
        for (std::size_t at = sentence.find(*value); at != std::string::npos;
             at = sentence.find(*value, from)) {
            rest.append(sentence, from, at - from).append(" ");
            from = at + value->size();
        }
        sentence = rest.append(sentence, from);
    }
    return sentence;
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
        QVERIFY(whatIfs > 0);  // the plans reach the what-ifs too
        const QStringList lines = listed(englishWords(texts));
        QVERIFY2(lines.isEmpty(), qPrintable(lines.join(QStringLiteral("\n"))));
    }

    // Every note and refusal an import writes (import_note.*, import_problem.*) reads in Chinese
    // as a whole: the same check as above, over the files that reach each code.
    void importNotesInChineseHaveNoEnglish() {
        std::set<std::string> texts;
        std::set<std::string> reached;
        for (const ImportCase& file : importCases()) {
            const Plan base = defaultPlan();
            const FrameworkFormat* format = findFrameworkFormat(file.format);
            const PlanImport imported =
                format ? importPlan(base, file.text, *format) : importPlan(base, file.text);
            QVERIFY2(!imported.diagnostics.empty(), file.name);
            for (const Diagnostic& diagnostic : imported.diagnostics) {
                if (const DiagnosticArg* code = findArg(diagnostic, "detail.code")) {
                    reached.insert(std::get<std::string>(code->value));
                }
                const std::string zh = renderMessage(diagnostic, Language::SimplifiedChinese);
                QVERIFY2(hasCjk(zh), zh.c_str());
                texts.insert(withoutFileValues(zh, diagnostic, file.text));
            }
        }
        for (const DiagnosticCode& entry : codedTexts(Language::English)) {
            const std::string code(entry.code);
            if (code.starts_with("import_note.") || code.starts_with("import_problem.")) {
                QVERIFY2(reached.contains(code), code.c_str());
            }
        }
        const QStringList lines = listed(englishWords(texts));
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
