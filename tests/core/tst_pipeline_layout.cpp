// SPDX-License-Identifier: MIT
// Uneven pipelines: Megatron-LM's layout strings read and written, layers per stage under each
// way of placing them (worked by hand), the coded diagnostics of impossible layouts, a chunk's
// share of the schedule, an uneven pipeline's bubble, per-stage memory, and Llama 3.1 405B's
// two published layouts evaluated whole.
#include "core/evaluate/evaluate.h"
#include "core/frameworks/frameworks.h"
#include "core/memory/memory.h"
#include "core/model/model.h"
#include "core/model/pipeline_layout.h"
#include "core/performance/performance.h"
#include "core/plan/catalog.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate.h"
#include "core/schedule/schedule.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace fourfold::core;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(fourfold::core::Plan)

namespace {

Plan parsed(const std::string& json) {
    const PlanParse parse = parsePlan(json);
    if (!parse.plan) qFatal("plan does not parse: %s", json.c_str());
    return *parse.plan;
}

// A small dense model: 20 layers of 1,024, 8 GPUs in one node, pp 4.
Plan smallPlan() {
    return parsed(R"({"model":{"layers":20,"hidden":1024,"heads":16,"kv_heads":16,
        "ffn_hidden":4096,"vocab":32000,"sequence":2048,"mlp":"gelu"},
        "training":{"micro_batch":1,"grad_accumulation":8},
        "parallel":{"dp":2,"tp":1,"pp":4},
        "cluster":{"gpu":"h100-sxm-80gb","gpus_per_node":8,"nodes":1}})");
}

std::vector<std::string> errorsAt(const Plan& plan, const std::string& code) {
    std::vector<std::string> paths;
    for (const Diagnostic& d : validate(plan)) {
        if (d.code == code && d.severity == Severity::Error) paths.push_back(d.path);
    }
    return paths;
}

std::string errorText(const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& d : diagnostics) {
        if (d.severity == Severity::Error) text += d.code + " " + d.path + "; ";
    }
    return text;
}

// Llama 3 paper (Dubey et al. 2024, arXiv 2407.21783), Table 4, 16,384 GPUs, CP 1: TP 8, PP 16,
// DP 128, batch 16 sequences of 8,192 per DP rank; §3.3.2: interleaved schedule, one layer
// fewer on the first and the last stage, "the first model chunk on the first stage has only
// the embedding, and the last model chunk on the last stage has only output projection and
// loss", so one layer per chunk: 128 chunks, v = 8. FSDP without resharding after forward
// keeps whole weights through the step; the sharded optimizer state is zero_stage 1.
Plan metaLlama405b() {
    return parsed(R"({"model":{"preset":"llama3-405b","sequence":8192},
        "training":{"precision":"bf16","micro_batch":1,"grad_accumulation":16,
                    "recompute":"none"},
        "parallel":{"dp":128,"tp":8,"pp":16,"virtual_stages":8,"schedule":"interleaved_1f1b",
                    "sequence_parallel":true,"zero_stage":1,"pipeline_layout":"E|(t|)*126,L"},
        "cluster":{"gpu":"h100-sxm-80gb","gpus_per_node":8,"nodes":2048,
                   "intra_node":"nvlink4","inter_node":"ib-400g"}})");
}

// NVIDIA NeMo 25.11 performance summary, DGX-H100, LLAMA3.1_405B on 1,024 GPUs: FP8, TP 8,
// PP 8, CP 2, VP 8, DP 8, micro-batch 1, global batch 512, sequence 8192 (292 tokens/s/GPU).
// The layout is not stated; Megatron Bridge's performance guide balances large-vocabulary
// models by counting the embedding and the loss as layers
// (account_for_embedding/loss_in_pipeline_split), which 126 + 2 over 8 × 8 chunks allows.
Plan nvidiaLlama405b() {
    return parsed(R"({"model":{"preset":"llama3-405b","sequence":8192},
        "training":{"precision":"fp8","micro_batch":1,"grad_accumulation":64},
        "parallel":{"dp":8,"tp":8,"pp":8,"cp":2,"virtual_stages":8,
                    "schedule":"interleaved_1f1b","sequence_parallel":true,"zero_stage":1,
                    "embedding_in_split":true,"loss_in_split":true},
        "cluster":{"gpu":"h100-sxm-80gb","gpus_per_node":8,"nodes":128,
                   "intra_node":"nvlink4","inter_node":"ib-400g"}})");
}

}  // namespace

class TestPipelineLayout : public QObject {
    Q_OBJECT
private slots:
    void layoutStrings_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("layers");
        QTest::addColumn<int>("embeddingChunk");
        QTest::addColumn<int>("lossChunk");
        // Megatron-LM's help text example, without the MTP layers Fourfold has no field for.
        QTest::newRow("help-example")
            << "E|(t|)*3,t|t||L" << std::vector<int>{0, 1, 1, 1, 1, 1, 0, 0} << 0 << 7;
        QTest::newRow("docstring-example") << "Ettt|(tt|)*29,L" << [] {
            std::vector<int> v{3};
            v.insert(v.end(), 29, 2);
            v.push_back(0);
            return v;
        }() << 0 << 30;
        QTest::newRow("single-repeats") << "Et*2|t*3L" << std::vector<int>{2, 3} << 0 << 1;
        QTest::newRow("one-chunk") << "EtttL" << std::vector<int>{3} << 0 << 0;
    }
    void layoutStrings() {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, layers);
        QFETCH(int, embeddingChunk);
        QFETCH(int, lossChunk);
        const ParsedLayout layout = parseLayoutString(text.toStdString());
        QCOMPARE(layout.errorAt, -1);
        QCOMPARE(static_cast<int>(layout.chunks.size()), static_cast<int>(layers.size()));
        for (std::size_t c = 0; c < layers.size(); ++c) {
            QCOMPARE(layout.chunks[c].layers, layers[c]);
            QCOMPARE(layout.chunks[c].embedding, static_cast<int>(c) == embeddingChunk);
            QCOMPARE(layout.chunks[c].loss, static_cast<int>(c) == lossChunk);
        }
        // Written back in folded form, it reads as the same chunks.
        QCOMPARE(parseLayoutString(layoutString(layout.chunks)).chunks, layout.chunks);
    }

    void layoutSyntaxErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("errorAt");
        QTest::newRow("unknown-symbol") << "Et|x|tL" << 3;
        QTest::newRow("group-without-count") << "E|(t|)t|L" << 6;
        QTest::newRow("star-without-number") << "Et*|tL" << 3;
        QTest::newRow("unclosed-group") << "E|(t|*2" << 7;
        QTest::newRow("stray-close") << "Et)|tL" << 2;
        QTest::newRow("space") << "Et |tL" << 2;
        QTest::newRow("too-long") << "E|(t|)*9999999,L" << 13;
    }
    void layoutSyntaxErrors() {
        QFETCH(QString, text);
        QFETCH(int, errorAt);
        QCOMPARE(parseLayoutString(text.toStdString()).errorAt, errorAt);
    }

    void foldedLayoutText() {
        std::vector<LayoutChunk> chunks(64, LayoutChunk{2, false, false});
        chunks.front() = {1, true, false};
        chunks.back() = {1, false, true};
        QCOMPARE(layoutString(chunks), std::string("Et|(t*2|)*62tL"));
    }

    // Layers per pipeline rank, worked by hand from each rule.
    void stageLayers_data() {
        QTest::addColumn<QString>("parallel");
        QTest::addColumn<int>("layers");
        QTest::addColumn<std::vector<int>>("perStage");
        // 10 over 4: ⌊10/4⌋ = 2 each, the first 10 mod 4 = 2 stages one more.
        QTest::newRow("even-default-remainder")
            << R"({"pp":4})" << 10 << std::vector<int>{3, 3, 2, 2};
        // 20 − 2 − 2 = 16 over the 2 middle stages.
        QTest::newRow("first-and-last")
            << R"({"pp":4,"first_stage_layers":2,"last_stage_layers":2})" << 20
            << std::vector<int>{2, 8, 8, 2};
        // Only the first given: 20 − 5 = 15 over the other 3 stages.
        QTest::newRow("first-only")
            << R"({"pp":4,"first_stage_layers":5})" << 20 << std::vector<int>{5, 5, 5, 5};
        QTest::newRow("last-only")
            << R"({"pp":4,"last_stage_layers":2})" << 20 << std::vector<int>{6, 6, 6, 2};
        // 20 + 2 = 22 slots do not divide by 4, 22 + 2 = 24 over 4 ranks × 2 chunks = 3 each;
        // chunk 0 (rank 0) and chunk 7 (rank 3) give a slot to the embedding and the loss.
        QTest::newRow("embedding-and-loss-v2")
            << R"({"pp":4,"virtual_stages":2,"schedule":"interleaved_1f1b","embedding_in_split":true,"loss_in_split":true})"
            << 22 << std::vector<int>{5, 6, 6, 5};
        QTest::newRow("embedding-only")
            << R"({"pp":3,"embedding_in_split":true})" << 11 << std::vector<int>{3, 4, 4};
        // Chunks in model order: rank r holds chunks r and r + 4.
        QTest::newRow("layout-interleaved")
            << R"({"pp":4,"virtual_stages":2,"schedule":"interleaved_1f1b","pipeline_layout":"Et|tt|tt|tt|tt|tt|ttt|tL"})"
            << 15 << std::vector<int>{3, 4, 5, 3};
        // Llama 3.1 405B, 126 layers: the Llama 3 paper's layout and Megatron Bridge's split.
        QTest::newRow("meta-405b-pp16-v8")
            << R"({"pp":16,"virtual_stages":8,"schedule":"interleaved_1f1b","pipeline_layout":"E|(t|)*126,L"})"
            << 126 << std::vector<int>{7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7};
        QTest::newRow("nvidia-405b-pp8-v8")
            << R"({"pp":8,"virtual_stages":8,"schedule":"interleaved_1f1b","embedding_in_split":true,"loss_in_split":true})"
            << 126 << std::vector<int>{15, 16, 16, 16, 16, 16, 16, 15};
    }
    void stageLayers() {
        QFETCH(QString, parallel);
        QFETCH(int, layers);
        QFETCH(std::vector<int>, perStage);
        Plan plan = parsed(R"({"parallel":)" + parallel.toStdString() + "}");
        plan.model.layers = layers;
        plan.parallel.dp = 1;
        plan.cluster.gpusPerNode = plan.parallel.pp;
        plan.cluster.nodes = 1;
        plan.training.gradAccumulation = plan.parallel.pp * 2;
        const std::vector<Diagnostic> diagnostics = validate(plan);
        QVERIFY2(!hasErrors(diagnostics), errorText(diagnostics).c_str());
        const ModelReport model = analyzeModel(plan);
        QCOMPARE(static_cast<int>(model.stages.size()), static_cast<int>(perStage.size()));
        for (std::size_t s = 0; s < perStage.size(); ++s) {
            QCOMPARE(model.stages[s].layerCount, perStage[s]);
            QCOMPARE(model.stages[s].hasEmbedding, s == 0);
            QCOMPARE(model.stages[s].hasHead, s + 1 == perStage.size());
        }
    }

    // Impossible layouts: each a coded error at the key's JSON pointer.
    void impossibleLayouts_data() {
        QTest::addColumn<QString>("parallel");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("path");
        QTest::newRow("layout-syntax") << R"({"pp":4,"pipeline_layout":"E|t*5|t*5|t*5|t*5L|x"})"
                                       << "pipeline.layout_syntax"
                                       << "/parallel/pipeline_layout";
        QTest::newRow("layout-chunks") << R"({"pp":4,"pipeline_layout":"Et*10|t*10L"})"
                                       << "pipeline.layout_chunks"
                                       << "/parallel/pipeline_layout";
        QTest::newRow("layout-layers-do-not-sum")
            << R"({"pp":4,"pipeline_layout":"Et*5|t*5|t*5|t*4L"})"
            << "pipeline.layout_layers"
            << "/parallel/pipeline_layout";
        QTest::newRow("layout-loss-missing") << R"({"pp":4,"pipeline_layout":"Et*5|t*5|t*5|t*5"})"
                                             << "pipeline.layout_embedding_loss"
                                             << "/parallel/pipeline_layout";
        QTest::newRow("layout-embedding-not-first")
            << R"({"pp":4,"pipeline_layout":"tE*1t*4|t*5|t*5|t*5L"})"
            << "pipeline.layout_embedding_loss"
            << "/parallel/pipeline_layout";
        QTest::newRow("layout-empty-stage") << R"({"pp":4,"pipeline_layout":"Et*10|t*10||L"})"
                                            << "pipeline.empty_stage"
                                            << "/parallel/pipeline_layout";
        QTest::newRow("layout-with-first")
            << R"({"pp":4,"first_stage_layers":2,"pipeline_layout":"Et*5|t*5|t*5|t*5L"})"
            << "pipeline.split_keys_conflict"
            << "/parallel/pipeline_layout";
        QTest::newRow("first-with-embedding-split")
            << R"({"pp":4,"first_stage_layers":2,"embedding_in_split":true})"
            << "pipeline.split_keys_conflict"
            << "/parallel/embedding_in_split";
        QTest::newRow("first-last-exceed")
            << R"({"pp":4,"first_stage_layers":12,"last_stage_layers":10})"
            << "pipeline.first_last_layers"
            << "/parallel/first_stage_layers";
        QTest::newRow("first-last-leave-middle-empty")
            << R"({"pp":4,"first_stage_layers":10,"last_stage_layers":10})"
            << "pipeline.first_last_layers"
            << "/parallel/first_stage_layers";
        QTest::newRow("middle-does-not-divide") << R"({"pp":4,"first_stage_layers":3})"
                                                << "pipeline.middle_layers_divide"
                                                << "/parallel/first_stage_layers";
        QTest::newRow("first-not-divisible-by-chunks")
            << R"({"pp":4,"virtual_stages":2,"schedule":"interleaved_1f1b","first_stage_layers":3,"last_stage_layers":3})"
            << "pipeline.stage_layers_divide_chunks"
            << "/parallel/first_stage_layers";
        QTest::newRow("first-last-without-pipeline") << R"({"pp":1,"dp":8,"last_stage_layers":2})"
                                                     << "pipeline.first_last_need_pipeline"
                                                     << "/parallel/last_stage_layers";
        QTest::newRow("split-slots-do-not-divide")
            << R"({"pp":4,"virtual_stages":2,"schedule":"interleaved_1f1b","embedding_in_split":true,"loss_in_split":true})"
            << "pipeline.split_slots_divide"
            << "/parallel/embedding_in_split";
        QTest::newRow("first-out-of-range") << R"({"pp":4,"first_stage_layers":200000})"
                                            << "range.out_of_range"
                                            << "/parallel/first_stage_layers";
    }
    void impossibleLayouts() {
        QFETCH(QString, parallel);
        QFETCH(QString, code);
        QFETCH(QString, path);
        Plan plan = smallPlan();
        const Plan overlay = parsed(R"({"parallel":)" + parallel.toStdString() + "}");
        plan.parallel = overlay.parallel;
        plan.parallel.dp = 8 / plan.parallel.pp;
        const std::vector<std::string> paths = errorsAt(plan, code.toStdString());
        QVERIFY2(paths.size() == 1, errorText(validate(plan)).c_str());
        QCOMPARE(QString::fromStdString(paths.front()), path);
        // Whatever validation says, the model still places every layer.
        const ModelReport model = analyzeModel(plan);
        int placed = 0;
        for (const StageParameters& stage : model.stages) placed += stage.layerCount;
        QCOMPARE(placed, plan.model.layers);
    }

    // Without a key, interleaving still needs pp × v to divide the layers (as Megatron-LM).
    void interleavingNeedsAKeyWhenLayersDoNotDivide() {
        Plan plan = nvidiaLlama405b();
        plan.parallel.embeddingInSplit = false;
        plan.parallel.lossInSplit = false;
        plan.parallel.virtualStages = 2;
        QCOMPARE(errorsAt(plan, "pipeline.chunks_divide_layers").size(), std::size_t{1});
        // 126 − 10 − 8 = 108 = 6 middle stages × 18, each 2 chunks of 9; 10 and 8 halve too.
        plan.parallel.firstStageLayers = 10;
        plan.parallel.lastStageLayers = 8;
        QVERIFY2(!hasErrors(validate(plan)), errorText(validate(plan)).c_str());
        const ModelReport model = analyzeModel(plan);
        QCOMPARE(model.stages.front().layerCount, 10);
        QCOMPARE(model.stages[3].layerCount, 18);
        QCOMPARE(model.stages.back().layerCount, 8);
        QCOMPARE(model.layout.chunks[8].layers, 5);  // rank 0's second chunk
        // With 8 chunks a rank, every count would be a multiple of 8, and 126 is not.
        plan.parallel.virtualStages = 8;
        QCOMPARE(errorsAt(plan, "pipeline.stage_layers_divide_chunks").size(), std::size_t{1});
    }

    // A chunk's share of its rank's time is its share of the rank's compute: rank 0 of
    // "Et|tt|tt|tt|ttt|..." holds chunk 0 (1 layer) and chunk 4 (3 layers), so 1 : 3.
    void chunkSharesFollowLayers() {
        Plan plan = smallPlan();
        plan.model.layers = 15;
        plan.parallel.virtualStages = 2;
        plan.parallel.schedule = ScheduleKind::Interleaved1F1B;
        plan.parallel.pipelineLayout = "Et|tt|tt|tt|ttt|tt|tt|tL";
        QVERIFY2(!hasErrors(validate(plan)), errorText(validate(plan)).c_str());
        const ModelReport model = analyzeModel(plan);
        const ScheduleCosts costs = scheduleCosts(plan, model, nullptr);
        QCOMPARE(costs.forwardS.size(), std::size_t{8});
        QVERIFY(costs.forwardS[0] > 0);
        QCOMPARE(costs.forwardS[4] / costs.forwardS[0], 3.0);
        QCOMPARE(costs.backwardS[4] / costs.backwardS[0], 3.0);
        // Ranks 1 and 2 hold 2 layers in each of their chunks: equal halves.
        QCOMPARE(costs.forwardS[1], costs.forwardS[5]);
        // The even split of an even plan keeps equal chunks.
        plan.parallel.pipelineLayout.clear();
        plan.model.layers = 16;
        const ScheduleCosts even = scheduleCosts(plan, analyzeModel(plan), nullptr);
        QCOMPARE(even.forwardS[0], even.forwardS[4]);
    }

    // 1F1B over two stages whose work differs 1 : 3 (forward 1 and 3, backward 2 and 6 time
    // units), two micro-batches, no transfer time. By hand: rank 0 F1 0–1, F2 1–2; rank 1 F1
    // 1–4, B1 4–10; rank 0 B1 10–12; rank 1 F2 10–13, B2 13–19; rank 0 B2 19–21. Makespan 21;
    // busy 6 + 18 of 2 × 21, so the bubble is 1 − 24/42 = 3/7 (equal stages would give
    // (p − 1)/(m + p − 1) = 1/3).
    void unevenBubbleByHand() {
        ScheduleCosts costs;
        costs.forwardS = {1, 3};
        costs.backwardS = {2, 6};
        costs.weightGradS = {0, 0};
        const ScheduleResult result = simulateSchedule(ScheduleKind::OneFOneB, 2, 2, 1, costs);
        QVERIFY(result.complete);
        QCOMPARE(result.makespanS, 21.0);
        QVERIFY(std::abs(result.bubbleFraction - 3.0 / 7.0) < 1e-12);
    }

    // Per-stage memory follows the placement: weights of a stage are its layers' (plus the
    // embedding or head) in 16-bit, 2 bytes a parameter.
    void perStageMemory() {
        Plan plan = smallPlan();
        plan.parallel.firstStageLayers = 2;
        plan.parallel.lastStageLayers = 2;
        const ModelReport model = analyzeModel(plan);
        const MemoryReport memory = estimateMemory(plan, model);
        QCOMPARE(memory.stages.size(), std::size_t{4});
        const auto weights = [&](std::size_t stage) {
            return memory.stages[stage]
                .items[static_cast<std::size_t>(MemoryCategory::Weights)]
                .bytes;
        };
        const std::uint64_t layer = model.layer.total;
        QCOMPARE(quint64(weights(1)), quint64(2 * 8 * layer));
        QCOMPARE(quint64(weights(2)), quint64(2 * 8 * layer));
        QCOMPARE(quint64(weights(0)), quint64(2 * (2 * layer + model.embedding)));
        QCOMPARE(quint64(weights(3)), quint64(2 * (2 * layer + model.head)));
        // Stages 1 and 2 hold 8 layers each; 1F1B keeps min(p − s, m) = 3 and 2 micro-batches
        // in flight on them, so their activations stand 3 : 2.
        const auto activations = [&](std::size_t stage) {
            return memory.stages[stage]
                .items[static_cast<std::size_t>(MemoryCategory::Activations)]
                .bytes;
        };
        QCOMPARE(memory.stages[1].inFlightMicroBatches, 3);
        QCOMPARE(memory.stages[2].inFlightMicroBatches, 2);
        QVERIFY(std::abs(static_cast<double>(activations(1)) * 2.0 / 3.0 -
                         static_cast<double>(activations(2))) < 2.0);
    }

    // The Llama 3 paper's layout is the embedding and loss counted in an 8-chunk split of
    // 126 + 2 slots over 16 stages: the search, which tries the flags, reaches it.
    void metaLayoutIsTheAccountedSplit() {
        Plan flags = metaLlama405b();
        flags.parallel.pipelineLayout.clear();
        flags.parallel.embeddingInSplit = true;
        flags.parallel.lossInSplit = true;
        QVERIFY2(!hasErrors(validate(flags)), errorText(validate(flags)).c_str());
        QCOMPARE(analyzeModel(flags).layout, analyzeModel(metaLlama405b()).layout);
        QCOMPARE(layoutString(analyzeModel(flags).layout.chunks), std::string("E|(t|)*126L"));
    }

    void jsonKeepsTheKeys() {
        Plan plan = nvidiaLlama405b();
        const std::string text = planToJson(plan);
        QVERIFY(text.find("\"embedding_in_split\": true") != std::string::npos);
        QCOMPARE(*parsePlan(text).plan, plan);
        plan.parallel.embeddingInSplit = false;
        plan.parallel.lossInSplit = false;
        plan.parallel.pipelineLayout = "Et|(tt|)*62,tL";
        QCOMPARE(*parsePlan(planToJson(plan)).plan, plan);
        // An even plan writes none of the keys.
        const std::string even = planToJson(smallPlan());
        for (const char* key : {"first_stage_layers", "last_stage_layers", "embedding_in_split",
                                "loss_in_split", "pipeline_layout"}) {
            QVERIFY2(even.find(key) == std::string::npos, key);
        }
    }

    // Megatron-LM's flags carry each way of placing layers there and back.
    void megatronRoundTrips_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<QString>("flag");
        QTest::newRow("account-for-embedding-and-loss")
            << nvidiaLlama405b() << "--account-for-loss-in-pipeline-split";
        QTest::newRow("layout-string")
            << metaLlama405b() << "--pipeline-model-parallel-layout 'E|(t|)*126,L'";
        Plan firstLast = nvidiaLlama405b();
        firstLast.parallel.embeddingInSplit = false;
        firstLast.parallel.lossInSplit = false;
        firstLast.parallel.firstStageLayers = 8;
        firstLast.parallel.lastStageLayers = 14;
        QTest::newRow("first-and-last") << firstLast << "--decoder-last-pipeline-num-layers 14";
    }
    void megatronRoundTrips() {
        QFETCH(Plan, plan);
        QFETCH(QString, flag);
        const FrameworkFormat* megatron = findFrameworkFormat("megatron");
        QVERIFY(megatron != nullptr);
        const FrameworkExport exported = exportPlan(plan, *megatron);
        QVERIFY2(exported.text.find(flag.toStdString()) != std::string::npos,
                 exported.text.c_str());
        for (const std::string& line : exported.unexpressed) {
            for (const char* key : {"/parallel/first_stage_layers", "/parallel/last_stage_layers",
                                    "/parallel/embedding_in_split", "/parallel/loss_in_split",
                                    "/parallel/pipeline_layout", "/parallel/virtual_stages"}) {
                QVERIFY2(!line.starts_with(key), line.c_str());
            }
        }
        const PlanImport back = importPlan(defaultPlan(), exported.text, *megatron);
        QVERIFY(back.plan.has_value());
        const ParallelSpec& p = back.plan->parallel;
        QCOMPARE(p.firstStageLayers, plan.parallel.firstStageLayers);
        QCOMPARE(p.lastStageLayers, plan.parallel.lastStageLayers);
        QCOMPARE(p.embeddingInSplit, plan.parallel.embeddingInSplit);
        QCOMPARE(p.lossInSplit, plan.parallel.lossInSplit);
        QCOMPARE(p.pipelineLayout, plan.parallel.pipelineLayout);
        QCOMPARE(p.virtualStages, plan.parallel.virtualStages);
        QCOMPARE(p.schedule, plan.parallel.schedule);
        QCOMPARE(analyzeModel(*back.plan).layout, analyzeModel(plan).layout);
    }

    void llama405bEvaluates_data() {
        QTest::addColumn<Plan>("plan");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("stageOneToFirst");  // layers of stage 1 / stage 0
        QTest::newRow("meta-16384-tp8-pp16-v8") << metaLlama405b() << 16384 << 8.0 / 7.0;
        QTest::newRow("nvidia-1024-tp8-pp8-cp2-v8") << nvidiaLlama405b() << 1024 << 16.0 / 15.0;
    }
    void llama405bEvaluates() {
        QFETCH(Plan, plan);
        QFETCH(int, gpus);
        QFETCH(double, stageOneToFirst);
        const Evaluation evaluation = evaluate(plan);
        QVERIFY2(!hasErrors(evaluation.diagnostics), errorText(evaluation.diagnostics).c_str());
        QCOMPARE(evaluation.worldSize, std::int64_t{gpus});
        QVERIFY(evaluation.model && evaluation.memory && evaluation.schedule);
        QVERIFY(evaluation.performance.has_value());
        const auto& stages = evaluation.model->stages;
        QCOMPARE(static_cast<double>(stages[1].layerCount) / stages[0].layerCount, stageOneToFirst);
        QVERIFY(evaluation.performance->stepTimeS > 0);
        QVERIFY(evaluation.performance->mfu > 0.2 && evaluation.performance->mfu < 0.7);
        qInfo("%s: step %.2f s, MFU %.3f, bubble %.3f", QTest::currentDataTag(),
              evaluation.performance->stepTimeS, evaluation.performance->mfu,
              evaluation.schedule->bubbleFraction);
    }
};

QTEST_GUILESS_MAIN(TestPipelineLayout)
#include "tst_pipeline_layout.moc"
