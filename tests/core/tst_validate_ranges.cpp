// SPDX-License-Identifier: MIT
// Every number a plan holds has a documented range (core/rules/validate_ranges.h,
// docs/plan-format.md): one row per key and limit. Just inside passes, just outside is an error at
// the key naming the key, the value and the range; the combined limits keep 64-bit byte arithmetic
// safe.
#include "coded_diagnostics_for_tests.h"

#include "core/plan/catalog.h"
#include "core/rules/validate.h"
#include "core/rules/validate_ranges.h"
#include "core/text/diagnostic_text.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <limits>
#include <map>

using namespace fourfold::core;
using namespace fourfold::core::testing;

namespace {

// Sets a key to a value; false when the key's C++ type cannot hold it (a negative byte count).
using Setter = std::function<bool(Plan&, double)>;

template <typename T>
bool assign(T& field, double value) {
    if constexpr (std::is_floating_point_v<T>) {
        field = value;
        return true;
    } else {
        if (value < static_cast<double>(std::numeric_limits<T>::min()) ||
            value > static_cast<double>(std::numeric_limits<T>::max())) {
            return false;
        }
        field = static_cast<T>(value);
        return true;
    }
}

#define FIELD(expr) [](Plan& p, double v) { return assign(expr, v); }

const std::map<std::string, Setter>& setters() {
    static const std::map<std::string, Setter> table = {
        {"/model/parameters", FIELD(p.model.parameters)},
        {"/model/layers", FIELD(p.model.layers)},
        {"/model/hidden", FIELD(p.model.hidden)},
        {"/model/heads", FIELD(p.model.heads)},
        {"/model/kv_heads", FIELD(p.model.kvHeads)},
        {"/model/ffn_hidden", FIELD(p.model.ffnHidden)},
        {"/model/vocab", FIELD(p.model.vocab)},
        {"/model/sequence", FIELD(p.model.sequence)},
        {"/model/moe/experts", FIELD(p.model.moe.experts)},
        {"/model/moe/top_k", FIELD(p.model.moe.topK)},
        {"/model/moe/expert_ffn_hidden", FIELD(p.model.moe.expertFfnHidden)},
        {"/model/moe/shared_experts", FIELD(p.model.moe.sharedExperts)},
        {"/model/moe/shared_ffn_hidden", FIELD(p.model.moe.sharedFfnHidden)},
        {"/model/moe/first_dense_layers", FIELD(p.model.moe.firstDenseLayers)},
        {"/model/moe/layer_step", FIELD(p.model.moe.layerStep)},
        {"/model/head_dim", FIELD(p.model.headDim)},
        {"/model/sliding_window", FIELD(p.model.slidingWindow)},
        {"/model/full_attention_every", FIELD(p.model.fullAttentionEvery)},
        {"/model/mla/kv_rank", FIELD(p.model.mla.kvRank)},
        {"/model/mla/q_rank", FIELD(p.model.mla.qRank)},
        {"/model/mla/rope_dim", FIELD(p.model.mla.ropeDim)},
        {"/model/mla/v_head_dim", FIELD(p.model.mla.vHeadDim)},
        {"/model/mtp_layers", FIELD(p.model.mtpLayers)},
        {"/training/micro_batch", FIELD(p.training.microBatch)},
        {"/training/grad_accumulation", FIELD(p.training.gradAccumulation)},
        {"/training/global_batch",
         [](Plan& p, double v) {
             std::int64_t value = 0;
             if (!assign(value, v)) return false;
             p.training.globalBatch = value;
             return true;
         }},
        {"/training/lora_rank", FIELD(p.training.loraRank)},
        {"/training/loss_chunks", FIELD(p.training.lossChunks)},
        {"/parallel/dp", FIELD(p.parallel.dp)},
        {"/parallel/tp", FIELD(p.parallel.tp)},
        {"/parallel/pp", FIELD(p.parallel.pp)},
        {"/parallel/cp", FIELD(p.parallel.cp)},
        {"/parallel/ep", FIELD(p.parallel.ep)},
        {"/parallel/etp", FIELD(p.parallel.etp)},
        {"/parallel/virtual_stages", FIELD(p.parallel.virtualStages)},
        {"/parallel/zero_stage", FIELD(p.parallel.zeroStage)},
        {"/parallel/sharding_group", FIELD(p.parallel.shardingGroup)},
        {"/parallel/first_stage_layers", FIELD(p.parallel.firstStageLayers)},
        {"/parallel/last_stage_layers", FIELD(p.parallel.lastStageLayers)},
        {"/cluster/gpus_per_node", FIELD(p.cluster.gpusPerNode)},
        {"/cluster/nodes", FIELD(p.cluster.nodes)},
        {"/cluster/gpu/memory_bytes", FIELD(p.cluster.gpu.memoryBytes)},
        {"/cluster/gpu/peak_tflops/bf16", FIELD(p.cluster.gpu.peakTflops.bf16)},
        {"/cluster/gpu/peak_tflops/fp16", FIELD(p.cluster.gpu.peakTflops.fp16)},
        {"/cluster/gpu/peak_tflops/fp8", FIELD(p.cluster.gpu.peakTflops.fp8)},
        {"/cluster/gpu/peak_tflops/fp32", FIELD(p.cluster.gpu.peakTflops.fp32)},
        {"/cluster/gpu/hbm_gbps", FIELD(p.cluster.gpu.hbmGbps)},
        {"/cluster/intra_node/gbps", FIELD(p.cluster.intraNode.gbps)},
        {"/cluster/intra_node/latency_us", FIELD(p.cluster.intraNode.latencyUs)},
        {"/cluster/inter_node/gbps", FIELD(p.cluster.interNode.gbps)},
        {"/cluster/inter_node/latency_us", FIELD(p.cluster.interNode.latencyUs)},
        {"/memory/fragmentation", FIELD(p.memory.fragmentation)},
        {"/memory/safety_margin", FIELD(p.memory.safetyMargin)},
        {"/memory/framework_bytes", FIELD(p.memory.frameworkBytes)},
        {"/memory/ddp_bucket_bytes", FIELD(p.memory.ddpBucketBytes)},
        {"/memory/zero3_prefetch_layers", FIELD(p.memory.zero3PrefetchLayers)},
        {"/memory/logits_bytes_per_element", FIELD(p.memory.logitsBytesPerElement)},
        {"/measured/peak_bytes_per_stage",
         [](Plan& p, double v) {
             std::uint64_t value = 0;
             if (!assign(value, v)) return false;
             p.measured.peakBytesPerStage = {value};
             return true;
         }},
        {"/measured/step_time_s",
         [](Plan& p, double v) {
             p.measured.stepTimeS = v;
             return true;
         }},
        {"/measured/tokens_per_s_per_gpu",
         [](Plan& p, double v) {
             p.measured.tokensPerSPerGpu = v;
             return true;
         }},
        {"/measured/tflops_per_gpu",
         [](Plan& p, double v) {
             p.measured.tflopsPerGpu = v;
             return true;
         }},
        {"/measured/mfu",
         [](Plan& p, double v) {
             p.measured.mfu = v;
             return true;
         }},
        {"/measured/samples_per_s",
         [](Plan& p, double v) {
             p.measured.samplesPerS = v;
             return true;
         }},
        {"/measured/peak_bytes",
         [](Plan& p, double v) {
             std::uint64_t value = 0;
             if (!assign(value, v)) return false;
             p.measured.peakBytes = value;
             return true;
         }},
    };
    return table;
}

#undef FIELD

std::string reportedPath(const KeyRange& range) {
    const std::string pointer(range.pointer);
    return pointer == "/measured/peak_bytes_per_stage" ? pointer + "/0" : pointer;
}

const Diagnostic* rangeError(const std::vector<Diagnostic>& diagnostics, const std::string& path) {
    for (const Diagnostic& d : diagnostics) {
        if (d.path == path && d.code.rfind("range.", 0) == 0) return &d;
    }
    return nullptr;
}

QString listing(const std::vector<Diagnostic>& diagnostics) {
    QString text;
    for (const auto& d : diagnostics) text += QString::fromStdString(describe(d)) + u'\n';
    return text;
}

// The values just inside and just outside a limit (next whole number, or next double).
double stepOut(const KeyRange& range, double limit, double direction) {
    if (range.integer) return limit + direction;
    return std::nextafter(limit, direction * std::numeric_limits<double>::infinity());
}

}  // namespace

class TestValidateRanges : public QObject {
    Q_OBJECT
private slots:
    void everyKeyHasARangeAndATestSetter() {
        QVERIFY(planKeyRanges().size() >= 40);
        for (const KeyRange& range : planKeyRanges()) {
            QVERIFY2(setters().count(std::string(range.pointer)) == 1,
                     std::string(range.pointer).c_str());
            QVERIFY(range.minimum <= range.maximum);
            QCOMPARE(findKeyRange(range.pointer), &range);
        }
        QCOMPARE(setters().size(), planKeyRanges().size());
        // The default plan sits inside every range.
        QVERIFY2(validate(defaultPlan()).empty(), qPrintable(listing(validate(defaultPlan()))));
    }

    void limits_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("accepted");
        for (const KeyRange& range : planKeyRanges()) {
            const QString pointer = QString::fromUtf8(range.pointer.data(), range.pointer.size());
            const auto row = [&](const char* what, double value, bool accepted) {
                QTest::newRow(qPrintable(pointer + u' ' + QString::fromLatin1(what)))
                    << pointer << value << accepted;
            };
            if (range.minimumExclusive) {
                row("at-excluded-minimum", range.minimum, false);
                row("just-above-minimum", stepOut(range, range.minimum, 1), true);
            } else {
                row("at-minimum", range.minimum, true);
                row("below-minimum", stepOut(range, range.minimum, -1), false);
            }
            row("at-maximum", range.maximum, true);
            row("above-maximum", stepOut(range, range.maximum, 1), false);
        }
    }
    void limits() {
        QFETCH(QString, pointer);
        QFETCH(double, value);
        QFETCH(bool, accepted);
        const KeyRange& range = *findKeyRange(pointer.toStdString());
        Plan plan = defaultPlan();
        if (!setters().at(pointer.toStdString())(plan, value)) {
            QSKIP("the key's type cannot hold this value (a negative byte count)");
        }
        const auto diagnostics = validate(plan);
        const Diagnostic* error = rangeError(diagnostics, reportedPath(range));
        if (accepted) {
            QVERIFY2(error == nullptr, qPrintable(listing(diagnostics)));
            return;
        }
        // Outside: an error at the key, or the key's own rule (gpu memory 0 explains itself).
        if (error == nullptr) {
            QVERIFY2(hasErrorsUnder(diagnostics, {reportedPath(range)}),
                     qPrintable(listing(diagnostics)));
            return;
        }
        QCOMPARE(error->severity, Severity::Error);
        QVERIFY2(codedProblem(*error).isEmpty(), qPrintable(codedProblem(*error)));
        const std::string key = std::string(range.pointer.substr(range.pointer.rfind('/') + 1));
        QCOMPARE(argText(*findArg(*error, "key")), key);
        for (const char* name : {"value", "minimum", "maximum"}) {
            const DiagnosticArg* arg = findArg(*error, name);
            QVERIFY(arg != nullptr);
            QVERIFY2(error->message.find(argText(*arg)) != std::string::npos,
                     error->message.c_str());
        }
        const DiagnosticArg& shown = *findArg(*error, "value");
        const double quoted = std::holds_alternative<std::int64_t>(shown.value)
                                  ? static_cast<double>(std::get<std::int64_t>(shown.value))
                                  : std::get<double>(shown.value);
        QCOMPARE(quoted, value);
    }

    void nonFiniteRealsAreOutOfRange() {
        for (const KeyRange& range : planKeyRanges()) {
            if (range.integer) continue;
            for (const double value : {std::numeric_limits<double>::quiet_NaN(),
                                       std::numeric_limits<double>::infinity()}) {
                Plan plan = defaultPlan();
                QVERIFY(setters().at(std::string(range.pointer))(plan, value));
                QVERIFY2(rangeError(validate(plan), reportedPath(range)) != nullptr,
                         std::string(range.pointer).c_str());
            }
        }
    }

    // Keys each in range whose product would overflow 64-bit counts are combined errors.
    void combinedLimitsKeepProductsSafe() {
        Plan plan = defaultPlan();
        plan.training.microBatch = 1'000'000;
        plan.training.gradAccumulation = 1'000'000;
        const auto batch = validate(plan);
        QVERIFY2(hasErrorsUnder(batch, {"/training"}), qPrintable(listing(batch)));

        plan = defaultPlan();
        plan.model.sequence = 100'000'000;
        plan.training.microBatch = 1'000'000;
        const auto activations = validate(plan);
        QVERIFY2(std::any_of(activations.begin(), activations.end(),
                             [](const Diagnostic& d) {
                                 return d.code == "training.activations_too_large" ||
                                        d.code == "training.tokens_per_step_too_large";
                             }),
                 qPrintable(listing(activations)));

        plan = defaultPlan();
        plan.cluster.nodes = 1'000'000;
        plan.cluster.gpusPerNode = 10'000;
        QVERIFY(hasErrorsUnder(validate(plan), {"/cluster"}));

        // The worst valid figures stay far below 2^63: 10^15 bytes per GPU times 10^6 ranks.
        QVERIFY(kMaxActivationBytes * 50 < 9.2e18);
        QVERIFY(kMaxTokensPerStep * 1e3 < 9.2e18);
    }

    // Bounds errors (a number out of its range, a product past a combined limit) are the ones
    // a front end refuses a file for; a broken rule between valid numbers is not one.
    void boundsErrorsAreTold() {
        Plan plan = defaultPlan();
        plan.memory.frameworkBytes = 446743935351073280ULL;
        const auto bytes = validate(plan);
        QVERIFY2(std::any_of(bytes.begin(), bytes.end(), isBoundsError),
                 qPrintable(listing(bytes)));

        plan = defaultPlan();
        plan.training.microBatch = 2147483647;
        plan.training.gradAccumulation = 2147483647;
        const auto batch = validate(plan);
        QVERIFY2(std::any_of(batch.begin(), batch.end(), isBoundsError),
                 qPrintable(listing(batch)));

        plan = defaultPlan();
        plan.cluster.nodes = 1'000'000;
        plan.cluster.gpusPerNode = 10'000;  // each in range, 10^10 GPUs together
        const auto gpus = validate(plan);
        QVERIFY2(std::any_of(gpus.begin(), gpus.end(), isBoundsError), qPrintable(listing(gpus)));

        plan = defaultPlan();
        plan.parallel.dp = 16;  // 16 ranks on 8 GPUs: an error, within every range
        const auto rule = validate(plan);
        QVERIFY2(std::any_of(rule.begin(), rule.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::Error; }),
                 qPrintable(listing(rule)));
        QVERIFY2(std::none_of(rule.begin(), rule.end(), isBoundsError), qPrintable(listing(rule)));
        Diagnostic warning;
        warning.severity = Severity::Warning;
        warning.code = "range.out_of_range";
        QVERIFY(!isBoundsError(warning));
        warning.severity = Severity::Error;
        QVERIFY(isBoundsError(warning));
    }
};

QTEST_GUILESS_MAIN(TestValidateRanges)
#include "tst_validate_ranges.moc"
