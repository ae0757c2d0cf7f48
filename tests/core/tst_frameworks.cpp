// SPDX-License-Identifier: MIT
// Framework configs out and in: exporters against the frameworks' documented argument names
// and batch identities, the Hugging Face reader against released checkpoints' counts, and
// the round trip export → import.
#include "hf_configs_for_tests.h"

#include "core/frameworks/frameworks.h"
#include "core/model/model.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate_ranges.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <set>

using namespace fourfold::core;
using namespace fourfold::test;

namespace {

bool has(const std::string& text, const std::string& word) {
    return text.find(word) != std::string::npos;
}

// The table's row for a key; every key the tests name has one.
const FrameworkFormat& format(std::string_view key) {
    const FrameworkFormat* row = findFrameworkFormat(key);
    Q_ASSERT(row != nullptr);
    return *row;
}

// The key of the format an import read, "" for none.
std::string_view keyOf(const PlanImport& imported) {
    return imported.format ? imported.format->key : std::string_view();
}

std::string_view detectedKey(std::string_view text) {
    const FrameworkFormat* row = detectFormat(text);
    return row ? row->key : std::string_view();
}

// A plan exercising most fields: Llama-2 7B, tp 2, pp 2 interleaved, ZeRO-1, selective recompute.
Plan layeredPlan() {
    Plan plan = defaultPlan();
    plan.name = "layered";
    plan.parallel.dp = 4;
    plan.parallel.tp = 2;
    plan.parallel.pp = 2;
    plan.parallel.virtualStages = 2;
    plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
    plan.parallel.sequenceParallel = true;
    plan.parallel.zeroStage = 1;
    plan.training.microBatch = 2;
    plan.training.gradAccumulation = 16;
    plan.training.recompute = Recompute::Selective;
    plan.cluster.nodes = 2;
    return plan;
}

// Mixtral on 64 GPUs with experts split 8 ways, ZeRO-3 sharded in groups of 8, offload.
Plan expertPlan() {
    Plan plan = defaultPlan();
    plan.name = "experts";
    plan.model = findModelPreset("mixtral-8x7b")->spec;
    plan.parallel.dp = 32;
    plan.parallel.tp = 2;
    plan.parallel.ep = 8;
    plan.parallel.zeroStage = 3;
    plan.parallel.shardingGroup = 8;
    plan.parallel.offload = Offload::OptimizerAndParamsCpu;
    plan.training.precision = Precision::Fp16;
    plan.training.recompute = Recompute::Full;
    plan.training.gradAccumulation = 4;
    plan.cluster.nodes = 8;
    return plan;
}

std::vector<std::pair<std::string, Plan>> samplePlans() {
    return {{"default", defaultPlan()}, {"layered", layeredPlan()}, {"experts", expertPlan()}};
}

// The value at a JSON pointer of a plan, as its JSON text.
std::string fieldText(const Plan& plan, const std::string& pointer) {
    const auto json = nlohmann::json::parse(planToJson(plan));
    const nlohmann::json::json_pointer at(pointer);
    return json.contains(at) ? json[at].dump() : std::string("(absent)");
}

std::vector<std::string> runPointers(const Plan& plan) {
    std::vector<std::string> pointers;
    const auto json = nlohmann::json::parse(planToJson(plan));
    for (const char* section : {"model", "training", "parallel"}) {
        for (const auto& [key, value] : json[section].items()) {
            if (value.is_object()) {
                for (const auto& [inner, unused] : value.items()) {
                    pointers.push_back(std::string("/") + section + "/" + key + "/" + inner);
                }
            } else {
                pointers.push_back(std::string("/") + section + "/" + key);
            }
        }
    }
    pointers.push_back("/cluster/nodes");
    pointers.push_back("/cluster/gpus_per_node");
    return pointers;
}

}  // namespace

class TestFrameworks : public QObject {
    Q_OBJECT
private slots:
    // Every row of the table is complete: a unique key, a name in each language, file patterns
    // its export's file name matches, and markers when it is read.
    void everyFormatRowIsComplete() {
        std::set<std::string_view> keys;
        QVERIFY(frameworkFormats().size() >= 4);
        for (const FrameworkFormat& row : frameworkFormats()) {
            const std::string key(row.key);
            QVERIFY2(keys.insert(row.key).second, key.c_str());
            QCOMPARE(findFrameworkFormat(row.key), &row);
            const std::string english = frameworkName(row, Language::English);
            const std::string chinese = frameworkName(row, Language::SimplifiedChinese);
            QVERIFY2(!english.empty() && !english.starts_with("framework."), key.c_str());
            // Written in Chinese: some UTF-8 lead byte of a CJK ideograph (0xE4-0xE9).
            const bool cjk = std::any_of(chinese.begin(), chinese.end(), [](char c) {
                return static_cast<unsigned char>(c) >= 0xE4 &&
                       static_cast<unsigned char>(c) <= 0xE9;
            });
            QVERIFY2(chinese != english && cjk, chinese.c_str());
            // Written, read, or both; a format read is recognised by some marker.
            QVERIFY2(!row.patterns.empty() && (row.read || row.write), key.c_str());
            QVERIFY2(!row.read || !row.markers.empty(), key.c_str());
            if (row.write) {
                const std::string suffix(row.fileName.substr(row.fileName.rfind('.')));
                QVERIFY2(has(std::string(row.patterns), "*" + suffix), key.c_str());
            }
        }
        QVERIFY(findFrameworkFormat("jax") == nullptr);
    }

    void huggingFaceCountsMatchReleasedCheckpoints_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<quint64>("parameters");
        // Sums of the released checkpoints' tensor sizes (hub model cards / safetensors index).
        QTest::newRow("meta-llama-2-7b")
            << QString::fromUtf8(kLlama2_7bConfig) << quint64(6'738'415'616ULL);
        QTest::newRow("mistral-7b-v0.1")
            << QString::fromUtf8(kMistral7bConfig) << quint64(7'241'732'096ULL);
        QTest::newRow("mixtral-8x7b-46.7b")
            << QString::fromUtf8(kMixtral8x7bConfig) << quint64(46'702'792'704ULL);
        QTest::newRow("qwen2-7b") << QString::fromUtf8(kQwen2_7bConfig)
                                  << quint64(7'615'616'512ULL);
        QTest::newRow("qwen1.5-moe-a2.7b-14.3b")
            << QString::fromUtf8(kQwen15MoeA27bConfig) << quint64(14'315'784'192ULL);
        QTest::newRow("gpt2-124m") << QString::fromUtf8(kGpt2Config) << quint64(124'439'808ULL);
        QTest::newRow("pythia-160m")
            << QString::fromUtf8(kPythia160mConfig) << quint64(162'322'944ULL);
        QTest::newRow("deepseek-v2-lite-15.7b")
            << QString::fromUtf8(kDeepseekV2LiteConfig) << quint64(15'706'484'224ULL);
        // 671B without the multi-token-prediction module (DeepSeek-V3 report, section 1).
        QTest::newRow("deepseek-v3-671b")
            << QString::fromUtf8(kDeepseekV3Config) << quint64(671'026'419'200ULL);
    }
    void huggingFaceCountsMatchReleasedCheckpoints() {
        QFETCH(QString, config);
        QFETCH(quint64, parameters);
        const std::string text = config.toStdString();
        QCOMPARE(detectedKey(text), std::string_view("huggingface"));
        const PlanImport imported = importPlan(defaultPlan(), text);
        QVERIFY2(imported.plan.has_value(),
                 imported.diagnostics.empty() ? "" : imported.diagnostics[0].message.c_str());
        QCOMPARE(quint64(analyzeModel(*imported.plan).parameters), parameters);
    }

    void huggingFaceShapeFields() {
        const PlanImport mixtral = importPlan(defaultPlan(), kMixtral8x7bConfig);
        QVERIFY(mixtral.plan);
        const ModelSpec& m = mixtral.plan->model;
        QCOMPARE(m.hidden, 4096);
        QCOMPARE(m.layers, 32);
        QCOMPARE(m.heads, 32);
        QCOMPARE(m.kvHeads, 8);
        QCOMPARE(m.ffnHidden, 14336);
        QCOMPARE(m.vocab, 32000);
        QCOMPARE(m.moe.experts, 8);
        QCOMPARE(m.moe.topK, 2);
        QVERIFY(m.mlp == MlpKind::Swiglu);
        QVERIFY(!m.tiedEmbeddings);
        QCOMPARE(m.parameters, 0.0);  // the shape itself counts the checkpoint exactly
        // The rest of the plan is untouched by a model import.
        QCOMPARE(mixtral.plan->parallel, defaultPlan().parallel);
        QCOMPARE(mixtral.plan->training, defaultPlan().training);

        const PlanImport gpt2 = importPlan(defaultPlan(), kGpt2Config);
        QVERIFY(gpt2.plan);
        QVERIFY(gpt2.plan->model.tiedEmbeddings);
        QVERIFY(gpt2.plan->model.mlp == MlpKind::Gelu);
        QCOMPARE(gpt2.plan->model.sequence, 1024);
        QCOMPARE(gpt2.plan->model.ffnHidden, 3072);  // n_inner null: 4 x n_embd

        const PlanImport qwen = importPlan(defaultPlan(), kQwen2_7bConfig);
        QVERIFY(qwen.plan);
        QCOMPARE(qwen.plan->model.kvHeads, 4);
        QCOMPARE(qwen.plan->model.sequence, 4096);  // plan's sequence, below 131072
    }

    void unknownArchitectureIsNamed() {
        const PlanImport imported = importPlan(
            defaultPlan(),
            R"({"architectures": ["FalconForCausalLM"], "model_type": "falcon", "hidden_size": 4544})");
        QVERIFY(!imported.plan);
        QCOMPARE(keyOf(imported), std::string_view("huggingface"));
        QVERIFY(hasErrors(imported.diagnostics));
        const std::string& message = imported.diagnostics.front().message;
        QVERIFY2(
            has(message, "FalconForCausalLM") && has(message, "falcon") && has(message, "llama"),
            message.c_str());
    }

    void missingKeyIsAnError() {
        const PlanImport imported =
            importPlan(defaultPlan(), R"({"model_type": "llama", "hidden_size": 4096})");
        QVERIFY(!imported.plan);
        QVERIFY(has(imported.diagnostics.front().message, "num_hidden_layers"));
    }

    void megatronUsesDocumentedFlags() {
        const FrameworkExport out = exportPlan(layeredPlan(), format("megatron"));
        QCOMPARE(out.fileName, std::string("megatron_args.sh"));
        for (const char* flag : {"--tensor-model-parallel-size 2",
                                 "--pipeline-model-parallel-size 2",
                                 "--num-virtual-stages-per-pipeline-rank 2",
                                 "--context-parallel-size 1",
                                 "--expert-model-parallel-size 1",
                                 "--expert-tensor-parallel-size 2",
                                 "--sequence-parallel",
                                 "--micro-batch-size 2",
                                 "--global-batch-size 128",
                                 "--recompute-granularity selective",
                                 "--use-distributed-optimizer",
                                 "--bf16",
                                 "--num-layers 32",
                                 "--hidden-size 4096",
                                 "--num-attention-heads 32",
                                 "--ffn-hidden-size 11008",
                                 "--seq-length 4096",
                                 "--swiglu",
                                 "--untie-embeddings-and-output-weights",
                                 "torchrun --nnodes 2 --nproc-per-node 8"}) {
            QVERIFY2(has(out.text, flag), flag);
        }
        // Megatron derives these; they are not flags.
        QVERIFY(!has(out.text, "--data-parallel-size"));
        QVERIFY(!has(out.text, "--gradient-accumulation"));

        Plan gqa = expertPlan();
        gqa.training.recompute = Recompute::Full;
        const std::string text = exportPlan(gqa, format("megatron")).text;
        for (const char* flag :
             {"--group-query-attention", "--num-query-groups 8", "--num-experts 8",
              "--moe-router-topk 2", "--expert-model-parallel-size 8", "--fp16",
              "--recompute-granularity full", "--recompute-method uniform", "--use-megatron-fsdp",
              "--data-parallel-sharding-strategy optim_grads_params"}) {
            QVERIFY2(has(text, flag), flag);
        }
    }

    void megatronReadsTheOlderVirtualStageFlag() {
        // 32 layers on 4 stages, 4 layers per chunk: 2 chunks per rank.
        const PlanImport imported = importPlan(
            defaultPlan(),
            "torchrun --nnodes=1 --nproc_per_node=8 pretrain_gpt.py \\\n"
            "  --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 \\\n"
            "  --tensor-model-parallel-size 2 --pipeline-model-parallel-size 4 \\\n"
            "  --num-layers-per-virtual-pipeline-stage 4 --micro-batch-size 1 \\\n"
            "  --global-batch-size 32 --bf16   # a comment\n");
        QVERIFY(imported.plan);
        QCOMPARE(keyOf(imported), std::string_view("megatron"));
        QCOMPARE(imported.plan->parallel.virtualStages, 2);
        QVERIFY(imported.plan->parallel.schedule == ScheduleKind::Interleaved1F1B);
        QCOMPARE(imported.plan->parallel.dp, 1);  // 8 / (2 x 4)
        QCOMPARE(imported.plan->training.gradAccumulation, 32);
        QCOMPARE(imported.plan->model.ffnHidden, 4 * 4096);  // Megatron's default width
        QVERIFY(imported.plan->model.mlp == MlpKind::Gelu);
        QVERIFY(imported.plan->model.tiedEmbeddings);
    }

    void megatronBatchThatDoesNotDivideIsAnError() {
        const PlanImport imported =
            importPlan(defaultPlan(),
                       "torchrun --nnodes 1 --nproc-per-node 8 pretrain_gpt.py "
                       "--micro-batch-size 3 --global-batch-size 100");
        QVERIFY(!imported.plan);
        QVERIFY(has(imported.diagnostics.front().message, "100"));
    }

    void deepSpeedSatisfiesItsBatchIdentity_data() {
        QTest::addColumn<int>("index");
        QTest::newRow("default") << 0;
        QTest::newRow("layered") << 1;
        QTest::newRow("experts") << 2;
    }
    void deepSpeedSatisfiesItsBatchIdentity() {
        QFETCH(int, index);
        const Plan plan = samplePlans()[static_cast<std::size_t>(index)].second;
        const auto config = nlohmann::json::parse(exportPlan(plan, format("deepspeed")).text);
        const auto total = config["train_batch_size"].get<std::int64_t>();
        const auto micro = config["train_micro_batch_size_per_gpu"].get<std::int64_t>();
        const auto steps = config["gradient_accumulation_steps"].get<std::int64_t>();
        // DeepSpeed: train_batch_size = micro-batch per GPU x accumulation x data parallel.
        QCOMPARE(total, micro * steps * plan.parallel.dp);
        QCOMPARE(total, derivedGlobalBatch(plan));
        QCOMPARE(config["zero_optimization"]["stage"].get<int>(), plan.parallel.zeroStage);
        QVERIFY(config["zero_optimization"].contains("reduce_bucket_size"));
    }

    void deepSpeedZeroSection() {
        const auto config =
            nlohmann::json::parse(exportPlan(expertPlan(), format("deepspeed")).text);
        const auto& zero = config["zero_optimization"];
        QCOMPARE(zero["offload_optimizer"]["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(zero["offload_param"]["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(zero["mics_shard_size"].get<int>(), 8);
        QVERIFY(zero.contains("stage3_prefetch_bucket_size"));
        QCOMPARE(config["fp16"]["enabled"].get<bool>(), true);
        QCOMPARE(config["bf16"]["enabled"].get<bool>(), false);
        // ZeRO-3 reduces through the bucket the memory counts: DeepSpeed's 5e8 elements.
        QCOMPARE(zero["reduce_bucket_size"].get<std::uint64_t>(), std::uint64_t{500'000'000});
        // tp 2 and ep 8 have no place in a ds_config: listed, not dropped.
        const auto unexpressed = config["_fourfold_unexpressed"];
        QVERIFY(std::find(unexpressed.begin(), unexpressed.end(), "/parallel/tp = 2") !=
                unexpressed.end());
        QVERIFY(std::find(unexpressed.begin(), unexpressed.end(), "/parallel/ep = 8") !=
                unexpressed.end());
    }

    // Every overlap the step time assumes is a flag of the export or listed as unexpressed, the
    // DeepSpeed bucket is the memory's, and a round trip keeps them.
    void exportsSayWhatTheEstimateAssumes() {
        Plan plan = layeredPlan();
        plan.parallel.dp = 4;
        plan.parallel.zeroStage = 1;
        plan.parallel.sequenceParallel = true;
        plan.performance.overlapTpComm = true;
        const FrameworkExport megatron = exportPlan(plan, format("megatron"));
        for (const char* flag :
             {"--overlap-grad-reduce", "--overlap-param-gather", "--tp-comm-overlap"}) {
            QVERIFY2(has(megatron.text, flag), flag);
        }
        const PlanImport back = importPlan(defaultPlan(), megatron.text);
        QVERIFY(back.plan.has_value());
        QCOMPARE(back.plan->performance.overlapGradReduce, true);
        QCOMPARE(back.plan->performance.overlapParamGather, true);
        QCOMPARE(back.plan->performance.overlapTpComm, true);
        // Megatron cannot overlap TP communication without sequence parallelism: listed.
        plan.parallel.sequenceParallel = false;
        const FrameworkExport noSp = exportPlan(plan, format("megatron"));
        QVERIFY(!has(noSp.text, "--tp-comm-overlap"));
        QVERIFY(std::find(noSp.unexpressed.begin(), noSp.unexpressed.end(),
                          "/performance/overlap_tp_comm = true") != noSp.unexpressed.end());
        // The expert all-to-all overlap is Megatron-Core's --overlap-moe-expert-parallel-comm.
        Plan moe = plan;
        moe.model.moe = {.experts = 8, .topK = 2};
        moe.parallel.ep = 4;
        moe.performance.overlapMoeA2a = true;
        const FrameworkExport experts = exportPlan(moe, format("megatron"));
        QVERIFY(has(experts.text, "--overlap-moe-expert-parallel-comm"));
        QCOMPARE(importPlan(defaultPlan(), experts.text).plan->performance.overlapMoeA2a, true);
        QVERIFY(!has(megatron.text, "--overlap-moe-expert-parallel-comm"));
        // Overlap off is Megatron's default: no flag, and the import reads it back off.
        plan.performance.overlapGradReduce = false;
        plan.performance.overlapParamGather = false;
        const FrameworkExport off = exportPlan(plan, format("megatron"));
        QVERIFY(!has(off.text, "--overlap-grad-reduce"));
        QCOMPARE(importPlan(defaultPlan(), off.text).plan->performance.overlapGradReduce, false);

        Plan zero2 = defaultPlan();
        zero2.parallel.zeroStage = 2;
        zero2.memory.zeroBucketElements = 200'000'000;
        zero2.performance.overlapGradReduce = false;
        const FrameworkExport deepspeed = exportPlan(zero2, format("deepspeed"));
        const auto zero = nlohmann::json::parse(deepspeed.text)["zero_optimization"];
        QCOMPARE(zero["reduce_bucket_size"].get<std::uint64_t>(), std::uint64_t{200'000'000});
        QCOMPARE(zero["allgather_bucket_size"].get<std::uint64_t>(), std::uint64_t{200'000'000});
        QCOMPARE(zero["overlap_comm"].get<bool>(), false);
        const PlanImport deepspeedBack = importPlan(defaultPlan(), deepspeed.text);
        QVERIFY(deepspeedBack.plan.has_value());
        QCOMPARE(deepspeedBack.plan->memory.zeroBucketElements, std::uint64_t{200'000'000});
        QCOMPARE(deepspeedBack.plan->performance.overlapGradReduce, false);
        QVERIFY(std::none_of(deepspeed.unexpressed.begin(), deepspeed.unexpressed.end(),
                             [](const std::string& line) {
                                 return line.starts_with("/performance/overlap_grad_reduce");
                             }));
    }

    void torchtitanUsesDocumentedKeys() {
        const std::string text = exportPlan(layeredPlan(), format("torchtitan")).text;
        for (const char* line :
             {"[training]", "local_batch_size = 32", "global_batch_size = 128", "seq_len = 4096",
              "mixed_precision_param = \"bfloat16\"", "[parallelism]",
              "data_parallel_replicate_degree = 4", "data_parallel_shard_degree = 1",
              "tensor_parallel_degree = 2", "pipeline_parallel_degree = 2",
              "pipeline_parallel_schedule = \"Interleaved1F1B\"",
              "pipeline_parallel_microbatch_size = 2", "pipeline_parallel_layers_per_stage = 8",
              "context_parallel_degree = 1", "[activation_checkpoint]", "mode = \"selective\""}) {
            QVERIFY2(has(text, line), line);
        }
        const std::string fsdp = exportPlan(expertPlan(), format("torchtitan")).text;
        // ZeRO-3 in groups of 8 over 32 data-parallel ranks: HSDP, 4 replicas of 8 shards.
        QVERIFY(has(fsdp, "data_parallel_replicate_degree = 4"));
        QVERIFY(has(fsdp, "data_parallel_shard_degree = 8"));
        QVERIFY(has(fsdp, "enable_cpu_offload = true"));
        QVERIFY(has(fsdp, "mode = \"full\""));
        // torchtitan trains in bf16 or fp32 only: fp16 is listed.
        QVERIFY(has(fsdp, "/training/precision = \"fp16\""));
    }

    void roundTripGivesBackWhatTheFileExpresses_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("index");
        for (const FrameworkFormat& row : frameworkFormats()) {
            if (row.write == nullptr || row.read == nullptr) continue;
            const auto plans = samplePlans();
            for (std::size_t i = 0; i < plans.size(); ++i) {
                const std::string name = std::string(row.key) + "-" + plans[i].first;
                QTest::newRow(name.c_str()) << QString::fromUtf8(row.key) << static_cast<int>(i);
            }
        }
    }
    void roundTripGivesBackWhatTheFileExpresses() {
        QFETCH(QString, key);
        QFETCH(int, index);
        const FrameworkFormat& framework = format(key.toStdString());
        const Plan plan = samplePlans()[static_cast<std::size_t>(index)].second;
        const FrameworkExport out = exportPlan(plan, framework);
        const PlanImport back = importPlan(defaultPlan(), out.text);
        QVERIFY2(back.plan.has_value(),
                 back.diagnostics.empty() ? "" : back.diagnostics[0].message.c_str());
        QCOMPARE(keyOf(back), framework.key);  // an export is recognised as its own format
        QCOMPARE(derivedGlobalBatch(*back.plan), derivedGlobalBatch(plan));
        for (const std::string& pointer : runPointers(plan)) {
            if (pointer == "/model/preset") continue;
            const std::string original = fieldText(plan, pointer);
            const std::string listed = pointer + " = " + original;
            const bool isListed = std::find(out.unexpressed.begin(), out.unexpressed.end(),
                                            listed) != out.unexpressed.end();
            if (isListed) {
                // Listed in the file itself, not only in the returned list.
                if (framework.key == "deepspeed") {
                    const auto list = nlohmann::json::parse(out.text)["_fourfold_unexpressed"];
                    QVERIFY2(std::find(list.begin(), list.end(), listed) != list.end(),
                             listed.c_str());
                } else {
                    QVERIFY2(has(out.text, "#   " + listed), listed.c_str());
                }
            } else {
                QVERIFY2(
                    fieldText(*back.plan, pointer) == original,
                    (pointer + ": " + original + " came back as " + fieldText(*back.plan, pointer))
                        .c_str());
            }
        }
    }

    void megatronCarriesTheWholeLayout() {
        // Everything in the layered plan is a Megatron flag, so nothing is listed but the
        // label-free fields Megatron has no flag for.
        const FrameworkExport out = exportPlan(layeredPlan(), format("megatron"));
        for (const std::string& line : out.unexpressed) {
            QVERIFY2(!line.starts_with("/parallel/") && !line.starts_with("/model/layers"),
                     line.c_str());
        }
    }

    void detection() {
        QVERIFY(isFourfoldPlan(planToJson(defaultPlan())));
        QVERIFY(detectFormat(planToJson(defaultPlan())) == nullptr);
        QCOMPARE(detectedKey(R"({"train_batch_size": 8})"), std::string_view("deepspeed"));
        QCOMPARE(detectedKey("[parallelism]\ntensor_parallel_degree = 2\n"),
                 std::string_view("torchtitan"));
        QCOMPARE(detectedKey("--tensor-model-parallel-size 2"), std::string_view("megatron"));
        QCOMPARE(detectedKey(R"({"model_type": "llama"})"), std::string_view("huggingface"));
        QCOMPARE(detectedKey("hello"), std::string_view());
        QVERIFY(!isFourfoldPlan("hello"));
        const PlanImport unknown = importPlan(defaultPlan(), "hello");
        QVERIFY(!unknown.plan);
        QVERIFY(hasErrors(unknown.diagnostics));
    }

    // What the hand-written reader before toml++ kept as text or refused: inline tables, dotted
    // and quoted keys, arrays over several lines, escapes in strings.
    void torchtitanReadsTomlAsTomlIs_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("sequence");
        QTest::newRow("inline-table")
            << QStringLiteral(
                   "parallelism = { tensor_parallel_degree = 4, "
                   "pipeline_parallel_degree = 2 }\n"
                   "training = { seq_len = 2048, local_batch_size = 1 }\n")
            << 4 << 2 << 2048;
        QTest::newRow("dotted-and-quoted-keys")
            << QStringLiteral(
                   "parallelism.tensor_parallel_degree = 4\n"
                   "parallelism . pipeline_parallel_degree = 2\n"
                   "\"training\".'seq_len' = 2048\n")
            << 4 << 2 << 2048;
        QTest::newRow("dotted-keys-under-a-header")
            << QStringLiteral(
                   "[job]\ndescription = \"llama3 8b\"\n"
                   "started = 1979-05-27T07:32:00Z\nday = 1979-05-27\nat = 07:32:00\n"
                   "[parallelism]\ntensor_parallel_degree = 2\n"
                   "[training]\nseq_len = 8192\n"
                   "[experimental]\ncustom.import = \"a.b\"\n")
            << 2 << 1 << 8192;
        QTest::newRow("arrays-over-lines")
            << QStringLiteral(
                   "[float8]\nfilter_fqns = [\n  \"output\",\n  \"router.gate\", "
                   "# a comment\n]\n"
                   "[checkpoint]\nexclude_from_loading = []\n"
                   "[parallelism]\ntensor_parallel_degree = 8\n"
                   "splits = [[1, 2], [3, [4.5, \"x\"]]]\n")
            << 8 << 1 << 4096;
        QTest::newRow("array-of-tables") << QStringLiteral(
                                                "[[validation.datasets]]\nname = \"c4\"\n"
                                                "[[validation.datasets]]\nname = \"wiki\"\n"
                                                "[parallelism]\npipeline_parallel_degree = 4\n")
                                         << 1 << 4 << 4096;
    }
    void torchtitanReadsTomlAsTomlIs() {
        QFETCH(QString, text);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, sequence);
        const PlanImport imported =
            importPlan(defaultPlan(), text.toStdString(), format("torchtitan"));
        QVERIFY2(imported.plan,
                 imported.diagnostics.empty() ? "" : imported.diagnostics[0].message.c_str());
        QCOMPARE(imported.plan->parallel.tp, tp);
        QCOMPARE(imported.plan->parallel.pp, pp);
        QCOMPARE(imported.plan->model.sequence, sequence);
    }

    void torchtitanStringEscapesAreRead() {
        // "\u0057" is W: the optimizer is AdamW, not the raw text.
        Plan base = defaultPlan();
        base.training.optimizer = OptimizerKind::Lion;
        const PlanImport imported = importPlan(
            base, "[training]\nseq_len = 4096\n[optimizer]\nname = \"Adam\\u0057\"  # AdamW\n");
        QVERIFY(imported.plan);
        QVERIFY(imported.plan->training.optimizer == OptimizerKind::AdamW);
    }

    // Errors name the key and carry the line and column toml++ gives.
    void torchtitanProblemsNameKeyLineAndColumn_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::newRow("wrong-type")
            << QStringLiteral(
                   "[training]\nseq_len = 4096\n\n[parallelism]\n"
                   "tensor_parallel_degree = \"four\"\n")
            << QStringLiteral("import.problem")
            << QStringLiteral("parallelism.tensor_parallel_degree|\"four\"") << 5 << 26;
        QTest::newRow("past-2^31")
            << QStringLiteral("[parallelism]\npipeline_parallel_degree = 4294967296\n")
            << QStringLiteral("import.problem")
            << QStringLiteral(
                   "parallelism.pipeline_parallel_degree|1000000|4294967296|/parallel/pp")
            << 2 << 28;
        QTest::newRow("past-2^63")
            << QStringLiteral("[parallelism]\ntensor_parallel_degree = 99999999999999999999\n")
            << QStringLiteral("import.toml_syntax_at_key")
            << QStringLiteral("parallelism.tensor_parallel_degree|64 bits") << 2 << 46;
        QTest::newRow("no-value") << QStringLiteral(
                                         "[training]\nseq_len = 4096\n[parallelism]\n"
                                         "tensor_parallel_degree = \n")
                                  << QStringLiteral("import.toml_syntax_at_key")
                                  << QStringLiteral(
                                         "parallelism.tensor_parallel_degree|expected value")
                                  << 4 << 26;
        QTest::newRow("unclosed-header")
            << QStringLiteral("[training]\nseq_len = 1\n[parallelism\n")
            << QStringLiteral("import.toml_syntax") << QStringLiteral("torchtitan job config") << 3
            << 13;
    }
    void torchtitanProblemsNameKeyLineAndColumn() {
        QFETCH(QString, text);
        QFETCH(QString, code);
        QFETCH(QString, words);
        QFETCH(int, line);
        QFETCH(int, column);
        const PlanImport imported =
            importPlan(defaultPlan(), text.toStdString(), format("torchtitan"));
        QVERIFY(!imported.plan);
        const auto error =
            std::find_if(imported.diagnostics.begin(), imported.diagnostics.end(),
                         [](const Diagnostic& d) { return d.severity == Severity::Error; });
        QVERIFY(error != imported.diagnostics.end());
        QCOMPARE(QString::fromStdString(error->code), code);
        for (const QString& word : words.split(QLatin1Char('|'))) {
            QVERIFY2(has(error->message, word.toStdString()), error->message.c_str());
        }
        QCOMPARE(error->line, line);
        QCOMPARE(error->column, column);
    }

    // Nesting past the documented bound (64) is refused before toml++ reads it: toml++ stops
    // arrays at 256 itself, but a key of 100,000 dotted segments overflowed its stack.
    void hostileTomlIsRefusedWithoutCrashing_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        constexpr int kDeep = 100'000;
        QString dotted = QStringLiteral("a");
        QString header = QStringLiteral("[a");
        for (int i = 0; i < kDeep; ++i) {
            dotted += QStringLiteral(".a");
            header += QStringLiteral(".a");
        }
        QString inlineTables = QStringLiteral("a = ");
        for (int i = 0; i < kDeep; ++i) inlineTables += QStringLiteral("{b = ");
        inlineTables += QLatin1Char('1') + QString(kDeep, QLatin1Char('}'));
        QTest::newRow("array-100000-deep")
            << QStringLiteral("[training]\nseq_len = 1\nx = ") + QString(kDeep, QLatin1Char('[')) +
                   QString(kDeep, QLatin1Char(']'))
            << 3;
        QTest::newRow("dotted-key-100000-segments") << dotted + QStringLiteral(" = 1\n") << 1;
        QTest::newRow("header-100000-segments")
            << QStringLiteral("# deep\n") + header + QStringLiteral("]\nx = 1\n") << 2;
        QTest::newRow("inline-tables-100000-deep") << inlineTables << 1;
        // x, then 64 arrays: 65 levels.
        QTest::newRow("array-65-levels") << QStringLiteral("x = ") + QString(64, QLatin1Char('[')) +
                                                QString(64, QLatin1Char(']'))
                                         << 1;
    }
    void hostileTomlIsRefusedWithoutCrashing() {
        QFETCH(QString, text);
        QFETCH(int, line);
        const PlanImport imported =
            importPlan(defaultPlan(), text.toStdString(), format("torchtitan"));
        QVERIFY(!imported.plan);
        QCOMPARE(imported.diagnostics.size(), std::size_t{1});
        const Diagnostic& refused = imported.diagnostics.front();
        QCOMPARE(refused.code, std::string("import.toml_too_deep"));
        QCOMPARE(refused.line, line);
        QVERIFY2(has(refused.message, "64"), refused.message.c_str());
    }

    // JSON configs are checked for nesting before the JSON parser, which recurses once per level
    // and overflowed its stack on these (exit 139), detected or read as a given format.
    void hostileJsonIsRefusedWithoutCrashing_data() {
        QTest::addColumn<QString>("key");  // "" : detected from the text
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("column");
        const QString deep = QString(100000, QLatin1Char('[')) + QString(100000, QLatin1Char(']'));
        const QString value =
            QStringLiteral("{\"train_batch_size\": ") + deep + QStringLiteral("}");
        QTest::newRow("deepspeed-value-100000-deep") << QString() << value << 85;
        QTest::newRow("deepspeed-read-as-deepspeed") << QStringLiteral("deepspeed") << value << 85;
        const QString config = QStringLiteral("{\"model_type\": \"llama\", \"x\": ") +
                               QString(70, QLatin1Char('{')) + QString(70, QLatin1Char('}')) +
                               QStringLiteral("}");
        QTest::newRow("huggingface-65-levels") << QString() << config << 93;
        QTest::newRow("huggingface-read-as-huggingface")
            << QStringLiteral("huggingface") << config << 93;
    }
    void hostileJsonIsRefusedWithoutCrashing() {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(int, column);
        const std::string input = text.toStdString();
        const PlanImport imported =
            key.isEmpty() ? importPlan(defaultPlan(), input)
                          : importPlan(defaultPlan(), input, format(key.toStdString()));
        QVERIFY(!imported.plan);
        QCOMPARE(imported.diagnostics.size(), std::size_t{1});
        const Diagnostic& refused = imported.diagnostics.front();
        QCOMPARE(refused.code, std::string("import.json_too_deep"));
        QCOMPARE(refused.line, 1);
        QCOMPARE(refused.column, column);
        QVERIFY2(has(refused.message, "64 levels"), refused.message.c_str());
        QVERIFY(detectFormat(input) == nullptr);
    }

    void nestingWithinTheBoundIsRead() {
        // 63 arrays inside one another under a key: one level short of the bound.
        const std::string text =
            "[parallelism]\ntensor_parallel_degree = 2\nx = " + std::string(62, '[') +
            std::string(62, ']') + "\n";
        const PlanImport imported = importPlan(defaultPlan(), text);
        QVERIFY2(imported.plan,
                 imported.diagnostics.empty() ? "" : imported.diagnostics[0].message.c_str());
        QCOMPARE(imported.plan->parallel.tp, 2);
        // A ds_config with a value 63 levels deep (64 with the top object) is read too.
        const std::string config = R"({"train_micro_batch_size_per_gpu": 2, "x": )" +
                                   std::string(63, '[') + std::string(63, ']') + "}";
        const PlanImport deepSpeed = importPlan(defaultPlan(), config);
        QVERIFY(deepSpeed.plan);
        QCOMPARE(deepSpeed.plan->training.microBatch, 2);
    }

    void oversizedFilesAreRefusedBeforeParsing() {
        // 8 MB of a valid torchtitan config: refused for its size alone.
        std::string text = "[parallelism]\ntensor_parallel_degree = 2\n";
        while (text.size() < 8'000'000) text += "# padding padding padding padding padding\n";
        QVERIFY(detectFormat(text) == nullptr);
        for (const PlanImport& imported : {importPlan(defaultPlan(), text),
                                           importPlan(defaultPlan(), text, format("torchtitan"))}) {
            QVERIFY(!imported.plan);
            QCOMPARE(imported.diagnostics.size(), std::size_t{1});
            QCOMPARE(imported.diagnostics.front().code, std::string("import.too_large"));
            QVERIFY(has(imported.diagnostics.front().message, "1048576"));
        }
        const std::string atTheLimit = text.substr(0, kMaxImportBytes);
        QVERIFY(importPlan(defaultPlan(), atTheLimit).plan);
    }

    // Each value a config gives a plan field is held to that field's documented range, and each
    // figure derived from several values to the range of the field it sets: the error names
    // the file's field, the value and the range. Before, these wrapped (a ZeRO stage, a
    // reduce_bucket_size of 4,000 bytes), died (SIGFPE) or imported as dp 2147483647.
    void valuesOutsideTheirRangeAreRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("words");  // '|'-separated, all in one error's message
        QTest::newRow("deepspeed-micro-batch")
            << QStringLiteral("deepspeed")
            << QStringLiteral(R"({"train_micro_batch_size_per_gpu": 4294967296})")
            << QStringLiteral("/train_micro_batch_size_per_gpu|4294967296|1 to 1000000");
        QTest::newRow("deepspeed-dp-derived")
            << QStringLiteral("deepspeed")
            << QStringLiteral(
                   R"({"train_batch_size": 2147483647, "train_micro_batch_size_per_gpu": 1,
                                  "gradient_accumulation_steps": 1})")
            << QStringLiteral(
                   "/parallel/dp = train_batch_size / (train_micro_batch_size_per_gpu × "
                   "gradient_accumulation_steps) = 2147483647|1 to 1000000");
        QTest::newRow("deepspeed-batch-past-2^32")
            << QStringLiteral("deepspeed")
            << QStringLiteral(
                   R"({"train_batch_size": 8589934592, "train_micro_batch_size_per_gpu": 65536,
                                  "gradient_accumulation_steps": 65536})")
            << QStringLiteral("micro-batch 65536 × sequence 4096|1.00e17");
        QTest::newRow("deepspeed-reduce-bucket")
            << QStringLiteral("deepspeed")
            << QStringLiteral(R"({"train_batch_size": 64, "zero_optimization":
                                  {"stage": 2, "reduce_bucket_size": 1152921504606848000}})")
            << QStringLiteral("/zero_optimization/reduce_bucket_size|1 to 250000000000000");
        QTest::newRow("deepspeed-zero-stage-past-2^32")
            << QStringLiteral("deepspeed")
            << QStringLiteral(R"({"zero_optimization": {"stage": 4294967298}})")
            << QStringLiteral("zero_optimization.stage|0, 1, 2 or 3|4294967298");
        QTest::newRow("megatron-tp-2^32")
            << QStringLiteral("megatron")
            << QStringLiteral("--tensor-model-parallel-size 4294967296 --micro-batch-size 1")
            << QStringLiteral("--tensor-model-parallel-size|4294967296|1 to 1000000");
        QTest::newRow("megatron-layers-past-2^32")
            << QStringLiteral("megatron")
            << QStringLiteral("--num-layers 4294967297 --hidden-size 4096")
            << QStringLiteral("--num-layers|4294967297|1 to 100000");
        QTest::newRow("megatron-layers-past-2^63")
            << QStringLiteral("megatron")
            << QStringLiteral("--num-layers 99999999999999999999999 --hidden-size 4096")
            << QStringLiteral("--num-layers|99999999999999999999999|1 to 100000");
        QTest::newRow("megatron-world-past-gpus")
            << QStringLiteral("megatron")
            << QStringLiteral(
                   "torchrun --nnodes 1000000 --nproc-per-node 10000 pretrain_gpt.py "
                   "--micro-batch-size 1")
            << QStringLiteral("world size 10000000000|10000000");
        QTest::newRow("megatron-dp-derived")
            << QStringLiteral("megatron")
            << QStringLiteral(
                   "torchrun --nnodes 1000 --nproc-per-node 8000 pretrain_gpt.py "
                   "--micro-batch-size 1")
            << QStringLiteral(
                   "/parallel/dp = --nnodes × --nproc-per-node / (tp × pp × cp) = "
                   "8000000|1 to 1000000");
        QTest::newRow("torchtitan-micro-batch")
            << QStringLiteral("torchtitan")
            << QStringLiteral(
                   "[parallelism]\npipeline_parallel_degree = 2\n"
                   "pipeline_parallel_microbatch_size = 2147483647\n")
            << QStringLiteral(
                   "parallelism.pipeline_parallel_microbatch_size|2147483647|1 to 1000000");
        QTest::newRow("torchtitan-local-batch-as-micro")
            << QStringLiteral("torchtitan")
            << QStringLiteral("[training]\nlocal_batch_size = 2000000\n")
            << QStringLiteral("/training/micro_batch = training.local_batch_size = 2000000");
        QTest::newRow("huggingface-layers-2^63")
            << QStringLiteral("huggingface")
            << QStringLiteral(R"({"model_type": "gpt2", "n_embd": 768, "n_head": 12,
                                  "n_layer": 9223372036854775807, "vocab_size": 50257})")
            << QStringLiteral("/n_layer|9223372036854775807|1 to 100000|/model/layers");
        QTest::newRow("huggingface-hidden-2^32")
            << QStringLiteral("huggingface")
            << QStringLiteral(R"({"model_type": "llama", "hidden_size": 4294967297,
                                  "num_hidden_layers": 32, "num_attention_heads": 32,
                                  "intermediate_size": 11008, "vocab_size": 32000})")
            << QStringLiteral("/hidden_size|4294967297|1 to 1000000");
        QTest::newRow("torchtitan-dp-derived")
            << QStringLiteral("torchtitan")
            << QStringLiteral(
                   "[parallelism]\ndata_parallel_replicate_degree = 1000000\n"
                   "data_parallel_shard_degree = 1000000\n")
            << QStringLiteral(
                   "data_parallel_replicate_degree × data_parallel_shard_degree = "
                   "1000000000000");
    }
    void valuesOutsideTheirRangeAreRefused() {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(QString, words);
        const PlanImport imported =
            importPlan(defaultPlan(), text.toStdString(), format(key.toStdString()));
        QVERIFY(!imported.plan);
        const bool named = std::any_of(
            imported.diagnostics.begin(), imported.diagnostics.end(), [&](const Diagnostic& d) {
                if (d.severity != Severity::Error) return false;
                for (const QString& word : words.split(QLatin1Char('|'))) {
                    if (!has(d.message, word.toStdString())) return false;
                }
                return true;
            });
        std::string all;
        for (const Diagnostic& d : imported.diagnostics) all += d.message + "\n";
        QVERIFY2(named, all.c_str());
    }

    // What the readers do not check themselves, validation's bounds do: a plan out of bounds is
    // never handed on, whatever the format.
    void importedPlansStayWithinThePlanBounds() {
        // 65536 × 4096 tokens per micro-batch: activations past the combined limit of 10^17.
        const PlanImport wide = importPlan(
            defaultPlan(),
            R"({"train_micro_batch_size_per_gpu": 65536, "gradient_accumulation_steps": 65536})",
            format("deepspeed"));
        QVERIFY(!wide.plan);
        QVERIFY(std::any_of(
            wide.diagnostics.begin(), wide.diagnostics.end(),
            [](const Diagnostic& d) { return d.code == "training.activations_too_large"; }));
        // A config.json whose values are each in range but whose shape counts past 10^14.
        const PlanImport wider = importPlan(
            defaultPlan(),
            R"({"model_type": "llama", "hidden_size": 1000000, "num_hidden_layers": 100000,
                "num_attention_heads": 1000, "intermediate_size": 10000000, "vocab_size": 32000})");
        QVERIFY(!wider.plan);
        QVERIFY(std::any_of(wider.diagnostics.begin(), wider.diagnostics.end(),
                            [](const Diagnostic& d) { return isBoundsError(d); }));
    }

    void malformedFilesAreDiagnosticsNotExceptions() {
        for (const char* text :
             {R"({"train_batch_size": "many"})", R"({"zero_optimization": {"stage": 7}})",
              R"({"bf16": {"enabled": "yes"}, "train_batch_size": 8})",
              "[training]\nlocal_batch_size = \"x\"\n[parallelism]\n",
              "[parallelism]\ntensor_parallel_degree = \n", "--tensor-model-parallel-size four",
              R"({"model_type": "llama", "hidden_size": -1})"}) {
            const PlanImport imported = importPlan(defaultPlan(), text);
            QVERIFY2(!imported.plan || !hasErrors(imported.diagnostics), text);
            QVERIFY2(hasErrors(imported.diagnostics), text);
        }
    }
};

QTEST_APPLESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
