// SPDX-License-Identifier: MIT
#include "published_plans.h"

#include "core/evaluate/evaluate.h"
#include "core/model/pipeline_layout.h"
#include "core/performance/kernel_efficiency.h"
#include "core/plan/catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <vector>

namespace fourfold::test::published {

namespace {

using core::Plan;

constexpr double kGib = 1024.0 * 1024.0 * 1024.0;

bool contains(const char* text, std::string_view part) {
    return text != nullptr && std::string_view(text).find(part) != std::string_view::npos;
}

std::string format(const char* pattern, auto... values) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

// A plain pipeline whose layers do not divide by pp splits them as evenly as it can (stages
// differ by one layer, rules' pipeline.uneven_layers): a published list of stage sizes with the
// same sizes is that split, even if its short stages are other ones (Meta's and torchtitan's
// put them first and last, where the embedding and the loss sit).
bool nearEvenSplit(const std::vector<int>& stages, int layers, int pp) {
    if (stages.size() != static_cast<std::size_t>(pp) || pp < 1) return false;
    int sum = 0;
    for (const int count : stages) {
        if (count != layers / pp && count != (layers + pp - 1) / pp) return false;
        sum += count;
    }
    return sum == layers;
}

// A list of stage sizes, one per model chunk in model order (pp × vp of them), as a layout
// string with the embedding on the first chunk and the loss on the last: "7,8,8,7" →
// "Et*7|t*8|t*8|t*7L". Empty when the list is not one size per chunk.
std::string layoutFromStageLayers(const std::vector<int>& stages, int chunks) {
    if (stages.empty() || stages.size() != static_cast<std::size_t>(chunks)) return {};
    std::vector<core::LayoutChunk> layout;
    for (const int layers : stages) layout.push_back({.layers = layers});
    layout.front().embedding = true;
    layout.back().loss = true;
    return core::layoutString(layout);
}

// What a Plan cannot say yet, first reason only; empty when the run is expressible.
std::string notExpressible(const PublishedRun& run) {
    const Shape& s = run.shape;
    const Layout& l = run.layout;
    const int vp = std::max(l.vp, 1);
    const int chunks = std::max(l.pp, 1) * vp;
    const bool placed = l.pipelineLayout[0] != '\0' || l.embeddingInSplit == Known::Yes ||
                        l.lossInSplit == Known::Yes;
    if (l.stageLayers[0] != '\0' && !placed &&
        !nearEvenSplit(stageLayerCounts(l.stageLayers), s.layers, l.pp) &&
        layoutFromStageLayers(stageLayerCounts(l.stageLayers), chunks).empty()) {
        return format("uneven pipeline stages (%s)", l.stageLayers);
    }
    // Interleaving without a layout needs every model chunk the same size.
    const int counted = s.layers + (l.embeddingInSplit == Known::Yes ? 1 : 0) +
                        (l.lossInSplit == Known::Yes ? 1 : 0);
    if (vp > 1 && l.stageLayers[0] == '\0' && l.pipelineLayout[0] == '\0' &&
        counted % chunks != 0) {
        return format("%d layers do not divide into pp %d x vp %d chunks", s.layers, l.pp, vp);
    }
    return {};
}

// The GPU: the row's preset, or for GPUs the catalog lacks the preset of the same chip with the
// row's memory (H100 96 GB at 500 W and H800 as the H100 SXM, whose dense peak they share; the
// 180 GB B200 of DGX-B200 as the B200). The power cap of torchtitan's H100s is not modelled.
std::optional<core::GpuSpec> gpuFor(const Hardware& h) {
    std::string_view preset = h.preset;
    if (preset.empty()) {
        if (contains(h.gpu, "H100") || contains(h.gpu, "H800")) preset = "h100-sxm-80gb";
        if (contains(h.gpu, "H200")) preset = "h200-sxm-141gb";
        if (contains(h.gpu, "B200")) preset = "b200-192gb";
    }
    const std::optional<core::GpuPreset> found = core::findGpuPreset(preset);
    if (!found) return std::nullopt;
    core::GpuSpec gpu = found->spec;
    if (h.memoryGB > 0) gpu.memoryBytes = static_cast<std::uint64_t>(h.memoryGB * kGib);
    return gpu;
}

// NVLink of the GPU's generation; the H800's is cut to 400 GB/s both ways (200 one way).
core::LinkSpec intraNodeFor(const Hardware& h, const core::GpuSpec& gpu) {
    const bool ampere = gpu.name.starts_with("a100");
    const bool blackwell = gpu.name.starts_with("b200");
    core::LinkSpec link = core::findLinkPreset(ampere      ? "nvlink3"
                                               : blackwell ? "nvlink5"
                                                           : "nvlink4")
                              ->spec;
    if (contains(h.gpu, "H800")) link.gbps = 200;
    return link;
}

// The row's per-GPU network (Gb/s → GB/s, with InfiniBand's latency); unsaid: 200 Gb/s per GPU
// on Ampere (DGX A100's HDR rails), 400 Gb/s after (DGX H100 / B200's NDR rails).
core::LinkSpec interNodeFor(const Hardware& h, const core::GpuSpec& gpu) {
    const bool ampere = gpu.name.starts_with("a100");
    core::LinkSpec link = core::findLinkPreset(ampere ? "ib-200g" : "ib-400g")->spec;
    if (h.interNodeGbpsPerGpu > 0) {
        link.name = "published";
        link.gbps = h.interNodeGbpsPerGpu / 8;
    }
    return link;
}

core::Precision precisionOf(Precision precision) {
    switch (precision) {
        case Precision::Fp8:
        case Precision::Mxfp8:
            return core::Precision::Fp8;
        case Precision::Fp16:
            return core::Precision::Fp16;
        case Precision::Bf16:
        case Precision::NotPublished:
            return core::Precision::Bf16;
    }
    return core::Precision::Bf16;
}

// Op-level SAC is the plan's selective_op; a module list keeps most activations and recomputes
// the cheap parts, the closest the plan has being Korthikanti's selective recompute. Unsaid: none,
// the default of Megatron-LM, NeMo and torchtitan alike, except for Megatron-LM + DeepSpeed runs
// (MT-NLG, 2021): selective recompute did not exist before Korthikanti et al. 2022, and every
// Megatron-DeepSpeed recipe of the time passed --checkpoint-activations. The calibration row
// mtnlg-530b-2240gpu leans the same way: 60.1 s measured, 44.3 s predicted with full
// recompute, 33.6 s with none.
core::Recompute recomputeOf(const Training& training) {
    const Recompute recompute = training.recompute;
    if (recompute == Recompute::NotPublished && contains(training.framework, "DeepSpeed")) {
        return core::Recompute::Full;
    }
    switch (recompute) {
        case Recompute::Full:
            return core::Recompute::Full;
        case Recompute::OpSac:
            return core::Recompute::SelectiveOp;
        case Recompute::Selective:
        case Recompute::Modules:
            return core::Recompute::Selective;
        case Recompute::None:
        case Recompute::NotPublished:
            return core::Recompute::None;
    }
    return core::Recompute::None;
}

// ZeRO stage; unsaid: 1, the distributed optimizer NeMo's and Megatron Bridge's recipes turn on
// and Megatron-LM's published runs use.
void setSharding(core::ParallelSpec& parallel, const Layout& l) {
    switch (l.sharding) {
        case Sharding::None:
            parallel.zeroStage = 0;
            break;
        case Sharding::Zero2:
            parallel.zeroStage = 2;
            break;
        case Sharding::Zero3:
            parallel.zeroStage = 3;
            break;
        case Sharding::Hsdp:
            parallel.zeroStage = 3;
            parallel.shardingGroup = l.hsdpShard;
            break;
        case Sharding::Zero1:
        case Sharding::NotPublished:
            parallel.zeroStage = 1;
            break;
    }
}

bool known(Known value, bool unsaid) {
    return value == Known::NotPublished ? unsaid : value == Known::Yes;
}

// Megatron-Core runs (Megatron-LM, NeMo, Megatron Bridge) compute attention with Transformer
// Engine's cuDNN fused kernels, which on Hopper reach FlashAttention-3's share of the peak: 75 %
// against FlashAttention-2's 35 % (Shah et al. 2024, FlashAttention-3, §1 and §4.1). The Hopper
// default (presetEfficiency) is FlashAttention-2's, so these runs take it × 75 / 35. NeMo's and
// Megatron Bridge's recipes overlap TP communication with the GEMMs (userbuffers,
// CommOverlapConfig(tp_comm_overlap=True) in e.g. Megatron Bridge's llama31_405b recipe).
void frameworkDefaults(const PublishedRun& run, Plan& plan) {
    const char* framework = run.training.framework;
    const bool hopper = !plan.cluster.gpu.name.starts_with("a100");
    if (contains(framework, "Megatron-Core") && hopper) {
        plan.cluster.gpuEfficiency.flashAttention =
            core::effectiveEfficiency(plan).flashAttention * 75.0 / 35.0;
    }
    if (contains(framework, "NeMo") && plan.parallel.tp > 1) plan.performance.overlapTpComm = true;
}

bool powerCapped(const Hardware& h) { return contains(h.gpu, "500 W"); }

// Every kernel rate (GEMMs in both precisions, attention) scaled by `scale`.
void scaleKernels(Plan& plan, double scale) {
    const core::GpuEfficiency base = core::effectiveEfficiency(plan);
    core::GpuEfficiency& e = plan.cluster.gpuEfficiency;
    e.gemm = base.gemm * scale;
    e.gemmFp8 = base.gemmFp8 * scale;
    e.flashAttention = base.flashAttention * scale;
}

RunPlan basePlan(const PublishedRun& run);
RunComparison compareWith(const PublishedRun& run, const RunPlan& plan);

// The share of a plan's kernel rates that brings the run's prediction to its measured figure,
// by bisection on [0.3, 2].
double fittedScale(const PublishedRun& run, const RunPlan& base) {
    double low = 0.3, high = 2.0;
    for (int step = 0; step < 30; ++step) {
        const double middle = 0.5 * (low + high);
        RunPlan trial = base;
        scaleKernels(*trial.plan, middle);
        (compareWith(run, trial).speedRatio() > 1 ? high : low) = middle;
    }
    return 0.5 * (low + high);
}

// torchtitan's H100s run capped at 500 W against the part's 700 W, so their clocks, and every
// kernel's rate with them, fall by a share no catalog figure gives. It is the one figure fitted
// here: on the calibration run on that hardware (titan2412-t3-8b-fsdp-128gpu), by bisection, the
// share of the 700 W rates that reproduces its measured throughput; every run on the capped
// hardware then takes it. Computed once.
double powerCapScale() {
    static const double scale = [] {
        for (std::span<const PublishedRun> table : kPublishedRunTables) {
            for (const PublishedRun& run : table) {
                if (run.split != Split::Calibration || !powerCapped(run.hardware)) continue;
                const RunPlan base = basePlan(run);
                if (base.plan) return fittedScale(run, base);
            }
        }
        return 1.0;
    }();
    return scale;
}

}  // namespace

double fittedPowerCapScale() { return powerCapScale(); }

// Field by field. Defaults for what a row leaves unsaid, each the framework default of the row's
// time unless said: micro-batch 1 and accumulation global batch / (micro × dp); recompute none
// (recomputeOf);
// flash attention on; sequence parallelism on with TP > 1 (NeMo and Megatron Bridge recipes);
// ZeRO-1 (setSharding); untied embeddings; 8 GPUs a node; the GPU and links of gpuFor,
// intraNodeFor and interNodeFor; AdamW with fp32 master weights and fp32 gradients; the plan's
// default overlaps (DP gradient reduction and ZeRO-3 prefetch overlapped, pipeline sends
// asynchronous), with TP communication overlapped when the row names async TP or TP comm
// overlap. Squared-ReLU MLPs are costed as GELU (both two matrices); MXFP8 as FP8.
RunPlan planForRun(const PublishedRun& run) {
    RunPlan result = basePlan(run);
    if (result.plan && powerCapped(run.hardware)) scaleKernels(*result.plan, powerCapScale());
    return result;
}

namespace {

RunPlan basePlan(const PublishedRun& run) {
    RunPlan result;
    result.notExpressible = notExpressible(run);
    if (!result.notExpressible.empty()) return result;
    const std::optional<core::GpuSpec> gpu = gpuFor(run.hardware);
    if (!gpu) {
        result.notExpressible = format("no catalog GPU for %s", run.hardware.gpu);
        return result;
    }
    const Shape& s = run.shape;
    const Layout& l = run.layout;
    const Training& t = run.training;

    Plan plan = core::defaultPlan();
    plan.name = run.id;
    core::ModelSpec& m = plan.model;
    m = core::ModelSpec{};
    m.layers = s.layers;
    m.hidden = s.hidden;
    m.heads = s.heads;
    m.kvHeads = s.kvHeads > 0 ? s.kvHeads : s.heads;
    m.ffnHidden = s.ffnHidden;
    m.vocab = s.vocab;
    m.sequence = s.sequence;
    m.mlp = s.mlp == Mlp::Swiglu ? core::MlpKind::Swiglu : core::MlpKind::Gelu;
    m.tiedEmbeddings = known(s.tiedEmbeddings, false);
    m.headDim = s.qkNopeHeadDim > 0 ? s.qkNopeHeadDim : s.headDim;
    m.qkNorm = known(s.qkNorm, false);
    m.slidingWindow = s.slidingWindow;
    m.fullAttentionEvery = s.fullAttentionEvery;
    if (s.experts > 1) {
        m.moe = {.experts = s.experts,
                 .topK = s.topK,
                 .expertFfnHidden = s.expertFfnHidden,
                 .sharedExperts = s.sharedExperts,
                 .firstDenseLayers = s.denseLayers};
    }
    if (s.kvLoraRank > 0) {
        m.mla = {.kvRank = s.kvLoraRank,
                 .qRank = s.qLoraRank,
                 .ropeDim = s.qkRopeHeadDim,
                 .vHeadDim = s.vHeadDim};
    }
    m.mtpLayers = s.mtpDepth;

    core::ClusterSpec& c = plan.cluster;
    c.gpu = *gpu;
    c.gpusPerNode = run.hardware.gpusPerNode > 0 ? run.hardware.gpusPerNode : 8;
    c.nodes = std::max(1, (run.hardware.gpus + c.gpusPerNode - 1) / c.gpusPerNode);
    c.intraNode = intraNodeFor(run.hardware, *gpu);
    c.interNode = interNodeFor(run.hardware, *gpu);

    core::ParallelSpec& p = plan.parallel;
    p = core::ParallelSpec{};
    p.dp = l.dp;
    p.tp = std::max(l.tp, 1);
    p.pp = std::max(l.pp, 1);
    p.cp = std::max(l.cp, 1);
    p.ep = std::max(l.ep, 1);
    p.etp = s.experts > 1 ? l.etp : 0;
    p.virtualStages = std::max(l.vp, 1);
    p.schedule = contains(l.schedule, "DualPipe") ? core::ScheduleKind::DualPipe
                 : p.virtualStages > 1            ? core::ScheduleKind::Interleaved1F1B
                                                  : core::ScheduleKind::OneFOneB;
    // Placement: the recipe's layout string or split accounting, else a published list of stage
    // sizes that is not the plan's own near-even split, as a layout.
    p.embeddingInSplit = known(l.embeddingInSplit, false);
    p.lossInSplit = known(l.lossInSplit, false);
    p.pipelineLayout = l.pipelineLayout;
    const std::vector<int> stages = stageLayerCounts(l.stageLayers);
    if (p.pipelineLayout.empty() && !stages.empty() &&
        (p.virtualStages > 1 || !nearEvenSplit(stages, s.layers, p.pp))) {
        p.pipelineLayout = layoutFromStageLayers(stages, p.pp * p.virtualStages);
    }
    p.reshardAfterForward = known(l.reshardAfterForward, true);
    if (p.schedule == core::ScheduleKind::DualPipe) {
        // DualPipe runs two chunks on every rank, one from each end of the model (DeepSeek-V3
        // report, section 3.2.1); with no layout published the layers split as evenly as they
        // can over the 2·pp chunks, the longer chunks first (Megatron-LM's even split).
        p.virtualStages = 2;
        if (p.pipelineLayout.empty()) {
            const int chunkCount = 2 * p.pp;
            std::vector<int> even(static_cast<std::size_t>(chunkCount), s.layers / chunkCount);
            for (int i = 0; i < s.layers % chunkCount; ++i) ++even[static_cast<std::size_t>(i)];
            p.pipelineLayout = layoutFromStageLayers(even, chunkCount);
        }
    }
    p.sequenceParallel = p.tp > 1 && known(l.sequenceParallel, true);
    setSharding(p, l);

    core::TrainingSpec& tr = plan.training;
    tr = core::TrainingSpec{};
    tr.precision = precisionOf(t.precision);
    tr.microBatch = t.microBatch > 0 ? t.microBatch : 1;
    const std::int64_t perStep = std::int64_t{tr.microBatch} * p.dp;
    if (t.gradAccumulation > 0) {
        tr.gradAccumulation = t.gradAccumulation;
    } else if (t.globalBatch > 0 && t.globalBatch % perStep == 0) {
        tr.gradAccumulation = static_cast<int>(t.globalBatch / perStep);
    } else {
        tr.gradAccumulation = 1;
    }
    if (t.globalBatch > 0 && t.globalBatch == perStep * tr.gradAccumulation) {
        tr.globalBatch = t.globalBatch;
    }
    tr.recompute = recomputeOf(t);
    tr.flashAttention = known(t.flashAttention, true);

    // torchtitan computes the loss on an fp32 copy of the bf16 logits, and cross-entropy's
    // backward holds its fp32 log-softmax, the fp32 gradient it returns and the gradient of the
    // log-probabilities at once: 4 + 4 + 4 bytes per logit at the peak, against the plan's
    // default 6 (bf16 logits and one fp32 softmax). The calibration peak
    // titan2412-t2-8b-cp2-64k (84.2 GiB reserved, 32,768 tokens of 128,256 logits per GPU)
    // confirms it: 12 bytes per logit account for 47 of its GiB.
    if (contains(t.framework, "torchtitan")) plan.memory.logitsBytesPerElement = 12;
    plan.performance.overlapTpComm =
        contains(l.overlap, "async TP") || contains(l.overlap, "TP comm overlap");
    frameworkDefaults(run, plan);
    result.plan = std::move(plan);
    return result;
}

}  // namespace

const char* figureUnit(Figure figure) {
    switch (figure) {
        case Figure::StepTimeS:
            return "s/step";
        case Figure::TokensPerSPerGpu:
            return "tok/s/GPU";
        case Figure::Mfu:
            return "MFU";
        case Figure::TflopsPerGpu:
            return "TFLOP/s/GPU";
    }
    return "";
}

double RunComparison::speedRatio() const {
    if (measured <= 0 || predicted <= 0) return 0;
    return figure == Figure::StepTimeS ? measured / predicted : predicted / measured;
}

RunComparison compareRun(const PublishedRun& run) { return compareWith(run, planForRun(run)); }

namespace {

RunComparison compareWith(const PublishedRun& run, const RunPlan& given) {
    RunComparison row;
    row.run = &run;
    const Measured& mm = run.measured;
    if (mm.stepTimeS > 0) {
        row.figure = Figure::StepTimeS;
        row.measured = mm.stepTimeS;
    } else if (mm.tokensPerSPerGpu > 0) {
        row.figure = Figure::TokensPerSPerGpu;
        row.measured = mm.tokensPerSPerGpu;
    } else if (mm.mfu > 0) {
        row.figure = Figure::Mfu;
        row.measured = mm.mfu;
    } else {
        row.figure = Figure::TflopsPerGpu;
        row.measured = mm.tflopsPerGpu;
    }
    const RunPlan& plan = given;
    if (!plan.plan) {
        row.notExpressible = plan.notExpressible;
        return row;
    }
    const core::Evaluation evaluation = core::evaluate(*plan.plan);
    if (!evaluation.performance || evaluation.performance->stepTimeS <= 0) {
        const auto error = std::ranges::find(evaluation.diagnostics, core::Severity::Error,
                                             &core::Diagnostic::severity);
        row.notExpressible = error != evaluation.diagnostics.end() ? "refused: " + error->message
                                                                   : std::string("no step time");
        return row;
    }
    const core::PerformanceReport& perf = *evaluation.performance;
    switch (row.figure) {
        case Figure::StepTimeS:
            row.predicted = perf.stepTimeS;
            break;
        case Figure::TokensPerSPerGpu:
            row.predicted = perf.tokensPerSPerGpu;
            break;
        case Figure::Mfu:
            row.predicted = perf.mfu;
            break;
        case Figure::TflopsPerGpu:
            row.predicted = perf.modelFlopsPerStep / perf.stepTimeS /
                            static_cast<double>(evaluation.worldSize) / 1e12;
            break;
    }
    return row;
}

}  // namespace

std::vector<RunComparison> compareAllRuns() {
    std::vector<RunComparison> rows;
    for (std::span<const PublishedRun> table : kPublishedRunTables) {
        for (const PublishedRun& run : table) rows.push_back(compareRun(run));
    }
    return rows;
}

double familyKernelScale(const char* family) {
    for (std::span<const PublishedRun> table : kPublishedRunTables) {
        for (const PublishedRun& run : table) {
            if (run.split != Split::Calibration || std::string_view(run.source.family) != family) {
                continue;
            }
            const RunPlan plan = planForRun(run);
            if (plan.plan) return fittedScale(run, plan);
        }
    }
    return 1.0;
}

std::vector<RunComparison> compareAllRunsCalibratedPerFamily() {
    std::vector<RunComparison> rows;
    std::vector<std::pair<std::string, double>> scales;
    for (std::span<const PublishedRun> table : kPublishedRunTables) {
        for (const PublishedRun& run : table) {
            const std::string family = run.source.family;
            auto found = std::ranges::find(scales, family, &std::pair<std::string, double>::first);
            if (found == scales.end()) {
                scales.emplace_back(family, familyKernelScale(run.source.family));
                found = scales.end() - 1;
            }
            RunPlan plan = planForRun(run);
            if (plan.plan) scaleKernels(*plan.plan, found->second);
            rows.push_back(compareWith(run, plan));
        }
    }
    return rows;
}

namespace {

void addError(ErrorSummary& summary, double error, const char* id) {
    summary.mean += error;
    if (error > summary.worst) {
        summary.worst = error;
        summary.worstId = id;
    }
    ++summary.runs;
}

void finish(ErrorSummary& summary) {
    if (summary.runs > 0) summary.mean /= summary.runs;
}

}  // namespace

ErrorSummary summarize(const std::vector<RunComparison>& rows, Split split) {
    ErrorSummary summary;
    for (const RunComparison& row : rows) {
        if (row.run->split != split) continue;
        if (!row.compared()) {
            ++summary.skipped;
            continue;
        }
        addError(summary, std::fabs(row.speedRatio() - 1), row.run->id);
    }
    finish(summary);
    return summary;
}

// ---- Memory ------------------------------------------------------------------------------

std::uint64_t peakBytesAs(const core::MemoryReport& memory, PeakKind kind) {
    switch (kind) {
        case PeakKind::AllocatorAllocated:
        case PeakKind::AllocatorActive:
            return memory.peakAllocatedBytes;
        case PeakKind::AllocatorReserved:
            return memory.peakReservedBytes;
        case PeakKind::NvidiaSmi:
        case PeakKind::NotStated:
            return memory.peakBytes;
    }
    return memory.peakBytes;
}

std::vector<PeakComparison> compareAllPeaks() {
    std::vector<PeakComparison> rows;
    for (const PublishedPeak& peak : kPublishedPeaks) {
        PeakComparison row;
        row.peak = &peak;
        row.measuredGib = peak.gib;
        const PublishedRun* run = nullptr;
        for (std::span<const PublishedRun> table : kPublishedRunTables) {
            for (const PublishedRun& candidate : table) {
                if (std::string_view(candidate.id) == peak.run) run = &candidate;
            }
        }
        RunPlan plan = run != nullptr ? planForRun(*run) : RunPlan{{}, "no such run"};
        if (!plan.plan) {
            row.notExpressible = std::move(plan.notExpressible);
            rows.push_back(std::move(row));
            continue;
        }
        const core::Evaluation evaluation = core::evaluate(*plan.plan);
        if (!evaluation.memory || evaluation.memory->stages.empty()) {
            row.notExpressible = "no memory estimate";
        } else {
            row.predictedGib =
                static_cast<double>(peakBytesAs(*evaluation.memory, peak.kind)) / kGib;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

ErrorSummary summarizePeaks(const std::vector<PeakComparison>& rows, Split split) {
    ErrorSummary summary;
    for (const PeakComparison& row : rows) {
        if (row.peak->split != split) continue;
        if (!row.compared()) {
            ++summary.skipped;
            continue;
        }
        addError(summary, std::fabs(row.predictedGib / row.measuredGib - 1), row.peak->id);
    }
    finish(summary);
    return summary;
}

// ---- Tables --------------------------------------------------------------------------------

namespace {

const char* splitName(Split split) {
    return split == Split::Calibration ? "calibration" : "held out";
}

std::string number(double value) {
    if (value >= 100) return format("%.0f", value);
    if (value >= 1) return format("%.2f", value);
    return format("%.3f", value);
}

}  // namespace

std::string markdownRunTable(const std::vector<RunComparison>& rows,
                             const std::vector<RunComparison>& calibrated) {
    const bool both = calibrated.size() == rows.size();
    std::string out = both ? "| run | split | unit | measured | predicted | speed ratio | "
                             "calibrated per family |\n"
                             "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
                           : "| run | split | unit | measured | predicted | speed ratio |\n"
                             "| --- | --- | --- | ---: | ---: | ---: |\n";
    for (std::size_t index = 0; index < rows.size(); ++index) {
        const RunComparison& row = rows[index];
        out += format("| `%s` | %s | %s | %s | ", row.run->id, splitName(row.run->split),
                      figureUnit(row.figure), number(row.measured).c_str());
        if (row.compared()) {
            out += format("%s | %.2f |", number(row.predicted).c_str(), row.speedRatio());
            if (both) out += format(" %.2f |", calibrated[index].speedRatio());
            out += "\n";
        } else {
            out += "— | not expressible: " + row.notExpressible + " |" + (both ? " |" : "") + "\n";
        }
    }
    return out;
}

std::string markdownPeakTable(const std::vector<PeakComparison>& rows) {
    std::string out =
        "| peak | split | measured GiB | predicted GiB | ratio |\n"
        "| --- | --- | ---: | ---: | ---: |\n";
    for (const PeakComparison& row : rows) {
        out += format("| `%s` | %s | %.1f | ", row.peak->id, splitName(row.peak->split),
                      row.measuredGib);
        if (row.compared()) {
            out += format("%.1f | %.2f |\n", row.predictedGib, row.predictedGib / row.measuredGib);
        } else {
            out += "— | not expressible: " + row.notExpressible + " |\n";
        }
    }
    return out;
}

}  // namespace fourfold::test::published
