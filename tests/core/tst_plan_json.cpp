// SPDX-License-Identifier: MIT
#include "tests/core/plan_json_test_util.h"

#include "core/plan/catalog.h"
#include "core/plan/detail/plan_json_migrate.h"
#include "core/plan/plan_enums.h"
#include "core/plan/plan_json.h"
#include "core/rules/validate_ranges.h"

#include <nlohmann/json.hpp>

// QCOMPARE weighs a conversion of JSON values to qfloat16, which must then be complete.
#include <QFloat16>
#include <QTest>

#include <random>

using namespace fourfold::core;
using namespace fourfold::core::test;
using Json = nlohmann::ordered_json;

namespace {

// Any value of every field, within the ranges the reader accepts.
Plan randomPlan(std::mt19937& rng) {
    const auto integer = [&](int low, int high) {
        return std::uniform_int_distribution<int>(low, high)(rng);
    };
    const auto real = [&](double low, double high) {
        return std::uniform_real_distribution<double>(low, high)(rng);
    };
    const auto coin = [&] { return integer(0, 1) == 1; };
    const auto pick = [&]<typename Enum>(Enum) {
        const auto values = allValues<Enum>();
        return values[static_cast<std::size_t>(integer(0, int(values.size()) - 1))];
    };
    const auto text = [&] {
        static const std::vector<std::string> pieces = {
            "a", "Z", " ", "7", "\"", "\\", "/", "~", "\n", "\t", "é", "显存", "🚀", "{", "}"};
        std::string out;
        for (int i = integer(0, 12); i > 0; --i) out += pieces[std::size_t(integer(0, 14))];
        return out;
    };
    const auto bytes = [&] {
        return std::uniform_int_distribution<std::uint64_t>(0, ~std::uint64_t{0})(rng);
    };

    Plan plan = defaultPlan();
    plan.name = text();
    const auto& models = builtinCatalog().models;
    plan.model.preset = models.empty() || coin()
                            ? std::string()
                            : models[std::size_t(integer(0, int(models.size()) - 1))].name;
    plan.model.parameters = coin() ? 0.0 : real(1e6, 2e12);
    plan.model.layers = integer(1, 200);
    plan.model.hidden = integer(1, 65536);
    plan.model.heads = integer(1, 256);
    plan.model.kvHeads = integer(1, 256);
    plan.model.ffnHidden = integer(1, 100000);
    plan.model.vocab = integer(1, 300000);
    plan.model.sequence = integer(1, 1 << 20);
    plan.model.mlp = pick(MlpKind{});
    plan.model.tiedEmbeddings = coin();
    plan.model.moe = {integer(0, 256), integer(0, 8), integer(0, 50000)};
    // Today's architecture keys: each left at its default half the time, so files both with
    // and without them (and against a named preset's own values) round-trip.
    if (coin()) {
        plan.model.moe.sharedExperts = integer(0, 4);
        plan.model.moe.sharedFfnHidden = integer(0, 20000);
        plan.model.moe.firstDenseLayers = integer(0, 5);
        plan.model.moe.layerStep = integer(1, 4);
        plan.model.headDim = integer(0, 256);
        plan.model.qkNorm = coin();
        plan.model.slidingWindow = integer(0, 8192);
        plan.model.fullAttentionEvery = integer(0, 6);
        plan.model.mla = {integer(0, 1024), integer(0, 2048), integer(0, 128), integer(0, 256)};
        plan.model.mtpLayers = integer(0, 2);
    }

    auto& training = plan.training;
    training.precision = pick(Precision{});
    training.masterWeights = coin();
    training.gradDtype = pick(Precision{});
    training.optimizer = pick(OptimizerKind{});
    training.microBatch = integer(1, 64);
    training.gradAccumulation = integer(1, 1024);
    training.globalBatch = coin() ? std::optional<std::int64_t>{} : integer(1, 1 << 30);
    training.recompute = pick(Recompute{});
    training.flashAttention = coin();

    auto& parallel = plan.parallel;
    parallel.dp = integer(1, 4096);
    parallel.tp = integer(1, 64);
    parallel.pp = integer(1, 128);
    parallel.cp = integer(1, 32);
    parallel.ep = integer(1, 64);
    parallel.etp = integer(0, 8);
    parallel.virtualStages = integer(1, 8);
    parallel.sequenceParallel = coin();
    parallel.zeroStage = integer(0, 3);
    parallel.shardingGroup = integer(0, 512);
    parallel.offload = pick(Offload{});
    std::vector<std::string> axes = {"tp", "cp", "ep", "dp", "pp"};
    std::shuffle(axes.begin(), axes.end(), rng);
    parallel.order = axes[0] + "-" + axes[1] + "-" + axes[2] + "-" + axes[3] + "-" + axes[4];
    parallel.schedule = pick(ScheduleKind{});

    auto& cluster = plan.cluster;
    cluster.gpu = {text(),
                   bytes(),
                   {real(0, 5000), real(0, 5000), real(0, 10000), real(0, 200)},
                   real(0, 10000)};
    cluster.gpusPerNode = integer(1, 16);
    cluster.nodes = integer(1, 4096);
    cluster.intraNode = {text(), real(0, 2000), real(0, 20)};
    cluster.interNode = {text(), real(0, 200), real(0, 50)};

    plan.memory.convention = pick(MemoryConvention{});
    plan.memory.fragmentation = real(0, 1);
    plan.memory.safetyMargin = real(0, 1);
    plan.memory.frameworkBytes = bytes();
    plan.memory.countCommBuffers = coin();
    plan.memory.ddpBucketBytes = bytes();
    plan.memory.zero3PrefetchLayers = integer(0, 8);
    plan.memory.logitsBytesPerElement = real(0, 12);
    plan.memory.recomputeWorkingSet = coin();

    plan.measured.peakBytesPerStage.clear();
    for (int i = integer(0, 4); i > 0; --i) plan.measured.peakBytesPerStage.push_back(bytes());
    plan.measured.stepTimeS = coin() ? std::optional<double>{} : real(1e-3, 1e3);
    return plan;
}

std::vector<std::string> keysOf(const Json& object) {
    std::vector<std::string> keys;
    for (const auto& item : object.items()) keys.push_back(item.key());
    return keys;
}

}  // namespace

class TestPlanJson : public QObject {
    Q_OBJECT
private slots:
    void planFormatExampleParses();
    void writerFollowsTheDocumentedLayout();
    void writerIsDeterministic();
    void writerNamesPresetsOnlyWhenExact();
    void writerReplacesInvalidUtf8();
    void roundTripDefaultPlan();
    void roundTripPresets();
    void roundTripRandomPlans();
    void missingSchemaIsAccepted();
    void earlyIntegerSchemaMigrates();
    void migrationChainCoversEveryRevision();
    void globalBatchDerivesAccumulation();
    void globalBatchThatDoesNotDivide();
    void globalBatchWithAllThreeKept();
    void modelPresetFillsAndKeysOverride();
    void modelShapeWithoutPresetIsCustom();
    void modelParametersAlonePickAShape();
    void gpuObjectForm();
    void hugeDocumentsAreFine();
    void planWithEveryKeyNamesEveryRange();
};

void TestPlanJson::planFormatExampleParses() {
    const PlanParse parse = parsePlan(readDataFile("plan-format-example.json"));
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QVERIFY2(!hasErrors(parse.diagnostics), qPrintable(allMessages(parse)));
    for (const auto& d : parse.diagnostics) QVERIFY(d.severity != Severity::Warning);
    const Plan& plan = *parse.plan;
    QCOMPARE(plan.name, std::string("Llama-2 7B on 8 x H100"));
    QCOMPARE(plan.model.preset, std::string("llama2-7b"));
    QCOMPARE(plan.model.parameters, 6.74e9);
    QCOMPARE(plan.model.layers, 32);
    QCOMPARE(plan.model.hidden, 4096);
    QCOMPARE(plan.model.heads, 32);
    QCOMPARE(plan.model.kvHeads, 32);
    QCOMPARE(plan.model.ffnHidden, 11008);
    QCOMPARE(plan.model.vocab, 32000);
    QCOMPARE(plan.model.sequence, 4096);
    QCOMPARE(name(plan.model.mlp), name(MlpKind::Swiglu));
    QCOMPARE(plan.model.tiedEmbeddings, false);
    QCOMPARE(plan.model.moe, (MoeSpec{8, 2, 14336}));
    QCOMPARE(name(plan.training.precision), name(Precision::Bf16));
    QCOMPARE(plan.training.masterWeights, true);
    QCOMPARE(name(plan.training.gradDtype), name(Precision::Fp32));
    QCOMPARE(name(plan.training.optimizer), name(OptimizerKind::AdamW));
    QCOMPARE(plan.training.microBatch, 1);
    QCOMPARE(plan.training.gradAccumulation, 8);
    QCOMPARE(plan.training.globalBatch, std::optional<std::int64_t>(64));
    QCOMPARE(name(plan.training.recompute), name(Recompute::None));
    QCOMPARE(plan.training.flashAttention, true);
    QCOMPARE(plan.parallel.dp, 8);
    QCOMPARE(plan.parallel.tp, 1);
    QCOMPARE(plan.parallel.etp, 1);
    QCOMPARE(plan.parallel.virtualStages, 1);
    QCOMPARE(plan.parallel.zeroStage, 0);
    QCOMPARE(name(plan.parallel.offload), name(Offload::None));
    QCOMPARE(plan.parallel.order, std::string("tp-cp-ep-dp-pp"));
    QCOMPARE(name(plan.parallel.schedule), name(ScheduleKind::OneFOneB));
    QCOMPARE(plan.cluster.gpu, findGpuPreset("h100-sxm-80gb")->spec);
    QCOMPARE(plan.cluster.intraNode, findLinkPreset("nvlink4")->spec);
    QCOMPARE(plan.cluster.interNode, findLinkPreset("ib-400g")->spec);
    QCOMPARE(plan.cluster.gpusPerNode, 8);
    QCOMPARE(plan.cluster.nodes, 1);
    QCOMPARE(name(plan.memory.convention), name(MemoryConvention::Fourfold));
    QCOMPARE(plan.memory.fragmentation, 0.05);
    QCOMPARE(plan.memory.safetyMargin, 0.10);
    QCOMPARE(plan.measured.peakBytesPerStage, std::vector<std::uint64_t>{71'000'000'000ULL});
    QCOMPARE(plan.measured.stepTimeS, std::optional<double>(1.9));
}

void TestPlanJson::writerFollowsTheDocumentedLayout() {
    Plan plan = defaultPlan();
    plan.training.globalBatch.reset();
    plan.model.parameters = 0;
    plan.measured = {};
    const std::string text = planToJson(plan);
    QVERIFY(text.starts_with("{\n  \"schema\": \"fourfold.plan/1\",\n  \"name\": "));
    QVERIFY(text.ends_with("}\n"));
    QVERIFY(!text.ends_with("\n\n"));
    const Json json = Json::parse(text);
    QCOMPARE(keysOf(json), (std::vector<std::string>{"schema", "name", "model", "training",
                                                     "parallel", "cluster", "memory"}));
    QCOMPARE(
        keysOf(json["model"]),
        (std::vector<std::string>{"preset", "layers", "hidden", "heads", "kv_heads", "ffn_hidden",
                                  "vocab", "sequence", "mlp", "tied_embeddings", "moe"}));
    QCOMPARE(keysOf(json["model"]["moe"]),
             (std::vector<std::string>{"experts", "top_k", "expert_ffn_hidden"}));
    QCOMPARE(keysOf(json["training"]),
             (std::vector<std::string>{"precision", "master_weights", "grad_dtype", "optimizer",
                                       "micro_batch", "grad_accumulation", "recompute",
                                       "flash_attention"}));
    QCOMPARE(keysOf(json["parallel"]),
             (std::vector<std::string>{"dp", "tp", "pp", "cp", "ep", "etp", "virtual_stages",
                                       "sequence_parallel", "zero_stage", "sharding_group",
                                       "offload", "order", "schedule"}));
    QCOMPARE(keysOf(json["cluster"]), (std::vector<std::string>{"gpu", "gpus_per_node", "nodes",
                                                                "intra_node", "inter_node"}));
    QCOMPARE(keysOf(json["memory"]),
             (std::vector<std::string>{"convention", "fragmentation", "safety_margin",
                                       "framework_bytes", "count_comm_buffers", "ddp_bucket_bytes",
                                       "zero_bucket_elements", "zero3_prefetch_layers",
                                       "logits_bytes_per_element", "recompute_working_set"}));
    // Two-space indent: the first key of a nested section sits four spaces in.
    QVERIFY(text.find("\n  \"model\": {\n    \"preset\": ") != std::string::npos);

    plan.training.globalBatch = 64;
    plan.model.parameters = 6.74e9;
    plan.measured.stepTimeS = 1.9;
    const Json full = Json::parse(planToJson(plan));
    QCOMPARE(full["training"]["global_batch"].get<std::int64_t>(), std::int64_t{64});
    QCOMPARE(keysOf(full["model"])[1], std::string("parameters"));
    QCOMPARE(full["model"]["parameters"].get<double>(), 6.74e9);
    QCOMPARE(keysOf(full["measured"]), std::vector<std::string>{"step_time_s"});
    QCOMPARE(keysOf(full).back(), std::string("measured"));
}

void TestPlanJson::writerIsDeterministic() {
    std::mt19937 rng(7);
    for (int i = 0; i < 20; ++i) {
        const Plan plan = randomPlan(rng);
        const Plan copy = plan;
        QCOMPARE(planToJson(plan), planToJson(copy));
    }
}

void TestPlanJson::writerNamesPresetsOnlyWhenExact() {
    Plan plan = defaultPlan();
    plan.cluster.gpu = {"my-gpu", 1'000'000, {1, 2, 3, 4}, 5};
    plan.cluster.intraNode = {"my-link", 6, 7};
    Json json = Json::parse(planToJson(plan));
    QCOMPARE(json["cluster"]["gpu"].dump(),
             std::string(R"({"name":"my-gpu","memory_bytes":1000000,)"
                         R"("peak_tflops":{"bf16":1.0,"fp16":2.0,"fp8":3.0,"fp32":4.0},)"
                         R"("hbm_gbps":5.0})"));
    QCOMPARE(json["cluster"]["intra_node"].dump(),
             std::string(R"({"name":"my-link","gbps":6.0,"latency_us":7.0})"));

    const auto h100 = findGpuPreset("h100-sxm-80gb");
    const auto nvlink = findLinkPreset("nvlink4");
    QVERIFY(h100 && nvlink);
    plan.cluster.gpu = h100->spec;
    plan.cluster.intraNode = nvlink->spec;
    json = Json::parse(planToJson(plan));
    QCOMPARE(json["cluster"]["gpu"], Json("h100-sxm-80gb"));
    QCOMPARE(json["cluster"]["intra_node"], Json("nvlink4"));
    // One field off the preset: the object form, still under the preset's name.
    plan.cluster.gpu.memoryBytes -= 1;
    json = Json::parse(planToJson(plan));
    QVERIFY(json["cluster"]["gpu"].is_object());
    QCOMPARE(json["cluster"]["gpu"]["name"], Json("h100-sxm-80gb"));
    const PlanParse back = parsePlan(planToJson(plan));
    QVERIFY(back.plan.has_value());
    QCOMPARE(back.plan->cluster.gpu, plan.cluster.gpu);
}

void TestPlanJson::writerReplacesInvalidUtf8() {
    Plan plan = defaultPlan();
    plan.model.preset.clear();  // the writer is under test here, not the catalog
    plan.name = "bad \xff\xfe name";
    plan.cluster.gpu.name = "gpu \xc3";
    std::string text;
    try {
        text = planToJson(plan);
    } catch (...) {
        QFAIL("planToJson threw on invalid UTF-8");
    }
    QVERIFY(validUtf8(text));
    const PlanParse parse = parsePlan(text);
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->name, std::string("bad \xEF\xBF\xBD\xEF\xBF\xBD name"));
}

void TestPlanJson::roundTripDefaultPlan() {
    const Plan plan = defaultPlan();
    const PlanParse parse = parsePlan(planToJson(plan));
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QVERIFY(parse.plan == plan);
    QVERIFY(parse.diagnostics.empty());
}

void TestPlanJson::roundTripPresets() {
    const Catalog& catalog = builtinCatalog();
    QVERIFY(!catalog.models.empty() && !catalog.gpus.empty() && !catalog.links.empty());
    for (const auto& model : catalog.models) {
        Plan plan = defaultPlan();
        plan.model = model.spec;
        const PlanParse parse = parsePlan(planToJson(plan));
        QVERIFY2(parse.plan == plan, model.name.c_str());
        // A preset with a count of its own (generic-7b), used here with the shape's count.
        plan.model.parameters = 0;
        QVERIFY2(parsePlan(planToJson(plan)).plan == plan, model.name.c_str());
    }
    for (const auto& gpu : catalog.gpus) {
        Plan plan = defaultPlan();
        plan.cluster.gpu = gpu.spec;
        QCOMPARE(Json::parse(planToJson(plan))["cluster"]["gpu"], Json(gpu.spec.name));
        QVERIFY2(parsePlan(planToJson(plan)).plan == plan, gpu.spec.name.c_str());
    }
    for (const auto& link : catalog.links) {
        Plan plan = defaultPlan();
        plan.cluster.interNode = link.spec;
        QVERIFY2(parsePlan(planToJson(plan)).plan == plan, link.spec.name.c_str());
    }
}

void TestPlanJson::roundTripRandomPlans() {
    std::mt19937 rng(20240611);
    for (int i = 0; i < 400; ++i) {
        const Plan plan = randomPlan(rng);
        const std::string text = planToJson(plan);
        const PlanParse parse = parsePlan(text);
        QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
        QVERIFY2(parse.plan == plan, text.c_str());
        QCOMPARE(planToJson(*parse.plan), text);
    }
}

void TestPlanJson::missingSchemaIsAccepted() {
    const PlanParse parse = parsePlan(R"({"parallel": {"tp": 2}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->parallel.tp, 2);
    QCOMPARE(parse.diagnostics.size(), std::size_t{1});
    QCOMPARE(name(parse.diagnostics.front().severity), name(Severity::Info));
    QVERIFY(parse.diagnostics.front().message.find("fourfold.plan/1") != std::string::npos);
    // An empty object is the default plan, without the default's name (it is titled from its
    // content instead).
    const PlanParse empty = parsePlan("{}");
    Plan unnamed = defaultPlan();
    unnamed.name.clear();
    QVERIFY(empty.plan == unnamed);
}

void TestPlanJson::earlyIntegerSchemaMigrates() {
    const PlanParse parse = parsePlan(readDataFile("legacy-schema-1.json"));
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    const Diagnostic* note = findAt(parse, Severity::Info, "/schema");
    QVERIFY(note != nullptr);
    QVERIFY(note->message.find("fourfold.plan/1") != std::string::npos);
    const Plan& plan = *parse.plan;
    QCOMPARE(plan.name, std::string("GPT-3 1.3B, early format"));
    QCOMPARE(plan.model.preset, std::string());  // shape keys without a preset: custom
    QCOMPARE(plan.model.layers, 24);
    QCOMPARE(plan.model.vocab, 50257);
    QCOMPARE(name(plan.model.mlp), name(MlpKind::Gelu));
    QCOMPARE(name(plan.training.precision), name(Precision::Fp16));
    QCOMPARE(name(plan.training.optimizer), name(OptimizerKind::Adam));
    // 512 = 4 × accumulation × 16, so accumulation = 8.
    QCOMPARE(plan.training.gradAccumulation, 8);
    QCOMPARE(plan.parallel.zeroStage, 1);
    QCOMPARE(plan.memory.fragmentation, 0.08);
    // Saved again, it carries the current schema and reads back without notes.
    const std::string saved = planToJson(plan);
    QVERIFY(saved.find("\"schema\": \"fourfold.plan/1\"") != std::string::npos);
    const PlanParse again = parsePlan(saved);
    QVERIFY(again.plan == plan);
    QVERIFY(again.diagnostics.empty());
}

void TestPlanJson::migrationChainCoversEveryRevision() {
    QCOMPARE(detail::planMigrations().size(), std::size_t(kPlanSchemaVersion));
    const nlohmann::json early =
        nlohmann::json::parse(R"({"schema": 1, "name": "x", "parallel": {"tp": 2}})");
    const nlohmann::json migrated = detail::migrateEarlyIntegerSchema(early);
    QCOMPARE(migrated, nlohmann::json::parse(
                           R"({"schema": "fourfold.plan/1", "name": "x", "parallel": {"tp": 2}})"));
    QCOMPARE(early["schema"], nlohmann::json(1));  // pure: the input is untouched
}

void TestPlanJson::globalBatchDerivesAccumulation() {
    const PlanParse parse =
        parsePlan(R"({"training": {"micro_batch": 2, "global_batch": 64}, "parallel": {"dp": 8}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->training.gradAccumulation, 4);  // 64 = 2 × 4 × 8
    QCOMPARE(parse.plan->training.globalBatch, std::optional<std::int64_t>(64));
    const PlanParse unset = parsePlan(R"({"training": {"global_batch": null}})");
    QVERIFY(unset.plan.has_value());
    QVERIFY(!unset.plan->training.globalBatch.has_value());
}

void TestPlanJson::globalBatchThatDoesNotDivide() {
    const PlanParse parse = parsePlan(
        "{\"parallel\": {\"dp\": 8},\n \"training\": {\"micro_batch\": 2, \"global_batch\": 100}}");
    QVERIFY(!parse.plan.has_value());
    const Diagnostic* error = findAt(parse, Severity::Error, "/training/global_batch");
    QVERIFY2(error != nullptr, qPrintable(allMessages(parse)));
    for (const char* number : {"100", "2", "8", "16"}) {
        QVERIFY2(error->message.find(number) != std::string::npos, error->message.c_str());
    }
    QCOMPARE(error->line, 2);
}

void TestPlanJson::globalBatchWithAllThreeKept() {
    const PlanParse parse = parsePlan(
        R"({"training": {"micro_batch": 1, "grad_accumulation": 3, "global_batch": 64}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->training.gradAccumulation, 3);
    QCOMPARE(parse.plan->training.globalBatch, std::optional<std::int64_t>(64));
}

void TestPlanJson::modelPresetFillsAndKeysOverride() {
    const auto preset = findModelPreset("llama2-13b");
    QVERIFY(preset.has_value());
    const PlanParse parse = parsePlan(R"({"model": {"preset": "llama2-13b", "sequence": 8192}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    ModelSpec expected = preset->spec;
    expected.sequence = 8192;
    QCOMPARE(parse.plan->model, expected);
    QCOMPARE(parse.plan->model.preset, std::string("llama2-13b"));
}

void TestPlanJson::modelShapeWithoutPresetIsCustom() {
    const PlanParse parse = parsePlan(R"({"model": {"layers": 12}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->model.preset, std::string());
    QCOMPARE(parse.plan->model.layers, 12);
    QCOMPARE(parse.plan->model.hidden, defaultPlan().model.hidden);
    // The sequence length alone keeps the default model's preset.
    const PlanParse sequence = parsePlan(R"({"model": {"sequence": 8192}})");
    QVERIFY(sequence.plan.has_value());
    QCOMPARE(sequence.plan->model.preset, defaultPlan().model.preset);
}

void TestPlanJson::modelParametersAlonePickAShape() {
    const PlanParse parse = parsePlan(R"({"model": {"parameters": 13e9}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->model, shapeForParameterCount(13e9));
    QCOMPARE(parse.plan->model.parameters, 13e9);
    // With shape keys the count is kept as given and the shape is the file's.
    const PlanParse shaped = parsePlan(R"({"model": {"parameters": 13e9, "layers": 40}})");
    QVERIFY(shaped.plan.has_value());
    QCOMPARE(shaped.plan->model.layers, 40);
    QCOMPARE(shaped.plan->model.parameters, 13e9);
    QCOMPARE(shaped.plan->model.preset, std::string());
}

void TestPlanJson::gpuObjectForm() {
    const PlanParse parse =
        parsePlan(R"({"cluster": {"gpu": {"name": "lab-card", "memory_bytes": 1000,
                                          "peak_tflops": {"bf16": 100}},
                                  "inter_node": {"name": "slow", "gbps": 1.5}}})");
    QVERIFY2(parse.plan.has_value(), qPrintable(allMessages(parse)));
    QCOMPARE(parse.plan->cluster.gpu, (GpuSpec{"lab-card", 1000, {100, 0, 0, 0}, 0}));
    QCOMPARE(parse.plan->cluster.interNode, (LinkSpec{"slow", 1.5, 0}));
    const auto h100 = findGpuPreset("h100-sxm-80gb");
    QVERIFY(h100.has_value());
    // Named after a preset: missing keys take the preset's values.
    const PlanParse named =
        parsePlan(R"({"cluster": {"gpu": {"name": "h100-sxm-80gb", "hbm_gbps": 1}}})");
    QVERIFY(named.plan.has_value());
    GpuSpec expected = h100->spec;
    expected.hbmGbps = 1;
    QCOMPARE(named.plan->cluster.gpu, expected);
}

void TestPlanJson::hugeDocumentsAreFine() {
    // Up to the documented limit (kMaxPlanBytes) a large plan reads back unchanged.
    Plan plan = defaultPlan();
    plan.model.preset.clear();
    plan.name = std::string(500'000, 'x');
    plan.measured.peakBytesPerStage.assign(20'000, 70'000'000'000ULL);
    QElapsedTimer timer;
    timer.start();
    const std::string text = planToJson(plan);
    QVERIFY(text.size() < kMaxPlanBytes);
    const PlanParse parse = parsePlan(text);
    const qint64 bigPlanMs = timer.elapsed();
    QVERIFY(parse.plan == plan);

    std::string manyKeys = "{\"memory\": {";
    for (int i = 0; i < 40'000; ++i) manyKeys += "\"k" + std::to_string(i) + "\": [1, {}],";
    manyKeys += "\"fragmentation\": 0.5}}";
    QVERIFY(manyKeys.size() < kMaxPlanBytes);
    timer.restart();
    const PlanParse many = parsePlan(manyKeys);
    const qint64 manyKeysMs = timer.elapsed();
    QVERIFY(many.plan.has_value());
    QCOMPARE(many.plan->memory.fragmentation, 0.5);
    QVERIFY(many.diagnostics.size() <= 100);
    QVERIFY(many.diagnostics.back().message.find("more problems") != std::string::npos);
    qInfo("500 KB name + 20000 stages: %lld ms; 40000 unknown keys: %lld ms", bigPlanMs,
          manyKeysMs);

    // Beyond it, megabytes of anything are refused before parsing, naming size and limit.
    plan.name = std::string(8'000'000, 'x');
    const std::string huge = planToJson(plan);
    const PlanParse refused = parsePlan(huge);
    QVERIFY(!refused.plan.has_value());
    QCOMPARE(refused.diagnostics.size(), std::size_t{1});
    QCOMPARE(refused.diagnostics.front().code, std::string("json.too_large"));
    QVERIFY(refused.diagnostics.front().message.find(std::to_string(huge.size())) !=
            std::string::npos);
    QVERIFY(refused.diagnostics.front().message.find("1048576") != std::string::npos);
}

// `fourfold-cli evaluate --set` accepts the keys of this document: every key with a documented
// range is among them, and the document itself is a plan that reads back.
void TestPlanJson::planWithEveryKeyNamesEveryRange() {
    const std::string text = fourfold::core::planJsonWithEveryKey();
    const auto every = nlohmann::json::parse(text);
    for (const fourfold::core::KeyRange& range : fourfold::core::planKeyRanges()) {
        const nlohmann::json::json_pointer pointer{std::string(range.pointer)};
        QVERIFY2(every.contains(pointer), std::string(range.pointer).c_str());
    }
    for (const char* pointer : {"/performance/overlap_tp_comm", "/checkpoint/storage_gbps",
                                "/cluster/gpu/efficiency/gemm", "/training/global_batch"}) {
        QVERIFY2(every.contains(nlohmann::json::json_pointer(pointer)), pointer);
    }
    const auto parsed = fourfold::core::parsePlan(text);
    QVERIFY(parsed.plan);
}

QTEST_GUILESS_MAIN(TestPlanJson)
#include "tst_plan_json.moc"
