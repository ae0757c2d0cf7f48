// SPDX-License-Identifier: MIT
// Plan: every input of a training run as plain value types, the single source of truth.
// Units: bytes are std::uint64_t, seconds and FLOP/s are double; GPU capacities are real bytes.
// JSON is a projection of it (core/plan/plan_json.h); checks on it live in core/rules/validate.h.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::core {

enum class Precision { Fp32, Fp16, Bf16, Fp8 };
enum class MlpKind { Gelu, Swiglu };
enum class OptimizerKind { Adam, AdamW, Sgd, SgdMomentum, Adam8bit, Adafactor, Lion };
// Selective: Korthikanti et al.'s attention-core recompute (Megatron-LM --recompute-granularity
// selective); SelectiveOp: torch's op-level selective checkpointing as torchtitan runs it
// (selective_ac_option = "op": matmul outputs saved every other one, attention saved, the rest
// replayed); Full: every layer from its input.
enum class Recompute { None, Selective, Full, SelectiveOp };
enum class Offload { None, OptimizerCpu, OptimizerAndParamsCpu, Nvme };
enum class ScheduleKind { Gpipe, OneFOneB, Interleaved1F1B, ZbH1, ZbH2, DualPipe, DualPipeV };
// Each schedule's key in the plan (PLAN_FORMAT.md), in enum order: the plan's JSON reads it
// here, below the schedule engine, whose table (core/schedule/schedule_kinds.h) holds the rest
// of what a schedule is.
struct ScheduleKey {
    ScheduleKind kind;
    std::string_view key;
};
inline constexpr ScheduleKey kScheduleKeys[] = {
    {ScheduleKind::Gpipe, "gpipe"},
    {ScheduleKind::OneFOneB, "1f1b"},
    {ScheduleKind::Interleaved1F1B, "interleaved_1f1b"},
    {ScheduleKind::ZbH1, "zb_h1"},
    {ScheduleKind::ZbH2, "zb_h2"},
    {ScheduleKind::DualPipe, "dualpipe"},
    {ScheduleKind::DualPipeV, "dualpipev"},
};
inline constexpr int kScheduleKindCount = static_cast<int>(std::size(kScheduleKeys));
static_assert([] {
    for (int index = 0; index < kScheduleKindCount; ++index) {
        if (static_cast<int>(kScheduleKeys[index].kind) != index) return false;
    }
    return true;
}());
// When data parallelism reduces gradients (PLAN_FORMAT.md, parallel.grad_sync): once per step
// after the last micro-batch (PyTorch DDP's no_sync, Megatron's distributed optimizer), or in
// every micro-batch's backward (DeepSpeed under gradient partitioning, FSDP without no_sync).
// Auto takes each framework's default (gradSyncPerMicroBatch below).
enum class GradSync { Auto, PerStep, PerMicroBatch };
// When ZeRO-3 / FSDP gathers parameters (parallel.param_gather): layer by layer in every
// micro-batch, or once per step, kept unsharded until the last backward (torchtitan's FSDP under
// pipeline parallelism). Auto: once per step under pipeline parallelism, else per micro-batch.
enum class ParamGather { Auto, PerMicroBatch, PerStep };
// How much of the model a run trains (docs/plan-format.md, training.finetune): every weight
// (pre-training and full fine-tuning), low-rank adapters beside a frozen 16-bit base (LoRA, Hu et
// al. 2021), or adapters beside a frozen 4-bit NF4 base (QLoRA, Dettmers et al. 2023).
enum class FineTune { Full, Lora, Qlora };
// The linear layers of a transformer layer LoRA may adapt, as bits of TrainingSpec::loraTargets
// (PEFT's target_modules q_proj ... down_proj; a GELU MLP has up and down only).
enum LoraTarget : unsigned {
    kLoraQuery = 1U << 0,
    kLoraKey = 1U << 1,
    kLoraValue = 1U << 2,
    kLoraOutput = 1U << 3,
    kLoraGate = 1U << 4,
    kLoraUp = 1U << 5,
    kLoraDown = 1U << 6,
};
inline constexpr unsigned kAllLoraTargets = 0x7FU;
// Whose accounting the memory figures follow (PLAN_FORMAT.md, memory.convention).
enum class MemoryConvention { Fourfold, ZeroPaper, DeepSpeed, Megatron };

struct MoeSpec {
    int experts = 0;  // 0 or 1: a dense model
    int topK = 0;
    int expertFfnHidden = 0;  // 0: same as ffnHidden
    // DeepSeekMoE (Dai et al. 2024): experts every token passes through beside the routed ones.
    int sharedExperts = 0;
    int sharedFfnHidden = 0;   // width of the shared experts together; 0: sharedExperts × expert
    int firstDenseLayers = 0;  // DeepSeek first_k_dense_replace: leading layers keep a dense MLP
    int layerStep = 1;         // MoE every n-th layer, the others dense (Llama 4 interleave step)

    bool operator==(const MoeSpec&) const = default;
};

// Multi-head latent attention (DeepSeek-V2, Liu et al. 2024, section 2.1): keys and values
// come from one compressed latent of kvRank per token (plus a shared rotary key of ropeDim),
// queries from an optional latent of qRank. The no-rotary part of a head is headDim.
struct MlaSpec {
    int kvRank = 0;  // 0: ordinary multi-head attention
    int qRank = 0;   // 0: queries projected straight from the hidden state
    int ropeDim = 0;
    int vHeadDim = 0;  // 0: same as the head dimension

    bool operator==(const MlaSpec&) const = default;
};

struct ModelSpec {
    std::string preset;     // catalog name it came from ("" for a custom shape)
    double parameters = 0;  // > 0: the exact count model-state memory uses; 0: count the shape
    int layers = 32;
    int hidden = 4096;
    int heads = 32;
    int kvHeads = 32;  // < heads: grouped-query attention
    int ffnHidden = 11008;
    int vocab = 32000;
    int sequence = 4096;
    MlpKind mlp = MlpKind::Swiglu;
    bool tiedEmbeddings = false;
    MoeSpec moe;
    int headDim = 0;             // 0: hidden / heads (Mistral-Nemo, Gemma, Qwen3 set their own)
    bool qkNorm = false;         // RMSNorm on queries and keys per head (OLMo 2, Qwen3, Gemma 3)
    int slidingWindow = 0;       // > 0: layers attend to this many past tokens (Mistral, Gemma)
    int fullAttentionEvery = 0;  // with a window: every n-th layer is global; 0: none
    MlaSpec mla;
    int mtpLayers = 0;  // DeepSeek-V3 multi-token-prediction modules after the last layer

    bool operator==(const ModelSpec&) const = default;
};

struct TrainingSpec {
    Precision precision = Precision::Bf16;
    bool masterWeights = true;              // an fp32 copy of the weights for the update
    Precision gradDtype = Precision::Fp32;  // dtype gradients are kept and reduced in
    OptimizerKind optimizer = OptimizerKind::AdamW;
    int microBatch = 1;
    int gradAccumulation = 8;
    std::optional<std::int64_t> globalBatch;  // as typed; must equal micro × accumulation × dp
    Recompute recompute = Recompute::None;
    bool flashAttention = true;
    // Fine-tuning (docs/memory.md, "Fine-tuning"): under LoRA and QLoRA the precision, master
    // weights, gradient dtype and optimizer above describe the adapters; the frozen base is held
    // in basePrecision (QLoRA: in NF4, dequantised to basePrecision for each matmul).
    FineTune finetune = FineTune::Full;
    int loraRank = 16;
    unsigned loraTargets = kAllLoraTargets;  // LoraTarget bits
    Precision basePrecision = Precision::Bf16;
    bool doubleQuant = true;      // QLoRA's quantised quantisation constants (§3)
    bool pagedOptimizer = false;  // optimizer states in pageable unified memory (QLoRA §3)
    // Memory savers: saved activations moved to host memory between a layer's forward and its
    // backward, and the loss computed over the tokens in this many chunks (1: all at once).
    bool activationOffload = false;
    int lossChunks = 1;

    bool operator==(const TrainingSpec&) const = default;
};

struct ParallelSpec {
    int dp = 8;
    int tp = 1;
    int pp = 1;
    int cp = 1;
    int ep = 1;
    int etp = 0;            // expert tensor parallel; 0: same as tp
    int virtualStages = 1;  // model chunks per pipeline rank (interleaved schedules)
    bool sequenceParallel = false;
    int zeroStage = 0;      // 0–3; 3 = FSDP full shard
    int shardingGroup = 0;  // ranks a ZeRO shard spreads over; 0: all DP ranks
    GradSync gradSync = GradSync::Auto;
    ParamGather paramGather = ParamGather::Auto;
    bool reshardAfterForward = true;  // ZeRO-3 / FSDP2 frees gathered layers after forward
    Offload offload = Offload::None;
    std::string order = "tp-cp-ep-dp-pp";  // first = fastest varying (Megatron-Core)
    ScheduleKind schedule = ScheduleKind::OneFOneB;
    // Uneven pipelines, as Megatron-LM's flags express them (core/model/pipeline_layout.h); the
    // defaults split the layers evenly over pp × virtual_stages chunks.
    int firstStageLayers = 0;       // --decoder-first-pipeline-num-layers; 0: even split
    int lastStageLayers = 0;        // --decoder-last-pipeline-num-layers; 0: even split
    bool embeddingInSplit = false;  // --account-for-embedding-in-pipeline-split
    bool lossInSplit = false;       // --account-for-loss-in-pipeline-split
    std::string pipelineLayout;     // --pipeline-model-parallel-layout ("E|t*4|t*4|tL"); "": none

    bool operator==(const ParallelSpec&) const = default;
};

struct PeakTflops {
    double bf16 = 0;
    double fp16 = 0;
    double fp8 = 0;
    double fp32 = 0;

    bool operator==(const PeakTflops&) const = default;
};

// Achievable-efficiency curves of the performance model (docs/performance.md); 0 = the
// calibrated default. A GEMM runs at gemm × Π d/(d + gemmHalfDim) of peak over its m, n, k.
struct GpuEfficiency {
    double gemm = 0;            // large 16-bit GEMMs, share of dense peak
    double gemmFp8 = 0;         // large FP8 GEMMs, share of the FP8 peak
    double gemmHalfDim = 0;     // GEMM dimension at which a factor d/(d + d½) is one half
    double flashAttention = 0;  // fused attention kernels, share of dense peak
    double hbm = 0;             // share of HBM bandwidth memory-bound kernels reach

    bool operator==(const GpuEfficiency&) const = default;
};

struct GpuSpec {
    std::string name;  // preset name or a user's label
    std::uint64_t memoryBytes = 0;
    PeakTflops peakTflops;  // dense peak, TFLOP/s
    double hbmGbps = 0;     // HBM bandwidth, GB/s

    bool operator==(const GpuSpec&) const = default;
};

struct LinkSpec {
    std::string name;
    double gbps = 0;  // GB/s, one direction, per GPU
    double latencyUs = 0;

    bool operator==(const LinkSpec&) const = default;
};

// One measured run a calibration profile was fitted from (its provenance, not an input).
struct ProfileRun {
    std::string source;         // where the figure came from (a log, a table, a person)
    std::string plan;           // the run's plan title
    double measuredStepS = 0;   // the step time the run measured (or its figures imply)
    double predictedStepS = 0;  // the fitted prediction
    // (the prediction fitted without this run − measured) / measured
    std::optional<double> heldOutError;

    bool operator==(const ProfileRun&) const = default;
};

// A calibration profile (docs/calibration.md): efficiencies fitted to measured runs, and where
// they came from. Each figure is optional (0 or empty: not fitted); applying the profile to a plan
// (core/plan/calibration_profile.h) sets the plan's own value where the plan does not set it.
struct CalibrationProfile {
    std::string name;
    std::string fitted;        // the date it was fitted, ISO 8601 ("2025-06-30")
    std::string gpu;           // the GPU the efficiencies were fitted on (its preset or label)
    GpuEfficiency efficiency;  // 0: not fitted
    std::optional<LinkSpec> intraNode;  // achieved bandwidth and latency of the link by its name
    std::optional<LinkSpec> interNode;
    std::optional<double> overlapContention;
    std::optional<std::uint64_t> frameworkBytes;
    std::optional<double> fragmentation;
    std::optional<double> heldOutMeanError;   // mean |leave-one-out error| over the runs
    std::optional<double> heldOutWorstError;  // the largest
    std::vector<ProfileRun> runs;

    bool operator==(const CalibrationProfile&) const = default;
};

// cluster.profile: a path to a profile file (read by whoever reads the plan's file, relative to
// it) or the profile's contents; `profile` holds the contents once read.
struct ProfileReference {
    std::string path;  // "" when the contents are pasted into the plan
    std::optional<CalibrationProfile> profile;

    [[nodiscard]] bool empty() const { return path.empty() && !profile; }
    bool operator==(const ProfileReference&) const = default;
};

struct ClusterSpec {
    GpuSpec gpu;
    int gpusPerNode = 8;
    int nodes = 1;
    LinkSpec intraNode;
    LinkSpec interNode;
    // The GPU's efficiency curves; in JSON, cluster.gpu.efficiency (kept beside GpuSpec so a
    // preset GPU stays equal to its preset).
    GpuEfficiency gpuEfficiency;
    // A calibration profile the plan names (docs/calibration.md); empty: the built-in defaults.
    ProfileReference profile;

    bool operator==(const ClusterSpec&) const = default;
};

struct MemoryOptions {
    MemoryConvention convention = MemoryConvention::Fourfold;
    double fragmentation = 0.05;  // share of allocated bytes lost to the allocator
    double safetyMargin = 0.10;   // share of capacity kept free
    // Assumptions public estimators disagree on, each switchable (see README, memory).
    std::uint64_t frameworkBytes = 1'500'000'000;  // CUDA context + framework + library workspaces
    bool countCommBuffers = true;               // DDP buckets, ZeRO gather and collective buffers
    std::uint64_t ddpBucketBytes = 25'000'000;  // PyTorch DDP bucket_cap_mb default (25 MB)
    // ZeRO-2/3 and ZeRO-Offload reduce (and ZeRO-2 all-gather) bucket, in elements; 0 takes
    // DeepSpeed's default (reduce_bucket_size = allgather_bucket_size = 5e8).
    std::uint64_t zeroBucketElements = 0;
    int zero3PrefetchLayers = 1;       // layers ZeRO-3 gathers ahead of the one computing
    double logitsBytesPerElement = 6;  // logits (2 B) + fp32 softmax for the loss (4 B)
    bool recomputeWorkingSet = true;   // full recompute re-materialises one layer at a time

    bool operator==(const MemoryOptions&) const = default;
};

struct MeasuredFigures {
    std::vector<std::uint64_t> peakBytesPerStage;
    std::optional<double> stepTimeS;
    // Throughput as the frameworks print it; each implies a step time for the plan
    // (core/performance/measured_step.h). Rates are per GPU, samples per second for the job.
    std::optional<double> tokensPerSPerGpu;
    std::optional<double> tflopsPerGpu;  // model FLOPs (no recompute) per GPU per second, ÷ 10¹²
    std::optional<double> mfu;           // share of the GPU's dense peak, 0–1
    std::optional<double> samplesPerS;
    // The fullest stage's peak, when the stages are not told apart.
    std::optional<std::uint64_t> peakBytes;

    bool operator==(const MeasuredFigures&) const = default;
};

// Share of an overlapped collective's hidden time it still costs the compute beside it (NCCL's
// kernels take SMs and HBM bandwidth), fitted with the kernel efficiencies (docs/performance.md).
inline constexpr double kDefaultOverlapContention = 0.5;

// How the step overlaps communication with compute, and what the run is costed against.
// Defaults follow the frameworks: PyTorch DDP / FSDP overlap gradient reduction and parameter
// prefetch; Megatron-LM leaves TP communication overlap off; pipeline sends are asynchronous.
struct PerformanceOptions {
    bool overlapGradReduce = true;   // DP gradient reduction hidden behind backward
    bool overlapParamGather = true;  // ZeRO-3 parameter all-gather hidden behind forward
    bool overlapTpComm = false;      // TP collectives hidden behind independent GEMMs
    bool overlapP2p = true;          // pipeline sends do not block the sender
    double dataLoadingS = 0;         // exposed data-loading time per step
    double tokenBudget = 0;          // tokens to train on; 0: not costed
    double pricePerGpuHour = 0;      // currency per GPU-hour; 0: not costed
    // One micro-batch's expert all-to-all hidden behind another's compute in the steady 1F1B
    // phase (Megatron-Core --overlap-moe-expert-parallel-comm, default off).
    bool overlapMoeA2a = false;
    // 0–1: the share of an overlapped collective's hidden time it still costs (see above).
    double overlapContention = kDefaultOverlapContention;

    bool operator==(const PerformanceOptions&) const = default;
};

// Checkpointing and failures (core/performance/checkpoint.h).
struct CheckpointOptions {
    double storageGbps = 20;         // aggregate write bandwidth of the checkpoint store, GB/s
    double mtbfHoursPerGpu = 50000;  // mean time between failures of one GPU (with its host)
    double restartS = 600;           // time to restart and reload after a failure

    bool operator==(const CheckpointOptions&) const = default;
};

struct Plan {
    std::string name;  // "" when the plan has none: planTitle() names it from its content
    ModelSpec model;
    TrainingSpec training;
    ParallelSpec parallel;
    ClusterSpec cluster;
    MemoryOptions memory;
    MeasuredFigures measured;
    PerformanceOptions performance;
    CheckpointOptions checkpoint;

    bool operator==(const Plan&) const = default;
};

// Ranks in the job: dp × tp × pp × cp (EP is carved out of dp × cp, as Megatron-Core does).
[[nodiscard]] std::int64_t worldSize(const Plan& plan);
// The expert tensor-parallel size in force (etp, or tp when etp is 0).
[[nodiscard]] int expertTensorParallel(const ParallelSpec& parallel);
// The data-parallel semantics in force once Auto is resolved: gradients reduced in every
// micro-batch (DeepSpeed ZeRO-2/3 reduce under gradient partitioning; DDP and ZeRO-1 accumulate
// and reduce once; FSDP under pipeline parallelism syncs on the last micro-batch, as
// torch.distributed.pipelining does); ZeRO-3 gathering once per step; and whether the ZeRO-3
// weights stay unsharded between a micro-batch's forward and backward, or the whole step.
[[nodiscard]] bool gradSyncPerMicroBatch(const ParallelSpec& parallel);
[[nodiscard]] bool paramGatherPerStep(const ParallelSpec& parallel);
[[nodiscard]] bool holdsUnshardedWeights(const ParallelSpec& parallel);
// The ZeRO-2/3 and ZeRO-Offload reduce bucket in elements: memory.zeroBucketElements, or
// DeepSpeed's reduce_bucket_size default (5e8) when it is 0. The memory counts it and the
// DeepSpeed export writes it.
inline constexpr std::uint64_t kDeepSpeedBucketElements = 500'000'000;
[[nodiscard]] std::uint64_t zeroBucketElements(const MemoryOptions& memory);
// Micro-batch × accumulation × dp: the samples one optimizer step consumes.
[[nodiscard]] std::int64_t derivedGlobalBatch(const Plan& plan);
// The same two products, empty when they do not fit in 64 bits (the plain ones saturate).
[[nodiscard]] std::optional<std::int64_t> checkedWorldSize(const Plan& plan);
[[nodiscard]] std::optional<std::int64_t> checkedGlobalBatch(const Plan& plan);
// Dense peak FLOP/s (not TFLOP/s) of the GPU in the given precision.
[[nodiscard]] double peakFlops(const GpuSpec& gpu, Precision precision);

}  // namespace fourfold::core
