// SPDX-License-Identifier: MIT
// Published, measured training runs with the configuration each source gives, kept as data for
// validating the step-time and memory model on runs it was never tuned on. docs/published-runs.md
// lists every row with what its source leaves unsaid. Nothing here is model code: a row holds
// the source's numbers, 0 or "" where the source publishes nothing, and `notes` says what is
// missing, what was read from a framework default (naming the default and its version) and what
// was derived by arithmetic from published figures.
//
// Korthikanti et al. 2022 and Narayanan et al. 2021 (performance_references.h) and the MPT rows
// of the 8- and 64-GPU tables already there are not repeated.
//
// The split into calibration and held-out rows was fixed when the rows were entered, before any
// model figure was compared with them: at most one calibration row per source family, picked so
// the calibration rows span the GPU generations (Ampere, Hopper, Blackwell) and the layout kinds
// (FSDP only, TP + PP with interleaving, TP + PP + DP at thousands of GPUs); every other row is
// held out. Memory peaks are split the same way among themselves (at most a third calibration,
// one per layout kind). tst_published_runs checks both limits.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace fourfold::test::published {

enum class Split { Calibration, HeldOut };
// Yes/no facts a source may leave out.
enum class Known { NotPublished, No, Yes };
enum class Mlp { NotPublished, Gelu, SquaredRelu, Swiglu };
enum class Precision { NotPublished, Bf16, Fp16, Fp8, Mxfp8 };
// How data-parallel ranks hold model state: None is plain DDP (every rank keeps all of it),
// Zero1/Zero2/Zero3 the ZeRO stages (Zero3 = FSDP full shard), Hsdp sharded within
// hsdpShard ranks and replicated hsdpReplicate times.
enum class Sharding { NotPublished, None, Zero1, Zero2, Zero3, Hsdp };
// Selective: Korthikanti's attention-core recompute; OpSac: torch's op-level selective
// checkpointing (torchtitan "op"); Modules: a named list of recomputed modules
// (recomputeDetail); Full: every layer's input kept, the layer recomputed.
enum class Recompute { NotPublished, None, Selective, OpSac, Modules, Full };
// What a memory figure measured: the caching allocator's peak reserved bytes
// (torch.cuda.max_memory_reserved), peak allocated or active bytes, or the driver's view.
enum class PeakKind {
    NotStated,
    AllocatorReserved,
    AllocatorAllocated,
    AllocatorActive,
    NvidiaSmi
};

struct Source {
    const char* family = "";  // one per publisher and framework; the split counts these
    const char* title = "";
    const char* where = "";  // URL, or repository @ commit : path
    const char* row = "";    // table and row inside it
};

struct Shape {
    const char* name = "";
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;  // 0: hidden / heads
    int ffnHidden = 0;
    int vocab = 0;
    int sequence = 0;
    Mlp mlp = Mlp::NotPublished;
    Known tiedEmbeddings = Known::NotPublished;
    const char* attention = "";          // anything but plain causal self-attention
    Known qkNorm = Known::NotPublished;  // RMSNorm on each head's queries and keys
    int slidingWindow = 0;               // > 0: local layers attend to this many past tokens
    int fullAttentionEvery = 0;          // with a window: every n-th layer attends to all
    // Mixture of experts (0: dense).
    int experts = 0;
    int topK = 0;
    int expertFfnHidden = 0;
    int sharedExperts = 0;
    int denseLayers = 0;  // leading layers with a dense MLP of ffnHidden
    // Multi-head latent attention (DeepSeek); 0: not MLA.
    int qLoraRank = 0;
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;
    int mtpDepth = 0;  // multi-token-prediction modules trained beside the model
};

struct Hardware {
    const char* gpu = "";
    const char* preset = "";  // the resources/presets/gpus.json entry that matches, "" if none
    double memoryGB = 0;      // vendor's figure
    int gpus = 0;
    int gpusPerNode = 0;
    const char* intraNode = "";
    const char* interNode = "";
    double interNodeGbpsPerGpu = 0;  // Gb/s per GPU across nodes
};

struct Layout {
    int dp = 0;  // data-parallel degree (FSDP shard × replicate), CP excluded
    int tp = 0;
    int pp = 0;
    int cp = 0;
    int ep = 0;
    int etp = 0;                   // expert tensor parallel
    int vp = 0;                    // model chunks per pipeline rank
    const char* stageLayers = "";  // transformer layers per stage, first to last, if uneven
    const char* schedule = "";
    Sharding sharding = Sharding::NotPublished;
    Known reshardAfterForward = Known::NotPublished;  // FSDP2
    int hsdpReplicate = 0;
    int hsdpShard = 0;
    Known sequenceParallel = Known::NotPublished;
    const char* overlap = "";  // communication overlaps the source names
    // The pipeline's placement as the run's framework recipe gives it, where the source leaves it
    // unsaid: a layout string in Megatron-LM's syntax (--pipeline-model-parallel-layout), and
    // whether the embedding and the loss count as layers of the split
    // (--account-for-embedding/loss-in-pipeline-split). The notes name the recipe.
    const char* pipelineLayout = "";
    Known embeddingInSplit = Known::NotPublished;
    Known lossInSplit = Known::NotPublished;
};

// Layout::stageLayers as numbers: "15,16,16" → {15, 16, 16}; empty when the text is empty or
// not such a list.
inline std::vector<int> stageLayerCounts(const char* text) {
    std::vector<int> layers;
    int value = -1;
    for (const char* c = text; *c != '\0'; ++c) {
        if (*c >= '0' && *c <= '9') {
            value = (value < 0 ? 0 : value * 10) + (*c - '0');
        } else if (*c == ',' && value >= 0) {
            layers.push_back(value);
            value = -1;
        } else {
            return {};
        }
    }
    if (value >= 0) layers.push_back(value);
    return layers;
}

struct Training {
    Precision precision = Precision::NotPublished;
    const char* fp8Recipe = "";
    int microBatch = 0;        // sequences per micro-batch
    int gradAccumulation = 0;  // micro-batches per step on one data-parallel rank
    int globalBatch = 0;       // sequences per step
    Recompute recompute = Recompute::NotPublished;
    const char* recomputeDetail = "";
    Known activationOffload = Known::NotPublished;
    Known flashAttention = Known::NotPublished;
    Known compiled = Known::NotPublished;
    const char* framework = "";
    const char* version = "";
};

struct Measured {
    double tokensPerSPerGpu = 0;
    double tflopsPerGpu = 0;
    const char* flopsFormula = "";
    double mfu = 0;  // fraction
    double stepTimeS = 0;
};

struct PublishedRun {
    const char* id = "";
    Source source;
    Shape shape;
    Hardware hardware;
    Layout layout;
    Training training;
    Measured measured;
    Split split = Split::HeldOut;
    const char* notes = "";
};

// A row with the pipeline placement of its framework's recipe (Layout::pipelineLayout).
constexpr PublishedRun withPipeline(PublishedRun run, const char* layout, Known embeddingInSplit,
                                    Known lossInSplit) {
    run.layout.pipelineLayout = layout;
    run.layout.embeddingInSplit = embeddingInSplit;
    run.layout.lossInSplit = lossInSplit;
    return run;
}

struct PublishedPeak {
    const char* id = "";
    const char* run = "";  // the PublishedRun it was measured on
    double gib = 0;
    PeakKind kind = PeakKind::NotStated;
    const char* scope = "";  // which rank or reduction the figure is
    Split split = Split::HeldOut;
    const char* notes = "";
};

// ---- Model shapes -------------------------------------------------------------------------

constexpr Shape withSequence(Shape shape, int sequence) {
    shape.sequence = sequence;
    return shape;
}

// Llama 3 / 3.1 (Dubey et al. 2024, Table 3): SwiGLU, untied embeddings, 128,256 tokens.
inline constexpr Shape kLlama3_8B = {.name = "Llama 3.1 8B",
                                     .layers = 32,
                                     .hidden = 4096,
                                     .heads = 32,
                                     .kvHeads = 8,
                                     .ffnHidden = 14336,
                                     .vocab = 128256,
                                     .mlp = Mlp::Swiglu,
                                     .tiedEmbeddings = Known::No};
inline constexpr Shape kLlama3_70B = {.name = "Llama 3.1 70B",
                                      .layers = 80,
                                      .hidden = 8192,
                                      .heads = 64,
                                      .kvHeads = 8,
                                      .ffnHidden = 28672,
                                      .vocab = 128256,
                                      .mlp = Mlp::Swiglu,
                                      .tiedEmbeddings = Known::No};
inline constexpr Shape kLlama3_405B = {.name = "Llama 3.1 405B",
                                       .layers = 126,
                                       .hidden = 16384,
                                       .heads = 128,
                                       .kvHeads = 8,
                                       .ffnHidden = 53248,
                                       .vocab = 128256,
                                       .mlp = Mlp::Swiglu,
                                       .tiedEmbeddings = Known::No};

// ---- torchtitan (PyTorch): Llama 3.1 on H100 and H200 -------------------------------------
// Common facts from torchtitan at the commits each file names: FSDP2 (fully_shard) with bf16
// parameters and fp32 gradient reduction (defaults of --training.mixed_precision_param/_reduce),
// reshard after forward for every block but the last unless pipelining (then never),
// F.scaled_dot_product_attention (flash kernels), no gradient accumulation (the option did not
// exist at 9dec370, so a step is one local batch per data-parallel rank), tokens/s per GPU as
// logged ("tps"), memory the allocator's peak reserved bytes since the previous log step
// (DeviceMemoryMonitor, train.py). Float8 is torchao's Float8Linear with dynamic tensorwise
// scaling (the default recipe) unless a row says otherwise.

namespace detail {

inline constexpr Hardware kGrandTetonH100 = {
    .gpu = "H100 SXM 96 GB HBM2e at a 500 W power limit",
    .memoryGB = 96,
    .gpusPerNode = 8,
    .intraNode = "NVLink 4, all eight GPUs of a host connected",
    .interNode = "RDMA backend network",
    .interNodeGbpsPerGpu = 400};

inline constexpr const char* kTitan2412Where =
    "pytorch/torchtitan @ 820504e20d1149fbf0b98c567af24c4b0433b22d : "
    "benchmarks/llama3_h100_202412_torchtitan.md";
inline constexpr const char* kTitan2412Version =
    "torchtitan 9dec370 (2024-12-26), torch 1963fc8 (2024-12-23), torchao eab345c";
inline constexpr const char* kTitanFloat8 =
    "torchao Float8Linear on nn.Linear, dynamic tensorwise scaling";

struct TitanRow {
    const char* id;
    const char* row;
    Shape shape;
    int gpus, dp, tp, pp, cp, vp;
    const char* schedule;
    const char* stageLayers;
    int micro, accumulation, global;
    Recompute recompute;
    bool compiled, float8, asyncTp;
    double tokensPerSPerGpu;
    Split split;
    const char* notes;
};

constexpr PublishedRun titan(const TitanRow& r, const char* family, const char* title,
                             const char* where, Hardware hardware, const char* version) {
    PublishedRun run;
    run.id = r.id;
    run.source = {.family = family, .title = title, .where = where, .row = r.row};
    run.shape = r.shape;
    run.hardware = hardware;
    run.hardware.gpus = r.gpus;
    run.layout = {
        .dp = r.dp,
        .tp = r.tp,
        .pp = r.pp,
        .cp = r.cp,
        .ep = 1,
        .etp = 1,
        .vp = r.vp,
        .stageLayers = r.stageLayers,
        .schedule = r.schedule,
        .sharding = Sharding::Zero3,
        .reshardAfterForward = r.pp > 1 ? Known::No : Known::Yes,
        .sequenceParallel = r.tp > 1 ? Known::Yes : Known::No,
        .overlap = r.asyncTp ? "async TP (collectives split and overlapped with matmuls)" : ""};
    run.training = {.precision = r.float8 ? Precision::Fp8 : Precision::Bf16,
                    .fp8Recipe = r.float8 ? kTitanFloat8 : "",
                    .microBatch = r.micro,
                    .gradAccumulation = r.accumulation,
                    .globalBatch = r.global,
                    .recompute = r.recompute,
                    .recomputeDetail = r.recompute == Recompute::OpSac
                                           ? "torchtitan selective_ac_option = op"
                                           : "",
                    .activationOffload = Known::No,
                    .flashAttention = Known::Yes,
                    .compiled = r.compiled ? Known::Yes : Known::No,
                    .framework = "torchtitan",
                    .version = version};
    run.measured = {.tokensPerSPerGpu = r.tokensPerSPerGpu};
    run.split = r.split;
    run.notes = r.notes;
    return run;
}

constexpr PublishedRun titan2412(const TitanRow& r) {
    return titan(r, "torchtitan", "torchtitan performance benchmarks, Llama 3.1 on H100 (2024-12)",
                 kTitan2412Where, kGrandTetonH100, kTitan2412Version);
}

}  // namespace detail

// benchmarks/llama3_h100_202412_torchtitan.md, Tables 1 to 6. TPS read at step 90.
inline constexpr std::array<PublishedRun, 18> kTorchtitanH100_2024_12 = {{
    detail::titan2412({"titan2412-t1-8b-fsdp-8gpu",
                       "Table 1, FSDP",
                       withSequence(kLlama3_8B, 8192),
                       8,
                       8,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       16,
                       Recompute::OpSac,
                       false,
                       false,
                       false,
                       5762,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370). Selective AC "
                       "is selective_ac_option = op in that file."}),
    detail::titan2412({"titan2412-t1-8b-fsdp-compile-8gpu",
                       "Table 1, FSDP + torch.compile",
                       withSequence(kLlama3_8B, 8192),
                       8,
                       8,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       16,
                       Recompute::OpSac,
                       true,
                       false,
                       false,
                       6667,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370). Selective AC "
                       "is selective_ac_option = op in that file."}),
    detail::titan2412({"titan2412-t1-8b-fsdp-compile-float8-8gpu",
                       "Table 1, FSDP + torch.compile + Float8",
                       withSequence(kLlama3_8B, 8192),
                       8,
                       8,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       16,
                       Recompute::OpSac,
                       true,
                       true,
                       false,
                       8532,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370). Selective AC "
                       "is selective_ac_option = op in that file. Whether float8 FSDP all-gather "
                       "was on is not stated."}),
    detail::titan2412({"titan2412-t2-8b-cp1-32k",
                       "Table 2, FSDP 8, CP 1, 32768",
                       withSequence(kLlama3_8B, 32768),
                       8,
                       8,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       1,
                       1,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       false,
                       3890,
                       Split::HeldOut,
                       "Global batch not published (local 1 x dp 8). Float8 all-gather not "
                       "stated."}),
    detail::titan2412({"titan2412-t2-8b-cp2-64k",
                       "Table 2, FSDP 4, CP 2, 65536",
                       withSequence(kLlama3_8B, 65536),
                       8,
                       4,
                       1,
                       1,
                       2,
                       1,
                       "",
                       "",
                       1,
                       1,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       false,
                       2540,
                       Split::HeldOut,
                       "FSDP shards over the dp x cp mesh (8 ranks) in torchtitan. Global batch "
                       "not published (local 1 x dp 4). CP rotation method (all-gather or "
                       "all-to-all) not stated."}),
    detail::titan2412({"titan2412-t2-8b-cp4-128k",
                       "Table 2, FSDP 2, CP 4, 131072",
                       withSequence(kLlama3_8B, 131072),
                       8,
                       2,
                       1,
                       1,
                       4,
                       1,
                       "",
                       "",
                       1,
                       1,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       false,
                       1071,
                       Split::HeldOut,
                       "FSDP shards over the dp x cp mesh (8 ranks). Global batch not "
                       "published."}),
    detail::titan2412({"titan2412-t2-8b-cp8-256k",
                       "Table 2, FSDP 1, CP 8, 262144",
                       withSequence(kLlama3_8B, 262144),
                       8,
                       1,
                       1,
                       1,
                       8,
                       1,
                       "",
                       "",
                       1,
                       1,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       false,
                       548,
                       Split::HeldOut,
                       "FSDP shards over the dp x cp mesh (8 ranks). Global batch not "
                       "published."}),
    detail::titan2412({"titan2412-t3-8b-fsdp-128gpu",
                       "Table 3, FSDP",
                       withSequence(kLlama3_8B, 8192),
                       128,
                       128,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       256,
                       Recompute::OpSac,
                       false,
                       false,
                       false,
                       5605,
                       Split::Calibration,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370). Selective AC "
                       "is selective_ac_option = op. The source gives 33-39 % MFU for the 8B "
                       "bf16 runs against the H100 SXM peak, which overstates this 500 W part's "
                       "peak."}),
    detail::titan2412({"titan2412-t3-8b-fsdp-compile-128gpu",
                       "Table 3, FSDP + torch.compile",
                       withSequence(kLlama3_8B, 8192),
                       128,
                       128,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       256,
                       Recompute::OpSac,
                       true,
                       false,
                       false,
                       6514,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370)."}),
    detail::titan2412({"titan2412-t3-8b-fsdp-compile-float8-128gpu",
                       "Table 3, FSDP + torch.compile + Float8",
                       withSequence(kLlama3_8B, 8192),
                       128,
                       128,
                       1,
                       1,
                       1,
                       1,
                       "",
                       "",
                       2,
                       1,
                       256,
                       Recompute::OpSac,
                       true,
                       true,
                       false,
                       8380,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_8b.toml at 9dec370). Float8 "
                       "all-gather not stated."}),
    detail::titan2412({"titan2412-t4-70b-2d-256gpu",
                       "Table 4, 2D",
                       withSequence(kLlama3_70B, 8192),
                       256,
                       32,
                       8,
                       1,
                       1,
                       1,
                       "",
                       "",
                       16,
                       1,
                       512,
                       Recompute::Full,
                       true,
                       true,
                       false,
                       829,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_70b.toml at 9dec370). TP uses "
                       "sequence parallelism on the norms (parallelize_llama.py)."}),
    detail::titan2412({"titan2412-t4-70b-2d-asynctp-256gpu",
                       "Table 4, 2D + AsyncTP",
                       withSequence(kLlama3_70B, 8192),
                       256,
                       32,
                       8,
                       1,
                       1,
                       1,
                       "",
                       "",
                       16,
                       1,
                       512,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       876,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_70b.toml at 9dec370)."}),
    detail::titan2412({"titan2412-t5-405b-3d-1f1b-512gpu",
                       "Table 5, 1F1B",
                       withSequence(kLlama3_405B, 8192),
                       512,
                       8,
                       8,
                       8,
                       1,
                       1,
                       "1F1B",
                       "15,16,16,16,16,16,16,15",
                       4,
                       8,
                       256,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       100,
                       Split::HeldOut,
                       "Sequence not stated (8192 from llama3_405b.toml at 9dec370). Pipeline "
                       "micro-batches not stated: the default is one per stage, so the local "
                       "batch of 32 runs as 8 micro-batches of 4. Layers per stage from "
                       "generate_split_points (no split points given): uneven."}),
    detail::titan2412({"titan2412-t5-405b-3d-interleaved-512gpu",
                       "Table 5, Interleaved 1F1B",
                       withSequence(kLlama3_405B, 8192),
                       512,
                       8,
                       8,
                       8,
                       1,
                       2,
                       "Interleaved 1F1B",
                       "7,8,8,8,8,8,8,8,8,8,8,8,8,8,8,7",
                       4,
                       8,
                       256,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       128,
                       Split::HeldOut,
                       "Sequence not stated (8192 default). Two stages per rank is the default "
                       "for looped schedules without split points; 16 virtual stages of 7 or 8 "
                       "layers (generate_split_points). Micro-batches: default, 8 of 4."}),
    detail::titan2412({"titan2412-t6-405b-4d-cp1-32k",
                       "Table 6, FSDP 8, CP 1, 32768",
                       withSequence(kLlama3_405B, 32768),
                       512,
                       8,
                       8,
                       8,
                       1,
                       1,
                       "1F1B",
                       "15,16,16,16,16,16,16,15",
                       1,
                       8,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       76,
                       Split::HeldOut,
                       "Local batch 8 split into the default 8 pipeline micro-batches of 1. "
                       "Global batch not published (8 x dp)."}),
    detail::titan2412({"titan2412-t6-405b-4d-cp2-64k",
                       "Table 6, FSDP 4, CP 2, 65536",
                       withSequence(kLlama3_405B, 65536),
                       512,
                       4,
                       8,
                       8,
                       2,
                       1,
                       "1F1B",
                       "15,16,16,16,16,16,16,15",
                       1,
                       8,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       47,
                       Split::HeldOut,
                       "Micro-batches: default, 8 of 1. Global batch not "
                       "published."}),
    detail::titan2412({"titan2412-t6-405b-4d-cp4-128k",
                       "Table 6, FSDP 2, CP 4, 131072",
                       withSequence(kLlama3_405B, 131072),
                       512,
                       2,
                       8,
                       8,
                       4,
                       1,
                       "1F1B",
                       "15,16,16,16,16,16,16,15",
                       1,
                       8,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       31,
                       Split::HeldOut,
                       "Micro-batches: default, 8 of 1. Global batch not "
                       "published."}),
    detail::titan2412({"titan2412-t6-405b-4d-cp8-256k",
                       "Table 6, FSDP 1, CP 8, 262144",
                       withSequence(kLlama3_405B, 262144),
                       512,
                       1,
                       8,
                       8,
                       8,
                       1,
                       "1F1B",
                       "15,16,16,16,16,16,16,15",
                       1,
                       8,
                       0,
                       Recompute::Full,
                       true,
                       true,
                       true,
                       16,
                       Split::HeldOut,
                       "Micro-batches: default, 8 of 1. Global batch not "
                       "published."}),
}};

// torchtitan benchmarks/asyncTP_llama3_h100_2025-06_torchtitan.md: async TP against plain TP,
// FSDP + TP + torch.compile on the same Grand Teton hosts. "tokens/sec" is torchtitan's per-GPU
// tps (the 70B bf16 figures sit beside Table 4's per-GPU 829 above).
namespace detail {

inline constexpr const char* kTitanAsyncWhere =
    "pytorch/torchtitan @ 2887250bbd9103d0bc997ea2efb3a525b5e5dbc0 : "
    "benchmarks/asyncTP_llama3_h100_2025-06_torchtitan.md";
inline constexpr const char* kTitanAsyncVersion =
    "torchtitan 820504e (2025-06-13), torch 38410cf9 (2025-06-14), torchao 6243040";

constexpr PublishedRun titanAsync(const TitanRow& r, const char* fp8Recipe) {
    PublishedRun run =
        titan(r, "torchtitan", "torchtitan async TP benchmarks, Llama 3 on H100 (2025-06)",
              kTitanAsyncWhere, kGrandTetonH100, kTitanAsyncVersion);
    if (r.float8) run.training.fp8Recipe = fp8Recipe;
    return run;
}

inline constexpr const char* kTensorwise = "torchao float8 tensorwise (dynamic per-tensor scales)";
inline constexpr const char* kRowwise = "torchao float8 rowwise (per-row scales)";

}  // namespace detail

inline constexpr std::array<PublishedRun, 12> kTorchtitanAsyncTpH100_2025_06 = {{
    detail::titanAsync({"titan2506-70b-bf16-tp-256gpu",
                        "70B table, None (bfloat16), vanilla TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        false,
                        false,
                        597.3,
                        Split::HeldOut,
                        "Sequence not stated: 8192 is seq_len of llama3_70b.toml at 820504e. "
                        "Global batch not published (16 x 32)."},
                       ""),
    detail::titanAsync({"titan2506-70b-bf16-asynctp-256gpu",
                        "70B table, None (bfloat16), async TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        false,
                        true,
                        652.4,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_70b.toml at 820504e. Global batch not "
                        "published."},
                       ""),
    detail::titanAsync({"titan2506-70b-fp8tw-tp-256gpu",
                        "70B table, float8 tensorwise, vanilla TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        true,
                        false,
                        809.8,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_70b.toml at 820504e. Float8 all-gather not "
                        "stated. Global batch not published."},
                       detail::kTensorwise),
    detail::titanAsync({"titan2506-70b-fp8tw-asynctp-256gpu",
                        "70B table, float8 tensorwise, async TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        true,
                        true,
                        942.4,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_70b.toml at 820504e. Float8 all-gather not "
                        "stated. Global batch not published."},
                       detail::kTensorwise),
    detail::titanAsync({"titan2506-70b-fp8rw-tp-256gpu",
                        "70B table, float8 rowwise, vanilla TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        true,
                        false,
                        599.6,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_70b.toml at 820504e. The source calls the "
                        "vanilla-TP rowwise baseline low (torchtitan issue 1207)."},
                       detail::kRowwise),
    detail::titanAsync({"titan2506-70b-fp8rw-asynctp-256gpu",
                        "70B table, float8 rowwise, async TP",
                        withSequence(kLlama3_70B, 8192),
                        256,
                        32,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        16,
                        1,
                        0,
                        Recompute::Full,
                        true,
                        true,
                        true,
                        624.8,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_70b.toml at 820504e. Global batch not "
                        "published."},
                       detail::kRowwise),
    detail::titanAsync({"titan2506-8b-bf16-tp-64gpu",
                        "8B table, None (bfloat16), vanilla TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        false,
                        false,
                        4378,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Global batch not "
                        "published (12 x 8)."},
                       ""),
    detail::titanAsync({"titan2506-8b-bf16-asynctp-64gpu",
                        "8B table, None (bfloat16), async TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        false,
                        true,
                        4809.4,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Global batch not "
                        "published."},
                       ""),
    detail::titanAsync({"titan2506-8b-fp8tw-tp-64gpu",
                        "8B table, float8 tensorwise, vanilla TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        true,
                        false,
                        5078.1,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Float8 all-gather not "
                        "stated."},
                       detail::kTensorwise),
    detail::titanAsync({"titan2506-8b-fp8tw-asynctp-64gpu",
                        "8B table, float8 tensorwise, async TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        true,
                        true,
                        5570.1,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Float8 all-gather not "
                        "stated."},
                       detail::kTensorwise),
    detail::titanAsync({"titan2506-8b-fp8rw-tp-64gpu",
                        "8B table, float8 rowwise, vanilla TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        true,
                        false,
                        3708.5,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Source flags the "
                        "vanilla-TP rowwise baseline as low."},
                       detail::kRowwise),
    detail::titanAsync({"titan2506-8b-fp8rw-asynctp-64gpu",
                        "8B table, float8 rowwise, async TP",
                        withSequence(kLlama3_8B, 8192),
                        64,
                        8,
                        8,
                        1,
                        1,
                        1,
                        "",
                        "",
                        12,
                        1,
                        0,
                        Recompute::OpSac,
                        true,
                        true,
                        true,
                        3914.9,
                        Split::HeldOut,
                        "Sequence 8192 from llama3_8b.toml at 820504e. Global batch not "
                        "published."},
                       detail::kRowwise),
}};

// torchtitan benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md: Llama 3.1 8B, FSDP over 4
// and 8 hosts of eight H200, float8 with float8 FSDP all-gather, precomputed scales and float8
// weights recomputed in backward; TPS and memory sampled at step 100.
namespace detail {

inline constexpr Hardware kWhiteFiberH200 = {.gpu = "H200 SXM 141 GB",
                                             .preset = "h200-sxm-141gb",
                                             .memoryGB = 141,
                                             .gpusPerNode = 8,
                                             .intraNode = "NVLink (H200: NVLink 4)",
                                             .interNode = "RDMA fabric, Mellanox ConnectX-7",
                                             .interNodeGbpsPerGpu = 400};

constexpr PublishedRun trainy(const TitanRow& r) {
    PublishedRun run = titan(
        r, "torchtitan", "torchtitan community benchmark, Llama 3.1 8B on H200 (Trainy, 2025-06)",
        "pytorch/torchtitan @ 4a61bd87d3c7e92bcfeb5d5464d9e6bd13ef440a : "
        "benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md",
        kWhiteFiberH200,
        "torchtitan e7c0cae (2025-06-13), torch 2.8.0a0+5228986c39 (NGC "
        "25.05), torchao 0afa4c1");
    run.training.fp8Recipe =
        "torchao float8, default recipe (tensorwise) at e7c0cae; float8 FSDP all-gather, "
        "precomputed dynamic scales, float8 weights recomputed in backward";
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 2> kTorchtitanH200Trainy_2025_06 = {{
    detail::trainy({"trainy2506-8b-fsdp-32gpu",
                    "Results, NUM_NODES 4",
                    withSequence(kLlama3_8B, 8192),
                    32,
                    32,
                    1,
                    1,
                    1,
                    1,
                    "",
                    "",
                    2,
                    1,
                    0,
                    Recompute::OpSac,
                    true,
                    true,
                    false,
                    10938,
                    Split::HeldOut,
                    "Sequence and AC from llama3_8b.toml at e7c0cae (seq_len 8192, selective "
                    "op); the command overrides neither. Global batch not published (2 x 32)."}),
    detail::trainy({"trainy2506-8b-fsdp-64gpu",
                    "Results, NUM_NODES 8",
                    withSequence(kLlama3_8B, 8192),
                    64,
                    64,
                    1,
                    1,
                    1,
                    1,
                    "",
                    "",
                    2,
                    1,
                    0,
                    Recompute::OpSac,
                    true,
                    true,
                    false,
                    10753,
                    Split::HeldOut,
                    "Sequence 8192 and selective op AC from llama3_8b.toml at e7c0cae. Global "
                    "batch not published (2 x 64)."}),
}};

// ---- Megatron-LM README: GPT weak scaling on H100 (Megatron-Core r0.8.0) -------------------
// NVIDIA/Megatron-LM README.md "Training Speed and Scalability" and its table
// images/model_table.png (added at f2e5db4; the README still shows it). Stated: vocabulary 131,072,
// sequence 4096, up to 6144 H100, --overlap-grad-reduce --overlap-param-gather --tp-comm-overlap,
// end-to-end timing including data loading, optimizer and logging. The strong-scaling figure's
// legend names Megatron-Core r0.8.0. Per-GPU TFLOP/s and MFU are read from the table.
namespace detail {

struct McoreRow {
    const char* id;
    const char* row;
    int heads, hidden, layers, tp, pp, dp, gpus, globalBatch;
    double tflops, mfu;
    Split split;
};

constexpr PublishedRun mcore(const McoreRow& r) {
    PublishedRun run;
    run.id = r.id;
    run.source = {
        .family = "megatron-lm",
        .title = "Megatron-LM README, Training Speed and Scalability (weak scaling table)",
        .where =
            "NVIDIA/Megatron-LM @ f2e5db402c44ae309aa6448bcb4ae87e8ae0f5f4 : "
            "README.md, images/model_table.png",
        .row = r.row};
    run.shape = {.name = "GPT (Megatron-LM scaling study)",
                 .layers = r.layers,
                 .hidden = r.hidden,
                 .heads = r.heads,
                 .kvHeads = r.heads,
                 .ffnHidden = 4 * r.hidden,
                 .vocab = 131072,
                 .sequence = 4096,
                 .mlp = Mlp::Gelu,
                 .tiedEmbeddings = Known::Yes};
    run.hardware = {.gpu = "H100 (variant not stated)",
                    .preset = "h100-sxm-80gb",
                    .memoryGB = 80,
                    .gpus = r.gpus};
    run.layout = {.dp = r.dp,
                  .tp = r.tp,
                  .pp = r.pp,
                  .cp = 1,
                  .sharding = Sharding::Zero1,
                  .overlap = "DP grad reduce and param gather, TP comm overlap, PP (default)"};
    run.training = {.precision = Precision::Bf16,
                    .globalBatch = r.globalBatch,
                    .framework = "Megatron-LM (Megatron-Core)",
                    .version = "Megatron-Core r0.8.0 (strong-scaling figure legend)"};
    run.measured = {.tflopsPerGpu = r.tflops,
                    .flopsFormula =
                        "Megatron-LM model FLOPs (num_floating_point_operations); "
                        "the README does not restate it",
                    .mfu = r.mfu};
    run.split = r.split;
    run.notes =
        "Not stated: micro-batch, recompute, precision, FFN size and activation, attention "
        "kernel, virtual pipeline, GPU memory and interconnect. Entered from Megatron-LM "
        "defaults of the time: FFN 4h with GELU, tied embeddings, no GQA; bf16 inferred from "
        "TFLOP/s / MFU = 989 (H100 SXM dense bf16 peak); H100 SXM 80 GB assumed. ZeRO-1 "
        "(distributed optimizer) because --overlap-param-gather requires it. CP 1: the table "
        "has no CP column and dp x tp x pp already equals the GPU count.";
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 9> kMegatronLmReadmeH100 = {{
    detail::mcore({"mcore-readme-1.7b-48gpu", "1.7B", 16, 2048, 24, 1, 1, 48, 48, 192, 408.8, 0.41,
                   Split::HeldOut}),
    detail::mcore({"mcore-readme-7.1b-96gpu", "7.1B", 32, 4096, 30, 2, 1, 48, 96, 192, 465.9, 0.47,
                   Split::HeldOut}),
    detail::mcore({"mcore-readme-16b-192gpu", "16B", 48, 6144, 32, 4, 1, 48, 192, 192, 489.1, 0.49,
                   Split::HeldOut}),
    detail::mcore({"mcore-readme-32b-384gpu", "32B", 56, 7168, 48, 8, 1, 48, 384, 192, 459.6, 0.46,
                   Split::HeldOut}),
    detail::mcore({"mcore-readme-70b-768gpu", "70B", 64, 8192, 84, 8, 2, 48, 768, 384, 419.7, 0.42,
                   Split::HeldOut}),
    detail::mcore({"mcore-readme-119b-1536gpu", "119B", 80, 10240, 92, 8, 4, 48, 1536, 768, 420.5,
                   0.43, Split::HeldOut}),
    detail::mcore({"mcore-readme-177b-2304gpu", "177B", 96, 12288, 96, 8, 6, 48, 2304, 1152, 432.8,
                   0.44, Split::Calibration}),
    detail::mcore({"mcore-readme-314b-3072gpu", "314B", 128, 16384, 96, 8, 8, 48, 3072, 1536, 474.4,
                   0.48, Split::HeldOut}),
    detail::mcore({"mcore-readme-462b-6144gpu", "462B", 144, 18432, 112, 8, 16, 48, 6144, 3072,
                   459.9, 0.47, Split::HeldOut}),
}};

// ---- NVIDIA NeMo 24.07: pre-training on DGX-H100 in FP8 -----------------------------------
// NVIDIA/NeMo docs/source/performance/performance_summary.md (container NeMo 24.07, DGX-H100,
// FP8), pre-training table. DGX-H100 is a fixed product: eight H100 SXM 80 GB per node on NVLink 4
// switches, eight 400 Gb/s ConnectX-7 adapters per node; the page states none of it.
namespace detail {

inline constexpr Hardware kDgxH100 = {
    .gpu = "H100 SXM 80 GB (DGX-H100)",
    .preset = "h100-sxm-80gb",
    .memoryGB = 80,
    .gpusPerNode = 8,
    .intraNode = "NVLink 4 through NVSwitch",
    .interNode = "InfiniBand NDR, one ConnectX-7 per GPU (DGX-H100 product spec)",
    .interNodeGbpsPerGpu = 400};

struct NemoRow {
    const char* id;
    const char* row;
    Shape shape;
    int gpus, globalBatch, micro, tp, pp, cp, vp;
    double tokens, tflops;
    Split split;
    const char* notes;
};

constexpr PublishedRun nemo2407(const NemoRow& r) {
    PublishedRun run;
    run.id = r.id;
    run.source = {
        .family = "nemo",
        .title = "NVIDIA NeMo performance summary, NeMo 24.07, DGX-H100, FP8 pre-training",
        .where =
            "NVIDIA/NeMo @ e2de75c15ea5d5584782ff2c6672daa0ed221c43 : "
            "docs/source/performance/performance_summary.md",
        .row = r.row};
    run.shape = r.shape;
    run.hardware = kDgxH100;
    run.hardware.gpus = r.gpus;
    run.layout = {
        .dp = r.gpus / (r.tp * r.pp * r.cp), .tp = r.tp, .pp = r.pp, .cp = r.cp, .vp = r.vp};
    run.training = {.precision = Precision::Fp8,
                    .fp8Recipe = "Transformer Engine FP8; scaling recipe not stated",
                    .microBatch = r.micro,
                    .globalBatch = r.globalBatch,
                    .framework = "NVIDIA NeMo (Megatron-Core)",
                    .version = "NeMo 24.07 container"};
    run.measured = {.tokensPerSPerGpu = r.tokens,
                    .tflopsPerGpu = r.tflops,
                    .flopsFormula = "NeMo model TFLOP/s; the page does not give the FLOP count"};
    run.split = r.split;
    run.notes = r.notes;
    return run;
}

// NeMo 2.0's GPTConfig5B/20B/175B (nemo/collections/llm/gpt/model/base.py at e2de75c): GELU,
// FFN 4h, tied embeddings. Vocabulary not stated; the GPT-2 BPE (50,257) of NeMo's GPT-3
// recipes is entered.
inline constexpr Shape kNemoGpt5B = {.name = "GPT-3 5B (NeMo)",
                                     .layers = 24,
                                     .hidden = 4096,
                                     .heads = 32,
                                     .kvHeads = 32,
                                     .ffnHidden = 16384,
                                     .vocab = 50257,
                                     .sequence = 2048,
                                     .mlp = Mlp::Gelu,
                                     .tiedEmbeddings = Known::Yes};
inline constexpr Shape kNemoGpt20B = {.name = "GPT-3 20B (NeMo)",
                                      .layers = 44,
                                      .hidden = 6144,
                                      .heads = 48,
                                      .kvHeads = 48,
                                      .ffnHidden = 24576,
                                      .vocab = 50257,
                                      .sequence = 2048,
                                      .mlp = Mlp::Gelu,
                                      .tiedEmbeddings = Known::Yes};
inline constexpr Shape kNemoGpt175B = {.name = "GPT-3 175B (NeMo)",
                                       .layers = 96,
                                       .hidden = 12288,
                                       .heads = 96,
                                       .kvHeads = 96,
                                       .ffnHidden = 49152,
                                       .vocab = 50257,
                                       .sequence = 2048,
                                       .mlp = Mlp::Gelu,
                                       .tiedEmbeddings = Known::Yes};
// Llama 2 (Touvron et al. 2023): SwiGLU, untied, 32,000 tokens; GQA only at 70B.
inline constexpr Shape kLlama2_7B = {.name = "Llama 2 7B",
                                     .layers = 32,
                                     .hidden = 4096,
                                     .heads = 32,
                                     .kvHeads = 32,
                                     .ffnHidden = 11008,
                                     .vocab = 32000,
                                     .sequence = 4096,
                                     .mlp = Mlp::Swiglu,
                                     .tiedEmbeddings = Known::No};
inline constexpr Shape kLlama2_13B = {.name = "Llama 2 13B",
                                      .layers = 40,
                                      .hidden = 5120,
                                      .heads = 40,
                                      .kvHeads = 40,
                                      .ffnHidden = 13824,
                                      .vocab = 32000,
                                      .sequence = 4096,
                                      .mlp = Mlp::Swiglu,
                                      .tiedEmbeddings = Known::No};
inline constexpr Shape kLlama2_70B = {.name = "Llama 2 70B",
                                      .layers = 80,
                                      .hidden = 8192,
                                      .heads = 64,
                                      .kvHeads = 8,
                                      .ffnHidden = 28672,
                                      .vocab = 32000,
                                      .sequence = 4096,
                                      .mlp = Mlp::Swiglu,
                                      .tiedEmbeddings = Known::No};
// Nemotron-3 8B/22B and Nemotron-4 340B (nemo/collections/llm/gpt/model/nemotron.py at e2de75c):
// squared-ReLU MLP, untied embeddings. Vocabulary not stated; Nemotron's 256,000-token
// tokenizer is entered.
inline constexpr Shape kNemotron8B = {.name = "Nemotron-3 8B",
                                      .layers = 32,
                                      .hidden = 4096,
                                      .heads = 32,
                                      .kvHeads = 32,
                                      .ffnHidden = 16384,
                                      .vocab = 256000,
                                      .sequence = 4096,
                                      .mlp = Mlp::SquaredRelu,
                                      .tiedEmbeddings = Known::No};
inline constexpr Shape kNemotron22B = {.name = "Nemotron-3 22B",
                                       .layers = 40,
                                       .hidden = 6144,
                                       .heads = 48,
                                       .kvHeads = 48,
                                       .ffnHidden = 24576,
                                       .vocab = 256000,
                                       .sequence = 4096,
                                       .mlp = Mlp::SquaredRelu,
                                       .tiedEmbeddings = Known::No};
inline constexpr Shape kNemotron340B = {.name = "Nemotron-4 340B",
                                        .layers = 96,
                                        .hidden = 18432,
                                        .heads = 96,
                                        .kvHeads = 8,
                                        .ffnHidden = 73728,
                                        .vocab = 256000,
                                        .sequence = 4096,
                                        .mlp = Mlp::SquaredRelu,
                                        .tiedEmbeddings = Known::No};

}  // namespace detail

inline constexpr std::array<PublishedRun, 12> kNemo2407DgxH100Fp8 = {{
    detail::nemo2407({"nemo2407-gpt3-5b-64gpu", "GPT3-5B", detail::kNemoGpt5B, 64, 2048, 4, 1, 1, 1,
                      1, 23406, 765, Split::HeldOut,
                      "Not stated: accumulation, recompute, distributed optimizer, overlap, FP8 "
                      "recipe, attention kernel. Vocabulary entered as GPT-2 BPE 50,257."}),
    detail::nemo2407({"nemo2407-gpt3-20b-64gpu", "GPT3-20B", detail::kNemoGpt20B, 64, 256, 2, 2, 1,
                      1, 1, 5851, 750, Split::HeldOut,
                      "Not stated: accumulation, recompute, sequence parallelism, distributed "
                      "optimizer, FP8 recipe. Vocabulary entered as GPT-2 BPE 50,257."}),
    detail::nemo2407({"nemo2407-gpt3-175b-128gpu", "GPT3-175B, 128 GPUs", detail::kNemoGpt175B, 128,
                      256, 1, 4, 8, 1, 6, 716, 771, Split::HeldOut,
                      "Interleaved pipeline, 6 chunks of 2 layers per rank. Not stated: "
                      "recompute, sequence parallelism, distributed optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-gpt3-175b-512gpu", "GPT3-175B, 512 GPUs", detail::kNemoGpt175B, 512,
                      2048, 2, 4, 8, 1, 6, 825, 888, Split::HeldOut,
                      "The TFLOP/s cell links to MLPerf Training results. Not stated: recompute, "
                      "sequence parallelism, distributed optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-llama2-7b-8gpu", "LLAMA2-7B", detail::kLlama2_7B, 8, 128, 1, 1, 1,
                      1, 1, 16934, 780, Split::HeldOut,
                      "Not stated: accumulation (16 by arithmetic), recompute, distributed "
                      "optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-llama2-13b-16gpu", "LLAMA2-13B", detail::kLlama2_13B, 16, 128, 1, 1,
                      4, 1, 10, 8715, 760, Split::HeldOut,
                      "Pipeline of 4 with 10 chunks of 1 layer per rank. Not stated: recompute, "
                      "distributed optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-llama2-70b-64gpu", "LLAMA2-70B", detail::kLlama2_70B, 64, 128, 1, 4,
                      4, 1, 20, 1728, 768, Split::Calibration,
                      "Pipeline of 4 with 20 chunks of 1 layer per rank. Not stated: recompute, "
                      "sequence parallelism, distributed optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-nemotron-8b-64gpu", "Nemotron-8B", detail::kNemotron8B, 64, 256, 4,
                      2, 1, 1, 1, 12507, 643, Split::HeldOut,
                      "Vocabulary entered as 256,000 (not stated). Not stated: recompute, "
                      "sequence parallelism, FP8 recipe."}),
    detail::nemo2407({"nemo2407-nemotron-22b-64gpu", "Nemotron-22B", detail::kNemotron22B, 64, 256,
                      2, 2, 4, 1, 10, 4312, 562, Split::HeldOut,
                      "Vocabulary entered as 256,000 (not stated). Not stated: recompute, "
                      "sequence parallelism, FP8 recipe."}),
    detail::nemo2407({"nemo2407-nemotron-340b-128gpu", "Nemotron-340B", detail::kNemotron340B, 128,
                      32, 1, 8, 8, 1, 12, 326, 686, Split::HeldOut,
                      "96 layers in 8 x 12 chunks of 1. Vocabulary entered as 256,000 (not "
                      "stated). Not stated: recompute, distributed optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-llama3-8b-8gpu", "LLAMA3-8B", withSequence(kLlama3_8B, 8192), 8,
                      128, 1, 1, 1, 2, 1, 12273, 711, Split::HeldOut,
                      "Context parallel 2 inside one node. Not stated: recompute, distributed "
                      "optimizer, FP8 recipe."}),
    detail::nemo2407({"nemo2407-llama3-70b-64gpu", "LLAMA3-70B", withSequence(kLlama3_70B, 8192),
                      64, 128, 1, 4, 4, 2, 5, 1524, 734, Split::HeldOut,
                      "Pipeline of 4 with 5 chunks of 4 layers per rank, CP 2. Not stated: "
                      "recompute, sequence parallelism, distributed optimizer, FP8 recipe."}),
}};

// ---- Megatron Bridge (NeMo) performance archive: H100 and B200 -----------------------------
// NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md: per-release pre-training
// tables (GPUs, precision, GBS, MBS, sequence, FSDP, TP, PP, CP, VP, EP and, in 25.09/25.11, GA;
// tokens/s and model TFLOP/s per GPU). MoE rows run with routing forced to balance and no token
// dropping (the page's footnote). Recompute, distributed optimizer, overlaps and pipeline layouts
// are in the recipes, not on the page; the recipes at the archive's commit are newer than some
// of these releases, so notes quote them only as what the current recipe does.
namespace detail {

inline constexpr Hardware kDgxB200 = {
    .gpu = "B200 180 GB (DGX-B200)",
    .memoryGB = 180,
    .gpusPerNode = 8,
    .intraNode = "NVLink 5 through NVSwitch",
    .interNode = "InfiniBand NDR, one ConnectX-7 per GPU (DGX-B200 product spec)",
    .interNodeGbpsPerGpu = 400};

}  // namespace detail

// Qwen3 MoE (Qwen/Qwen3-30B-A3B and -235B-A22B configs): every layer MoE, SwiGLU experts, no
// shared expert, GQA with 128-wide heads and QK layer norm, untied, 151,936 tokens.
inline constexpr Shape kQwen3_30B_A3B = {.name = "Qwen3 30B-A3B",
                                         .layers = 48,
                                         .hidden = 2048,
                                         .heads = 32,
                                         .kvHeads = 4,
                                         .headDim = 128,
                                         .ffnHidden = 768,
                                         .vocab = 151936,
                                         .sequence = 4096,
                                         .mlp = Mlp::Swiglu,
                                         .tiedEmbeddings = Known::No,
                                         .attention = "QK layer norm",
                                         .qkNorm = Known::Yes,
                                         .experts = 128,
                                         .topK = 8,
                                         .expertFfnHidden = 768};
inline constexpr Shape kQwen3_235B_A22B = {.name = "Qwen3 235B-A22B",
                                           .layers = 94,
                                           .hidden = 4096,
                                           .heads = 64,
                                           .kvHeads = 4,
                                           .headDim = 128,
                                           .ffnHidden = 1536,
                                           .vocab = 151936,
                                           .sequence = 4096,
                                           .mlp = Mlp::Swiglu,
                                           .tiedEmbeddings = Known::No,
                                           .attention = "QK layer norm",
                                           .qkNorm = Known::Yes,
                                           .experts = 128,
                                           .topK = 8,
                                           .expertFfnHidden = 1536};
// gpt-oss-120b (openai/gpt-oss-120b config): 36 layers alternating full and 128-token
// sliding-window attention with learned sinks, 64-wide heads, 128 experts, top-4.
inline constexpr Shape kGptOss120B = {
    .name = "gpt-oss-120b",
    .layers = 36,
    .hidden = 2880,
    .heads = 64,
    .kvHeads = 8,
    .headDim = 64,
    .ffnHidden = 2880,
    .vocab = 201088,
    .sequence = 4096,
    .mlp = Mlp::Swiglu,
    .tiedEmbeddings = Known::No,
    .attention = "alternating full / 128-token sliding window, attention sinks",
    .slidingWindow = 128,
    .fullAttentionEvery = 2,
    .experts = 128,
    .topK = 4,
    .expertFfnHidden = 2880};
// DeepSeek-V3 (deepseek-ai/DeepSeek-V3 inference/configs/config_671B.json): MLA, 3 dense layers
// then MoE with one shared and 256 routed experts, top-8; the report trains one MTP module.
inline constexpr Shape kDeepSeekV3 = {.name = "DeepSeek-V3 671B",
                                      .layers = 61,
                                      .hidden = 7168,
                                      .heads = 128,
                                      .kvHeads = 128,
                                      .ffnHidden = 18432,
                                      .vocab = 129280,
                                      .sequence = 4096,
                                      .mlp = Mlp::Swiglu,
                                      .tiedEmbeddings = Known::No,
                                      .attention = "multi-head latent attention",
                                      .experts = 256,
                                      .topK = 8,
                                      .expertFfnHidden = 2048,
                                      .sharedExperts = 1,
                                      .denseLayers = 3,
                                      .qLoraRank = 1536,
                                      .kvLoraRank = 512,
                                      .qkNopeHeadDim = 128,
                                      .qkRopeHeadDim = 64,
                                      .vHeadDim = 128,
                                      .mtpDepth = 1};
inline constexpr Shape kDeepSeekV3NoMtp = [] {
    Shape shape = kDeepSeekV3;
    shape.mtpDepth = 0;
    return shape;
}();

namespace detail {

inline constexpr const char* kFp8Cs =
    "Transformer Engine FP8 current scaling (per-tensor scales from the current step)";
inline constexpr const char* kMxfp8 = "MXFP8 (Blackwell block scaling, 32-element blocks)";

struct BridgeRow {
    const char* id;
    const char* row;
    const char* release;
    Shape shape;
    Hardware hardware;
    int gpus;
    Precision precision;
    const char* fp8Recipe;
    int globalBatch, micro, fsdp, tp, pp, cp, vp, ep, accumulation;
    double tokens, tflops;
    Split split;
    const char* notes;
};

constexpr PublishedRun bridge(const BridgeRow& r) {
    PublishedRun run;
    run.id = r.id;
    run.source = {.family = "megatron-bridge",
                  .title = "Megatron Bridge performance summary archive",
                  .where =
                      "NVIDIA-NeMo/Megatron-Bridge @ 4ab94dfad36641cabdeb96452b21bf676aac4772 "
                      ": docs/performance-summary-archive.md",
                  .row = r.row};
    run.shape = r.shape;
    run.hardware = r.hardware;
    run.hardware.gpus = r.gpus;
    run.layout = {.dp = r.gpus / (r.tp * r.pp * r.cp),
                  .tp = r.tp,
                  .pp = r.pp,
                  .cp = r.cp,
                  .ep = r.ep,
                  .vp = r.vp,
                  .sharding = r.fsdp > 0 ? Sharding::Zero3 : Sharding::NotPublished};
    run.training = {.precision = r.precision,
                    .fp8Recipe = r.fp8Recipe,
                    .microBatch = r.micro,
                    .gradAccumulation = r.accumulation,
                    .globalBatch = r.globalBatch,
                    .framework = "Megatron Bridge (NeMo, Megatron-Core)",
                    .version = r.release};
    run.measured = {.tokensPerSPerGpu = r.tokens,
                    .tflopsPerGpu = r.tflops,
                    .flopsFormula = "Megatron Bridge model TFLOP/s; the page gives no FLOP count"};
    run.split = r.split;
    run.notes = r.notes;
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 11> kMegatronBridgeArchive = {{
    detail::bridge({"mb2511-h100-llama3-8b-8gpu",
                    "25.11, DGX-H100, LLAMA3_8B",
                    "NeMo 25.11 container",
                    withSequence(kLlama3_8B, 8192),
                    detail::kDgxH100,
                    8,
                    Precision::Fp8,
                    detail::kFp8Cs,
                    128,
                    1,
                    8,
                    1,
                    1,
                    1,
                    1,
                    1,
                    16,
                    14451,
                    744,
                    Split::HeldOut,
                    "FSDP 8: Megatron FSDP over the 8 GPUs (FSDP > 0 shards over GPUs / (TP x "
                    "PP)). Recompute not stated."}),
    detail::bridge({"mb2511-h100-llama3-70b-64gpu",
                    "25.11, DGX-H100, LLAMA3_70B",
                    "NeMo 25.11 container",
                    withSequence(kLlama3_70B, 8192),
                    detail::kDgxH100,
                    64,
                    Precision::Fp8,
                    detail::kFp8Cs,
                    128,
                    1,
                    0,
                    4,
                    8,
                    1,
                    5,
                    1,
                    64,
                    1602,
                    719,
                    Split::HeldOut,
                    "80 layers over 8 x 5 chunks. The current H100 FP8 recipe sets an uneven "
                    "layout Et*2|(t*2|)*34,t*3|(t*2|)*3,tL (embedding with 2 layers first, one "
                    "chunk of 3, the loss with 1 layer last); whether 25.11 used it is not "
                    "stated. Recompute, distributed optimizer, overlaps not stated."}),
    // Pipeline: the llama31_405b recipe counts the embedding and the loss as layers (128 over 64
    // chunks of 2; Megatron-Bridge recipes/llama/llama31_405b.py).
    withPipeline(
        detail::bridge({"mb2511-h100-llama31-405b-1024gpu",
                        "25.11, DGX-H100, LLAMA3.1_405B",
                        "NeMo 25.11 container",
                        withSequence(kLlama3_405B, 8192),
                        detail::kDgxH100,
                        1024,
                        Precision::Fp8,
                        detail::kFp8Cs,
                        512,
                        1,
                        0,
                        8,
                        8,
                        2,
                        8,
                        1,
                        64,
                        292,
                        737,
                        Split::HeldOut,
                        "126 layers over 8 x 8 chunks cannot be even; the layout is not stated. "
                        "Sequence parallel and TP overlap are in the current recipe; recompute not "
                        "stated."}),
        "", Known::Yes, Known::Yes),
    detail::bridge({"mb2511-h100-qwen3-30b-16gpu",
                    "25.11, DGX-H100, Qwen3_30B_a3B",
                    "NeMo 25.11 container",
                    kQwen3_30B_A3B,
                    detail::kDgxH100,
                    16,
                    Precision::Fp8,
                    detail::kFp8Cs,
                    512,
                    2,
                    0,
                    1,
                    2,
                    1,
                    24,
                    8,
                    32,
                    5275,
                    121,
                    Split::HeldOut,
                    "One layer per virtual chunk (48 = 2 x 24). Balanced routing, no token "
                    "dropping. Recompute not stated."}),
    // Pipeline: the Qwen3-235B-A22B H100 recipe counts the embedding and the loss as layers (96
    // over 32 chunks of 3; recipes/qwen/h100/qwen3_moe.py).
    withPipeline(detail::bridge(
                     {"mb2511-h100-qwen3-235b-256gpu",
                      "25.11, DGX-H100, Qwen3_235B_a22B",
                      "NeMo 25.11 container",
                      kQwen3_235B_A22B,
                      detail::kDgxH100,
                      256,
                      Precision::Fp8,
                      detail::kFp8Cs,
                      2048,
                      1,
                      0,
                      2,
                      8,
                      1,
                      4,
                      32,
                      128,
                      1575,
                      233,
                      Split::HeldOut,
                      "94 layers over 8 x 4 chunks cannot be even; the layout is not stated. EP 32 "
                      "spans the TP x DP ranks (expert TP not stated). Balanced routing, no token "
                      "dropping."}),
                 "", Known::Yes, Known::Yes),
    // Pipeline: the recipe's layout for 8 x 4 chunks (embedding with one layer first, the loss
    // alone last), as the notes say.
    withPipeline(
        detail::bridge({"mb2509-h100-deepseekv3-1024gpu",
                        "25.09, DGX-H100, DeepSeekV3 (dropless)",
                        "NeMo 25.09 container",
                        kDeepSeekV3NoMtp,
                        detail::kDgxH100,
                        1024,
                        Precision::Fp8,
                        "FP8; the 25.09 table has no precision column. TFLOP/s 338 is the "
                        "unparenthesised figure, 330 with 128x128 weight / 1x128 activation blocks",
                        8192,
                        1,
                        0,
                        2,
                        8,
                        1,
                        4,
                        64,
                        128,
                        1297,
                        338,
                        Split::HeldOut,
                        "Whether MTP ran is not stated (later tables say w/ or w/o MTP). 61 layers "
                        "over 8 x 4 chunks: the current recipe's layout Et|(tt|)*30mL puts the "
                        "embedding with 1 layer first and MTP with the loss last; not stated for "
                        "25.09. Current recipe recomputes mla_up_proj and mlp."}),
        "Et|(tt|)*30,L", Known::No, Known::No),
    detail::bridge({"mb260401-h100-llama3-70b-64gpu",
                    "26.04.01, DGX-H100, LLAMA3_70B",
                    "NeMo 26.04.01 container",
                    withSequence(kLlama3_70B, 8192),
                    detail::kDgxH100,
                    64,
                    Precision::Fp8,
                    "FP8 (H100: the fp8cs current-scaling recipe)",
                    256,
                    1,
                    0,
                    4,
                    8,
                    1,
                    5,
                    1,
                    0,
                    1664,
                    731,
                    Split::HeldOut,
                    "No GA column in this release (32 by arithmetic). Uneven layout "
                    "Et*2|(t*2|)*34,t*3|(t*2|)*3,tL in the current recipe."}),
    detail::bridge({"mb260401-h100-gptoss-120b-64gpu",
                    "26.04.01, DGX-H100, GPT OSS 120B",
                    "NeMo 26.04.01 container",
                    kGptOss120B,
                    detail::kDgxH100,
                    64,
                    Precision::Bf16,
                    "",
                    1280,
                    1,
                    0,
                    1,
                    4,
                    1,
                    1,
                    8,
                    0,
                    5824,
                    158,
                    Split::HeldOut,
                    "VP n/a entered as 1. Current recipe: selective recompute of layernorm and "
                    "moe_act. Balanced routing, no token dropping. Sliding-window attention "
                    "and sinks make its FLOPs differ from full attention."}),
    detail::bridge({"mb2511-b200-llama3-8b-8gpu",
                    "25.11, DGX-B200, LLAMA3_8B",
                    "NeMo 25.11 container",
                    withSequence(kLlama3_8B, 8192),
                    detail::kDgxB200,
                    8,
                    Precision::Fp8,
                    detail::kFp8Cs,
                    128,
                    2,
                    0,
                    1,
                    1,
                    1,
                    1,
                    1,
                    8,
                    30624,
                    1576,
                    Split::Calibration,
                    "The parenthesised FP8-MX figures (29521 tokens/s, 1519 TFLOP/s) are the "
                    "same layout in MXFP8. Nearest catalog preset b200-192gb (192 GB part). "
                    "Recompute not stated."}),
    // Pipeline: the DeepSeek-V3 recipe's layout for PP 16 (recipes/deepseek/deepseek_v3.py,
    // _get_deepseek_v3_pipeline_layout): the embedding with 4 layers, 14 stages of 4, the last with
    // one layer, the MTP module and the loss.
    withPipeline(
        detail::bridge({"mb2511-b200-deepseekv3-mtp-256gpu",
                        "25.11, DGX-B200, DeepSeekV3 (w/ MTP)",
                        "NeMo 25.11 container",
                        kDeepSeekV3,
                        detail::kDgxB200,
                        256,
                        Precision::Mxfp8,
                        detail::kMxfp8,
                        2048,
                        1,
                        0,
                        1,
                        16,
                        1,
                        1,
                        8,
                        128,
                        2139,
                        557,
                        Split::HeldOut,
                        "61 layers and the MTP module over 16 stages cannot be even; the layout is "
                        "not stated. Balanced routing, no token dropping."}),
        "Et*4|(t*4|)*14,tL", Known::No, Known::No),
    // Pipeline: embedding and loss counted as layers, as the Qwen3-235B-A22B recipes do (96 over 16
    // chunks of 6).
    withPipeline(
        detail::bridge({"mb2511-b200-qwen3-235b-64gpu",
                        "25.11, DGX-B200, Qwen3_235B_a22B",
                        "NeMo 25.11 container",
                        kQwen3_235B_A22B,
                        detail::kDgxB200,
                        64,
                        Precision::Mxfp8,
                        detail::kMxfp8,
                        1024,
                        1,
                        0,
                        1,
                        8,
                        1,
                        2,
                        8,
                        128,
                        3269,
                        484,
                        Split::HeldOut,
                        "94 layers over 8 x 2 chunks cannot be even; layout not stated. Balanced "
                        "routing, no token dropping."}),
        "", Known::Yes, Known::Yes),
}};

// ---- Llama 3 paper (Dubey et al. 2024), Table 4 -------------------------------------------
// "The Llama 3 Herd of Models", arXiv 2407.21783, Table 4: scaling configurations and MFU of the
// 405B pre-training stages. H100 80 GB HBM3 at 700 W, 8 per Grand Teton server on NVLink, RoCE
// at 400 Gb/s per GPU (Section 3.3.1). Section 3.3.2: FSDP over data parallel ranks without
// resharding weights after forward, a pipeline schedule with a tunable number of micro-batches,
// and one layer fewer on the first and the last stage.
namespace detail {

constexpr PublishedRun llama3Paper(const char* id, const char* row, int gpus, int cp, int dp,
                                   int sequence, int perDp, double tflops, double mfu,
                                   Split split) {
    PublishedRun run;
    run.id = id;
    run.source = {.family = "llama3-paper",
                  .title = "The Llama 3 Herd of Models (Dubey et al. 2024)",
                  .where = "https://arxiv.org/abs/2407.21783",
                  .row = row};
    run.shape = withSequence(kLlama3_405B, sequence);
    run.hardware = {.gpu = "H100 SXM 80 GB HBM3, 700 W",
                    .preset = "h100-sxm-80gb",
                    .memoryGB = 80,
                    .gpus = gpus,
                    .gpusPerNode = 8,
                    .intraNode = "NVLink (Grand Teton)",
                    .interNode = "RoCE",
                    .interNodeGbpsPerGpu = 400};
    // Interleaved: section 3.3.2 and Figure 6 describe the interleaved schedule with a tunable
    // number of contiguous micro-batches; 1F1B's bubble at 16 stages and 16-32 micro-batches
    // (32-48 %) could not give the published 38-43 % MFU. The number of stages per rank is not
    // stated: 2, the fewest that fits whole layers (8 slots a rank) and torchtitan's default for
    // looped schedules.
    run.layout = {.dp = dp,
                  .tp = 8,
                  .pp = 16,
                  .cp = cp,
                  .vp = 2,
                  .schedule = "Interleaved 1F1B",
                  .sharding = Sharding::Zero3,
                  .reshardAfterForward = Known::No,
                  // "One layer fewer on the first and the last stage" (section 3.3.2): the
                  // embedding and the loss each take a layer's place, 128 over 16 stages.
                  .embeddingInSplit = Known::Yes,
                  .lossInSplit = Known::Yes};
    run.training = {.precision = Precision::Bf16,
                    .globalBatch = dp * perDp,
                    .framework = "Meta internal (PyTorch)"};
    run.measured = {
        .tflopsPerGpu = tflops, .flopsFormula = "BF16 model FLOPs (not spelt out)", .mfu = mfu};
    run.split = split;
    run.notes =
        "Global batch = dp x the table's batch size per DP (16M tokens). Not stated: "
        "micro-batch and count, virtual stages (2 entered), exact layers per stage (first and "
        "last one short: embedding and loss counted as layers), recompute, attention kernel, "
        "sequence parallelism.";
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 3> kLlama3PaperTable4 = {{
    detail::llama3Paper("llama3paper-8192gpu", "Table 4, 8,192 GPUs", 8192, 1, 64, 8192, 32, 430,
                        0.43, Split::Calibration),
    detail::llama3Paper("llama3paper-16384gpu", "Table 4, 16,384 GPUs, CP 1", 16384, 1, 128, 8192,
                        16, 400, 0.41, Split::HeldOut),
    detail::llama3Paper("llama3paper-16384gpu-cp16", "Table 4, 16,384 GPUs, CP 16", 16384, 16, 8,
                        131072, 16, 380, 0.38, Split::HeldOut),
}};

// ---- DeepSeek-V3 on 2,048 H800 ------------------------------------------------------------
// DeepSeek-V3 Technical Report (arXiv 2412.19437) Section 3: 2,048 H800, 8 per node on NVLink
// and NVSwitch, InfiniBand between nodes; PP 16, EP 64 over 8 nodes, ZeRO-1 data parallel, no
// TP; DualPipe; recompute of RMSNorm and MLA up-projections; fine-grained FP8. The repository
// README gives 2.664M H800 GPU hours for 14.8T pre-training tokens.
inline constexpr std::array<PublishedRun, 1> kDeepSeekV3Report = {{
    {.id = "deepseekv3-2048gpu",
     .source = {.family = "deepseek-v3",
                .title = "DeepSeek-V3 Technical Report (DeepSeek-AI 2024)",
                .where = "https://arxiv.org/abs/2412.19437; deepseek-ai/DeepSeek-V3 @ "
                         "9b4e9788e4a3a731f7567338ed15d3ec549ce03b : README.md",
                .row = "Section 3.1-3.3 setup; README: 2.664M H800 GPU hours for 14.8T tokens"},
     .shape = kDeepSeekV3,
     .hardware = {.gpu = "H800 80 GB",
                  .memoryGB = 80,
                  .gpus = 2048,
                  .gpusPerNode = 8,
                  .intraNode = "NVLink + NVSwitch (H800)",
                  .interNode = "InfiniBand",
                  .interNodeGbpsPerGpu = 400},
     .layout = {.dp = 128,
                .tp = 1,
                .pp = 16,
                .cp = 1,
                .ep = 64,
                .etp = 1,
                .schedule = "DualPipe",
                .sharding = Sharding::Zero1},
     .training = {.precision = Precision::Fp8,
                  .fp8Recipe = "fine-grained FP8: 1x128 activation tiles, 128x128 weight blocks, "
                               "higher-precision accumulation",
                  .globalBatch = 15360,
                  .recompute = Recompute::Modules,
                  .recomputeDetail = "RMSNorm and MLA up-projections recomputed in backward",
                  .framework = "HAI-LLM (DeepSeek in-house)"},
     .measured = {.tokensPerSPerGpu = 1543.2},
     .split = Split::HeldOut,
     .notes = "Throughput derived: 14.8e12 tokens / (2.664e6 GPU hours x 3600 s), an average "
              "over the whole pre-training including the batch ramp from 3072 to 15360 "
              "sequences and any restarts. Global batch is the post-ramp value. Not stated: "
              "micro-batch, layers per stage, H800 inter-node bandwidth per GPU (entered as "
              "400 Gb/s, the report's 50 GB/s IB figure). No catalog preset for H800."},
}};

// ---- BLOOM 176B (BigScience) --------------------------------------------------------------
// bigscience-workshop/bigscience train/tr11-176B-ml/README.md: 384 A100 80 GB (48 nodes of 8),
// TP 4, PP 12, DP 8, MBS 2, GBS 2048, ZeRO-1 inside DeepSpeed's BF16_Optimizer, DeepSpeed
// activation checkpointing, embeddings counted as a pipeline layer. The row is the log line at
// iteration 85376 (end of the first epoch).
inline constexpr std::array<PublishedRun, 1> kBloom176B = {{
    {.id = "bloom-176b-384gpu",
     .source = {.family = "bigscience",
                .title = "BigScience tr11-176B-ml training README (BLOOM)",
                .where =
                    "bigscience-workshop/bigscience @ 39ed8110482e9eb87d0e094ede05e4d02c40e298 "
                    ": train/tr11-176B-ml/README.md",
                .row = "Important checkpoints: iteration 85376 log line"},
     .shape = {.name = "BLOOM 176B",
               .layers = 70,
               .hidden = 14336,
               .heads = 112,
               .kvHeads = 112,
               .ffnHidden = 57344,
               .vocab = 250880,
               .sequence = 2048,
               .mlp = Mlp::Gelu,
               .tiedEmbeddings = Known::Yes,
               .attention = "ALiBi, embedding layer norm"},
     .hardware = {.gpu = "A100 SXM 80 GB",
                  .preset = "a100-sxm-80gb",
                  .memoryGB = 80,
                  .gpus = 384,
                  .gpusPerNode = 8,
                  .intraNode = "NVLink",
                  .interNode = "Omni-Path, 4 links per node",
                  .interNodeGbpsPerGpu = 50},
     .layout = {.dp = 8,
                .tp = 4,
                .pp = 12,
                .cp = 1,
                .stageLayers = "5,6,6,6,6,6,6,6,6,6,6,5",
                .sharding = Sharding::Zero1},
     .training = {.precision = Precision::Bf16,
                  .microBatch = 2,
                  .globalBatch = 2048,
                  .recompute = Recompute::Full,
                  .recomputeDetail = "--deepspeed-activation-checkpointing",
                  .flashAttention = Known::No,
                  .framework = "Megatron-DeepSpeed",
                  .version = "Megatron-DeepSpeed ds_ckpt_reshape branch, DeepSpeed "
                             "olruwase/elastic-ckpt-refresh, PyTorch 1.11, CUDA 11.5"},
     .measured = {.tokensPerSPerGpu = 104.33,
                  .tflopsPerGpu = 149.77,
                  .flopsFormula = "hardware FLOPs, 8 x parameters x tokens (counts the "
                                  "recompute; bigscience math/README.md)",
                  .stepTimeS = 104.70},
     .split = Split::HeldOut,
     .notes = "Tokens/s derived from the logged 19.561 samples/s x 2048 / 384. Accumulation "
              "(128) not printed. Vocabulary 250,880 is the padded embedding size the README "
              "gives (250,680 tokens). The README's 'NVLink 4 inter-gpu connects' is entered as "
              "plain NVLink; inter-node 4 x 100 Gb/s Omni-Path per node is 50 Gb/s per GPU. "
              "Pipeline schedule not stated (DeepSpeed's pipeline engine)."},
}};

// ---- MT-NLG 530B (Smith et al. 2022) ------------------------------------------------------
// "Using DeepSpeed and Megatron to Train Megatron-Turing NLG 530B", arXiv 2201.11990, Section
// 2.4: TP 8, PP 35, global batch 1920 on 280, 350 and 420 DGX A100 nodes; iteration time and
// TFLOP/s per GPU. The paper itself was not reachable here: the figures are as restated by
// cli99/llm-analysis examples/megatron-turing-nlg/README.md, which cites Section 2.4.
namespace detail {

constexpr PublishedRun mtnlg(const char* id, const char* row, int nodes, double step, double tflops,
                             Split split) {
    PublishedRun run;
    run.id = id;
    run.source = {.family = "mt-nlg",
                  .title =
                      "Using DeepSpeed and Megatron to Train Megatron-Turing NLG 530B "
                      "(Smith et al. 2022)",
                  .where = "https://arxiv.org/abs/2201.11990",
                  .row = row};
    run.shape = {.name = "MT-NLG 530B",
                 .layers = 105,
                 .hidden = 20480,
                 .heads = 128,
                 .kvHeads = 128,
                 .ffnHidden = 81920,
                 .vocab = 50257,
                 .sequence = 2048,
                 .mlp = Mlp::Gelu,
                 .tiedEmbeddings = Known::Yes};
    run.hardware = {.gpu = "A100 SXM 80 GB (DGX A100, Selene)",
                    .preset = "a100-sxm-80gb",
                    .memoryGB = 80,
                    .gpus = 8 * nodes,
                    .gpusPerNode = 8,
                    .intraNode = "NVLink 3 through NVSwitch",
                    .interNode = "InfiniBand HDR, 8 adapters per node",
                    .interNodeGbpsPerGpu = 200};
    run.layout = {.dp = 8 * nodes / 280, .tp = 8, .pp = 35, .cp = 1};
    run.training = {.globalBatch = 1920, .framework = "Megatron-LM + DeepSpeed"};
    run.measured = {.tflopsPerGpu = tflops,
                    .flopsFormula = "not stated in the copy read (Narayanan et al. eq. 3 style)",
                    .stepTimeS = step};
    run.split = split;
    run.notes =
        "Figures from a secondary restatement of Section 2.4 (cli99/llm-analysis), which calls "
        "the GPUs 40 GB; the paper describes Selene's DGX A100 80 GB. Not stated here: "
        "precision, micro-batch, recompute, ZeRO stage, pipeline schedule. Vocabulary entered "
        "as GPT-2 BPE 50,257.";
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 3> kMtNlg530B = {{
    detail::mtnlg("mtnlg-530b-2240gpu", "Section 2.4, 280 nodes", 280, 60.1, 126,
                  Split::Calibration),
    detail::mtnlg("mtnlg-530b-2800gpu", "Section 2.4, 350 nodes", 350, 50.2, 121, Split::HeldOut),
    detail::mtnlg("mtnlg-530b-3360gpu", "Section 2.4, 420 nodes", 420, 44.4, 113, Split::HeldOut),
}};

// ---- LLM Foundry: MPT at 128-512 H100 and in FP8 ------------------------------------------
// mosaicml/llm-foundry scripts/train/benchmarking/README.md, tables "H100 80GB BF16 (Large Scale,
// >= 128 GPUs)" and "H100 80GB FP8" (rows the 8- and 64-GPU tables in
// performance_references.h do not have). MPT shapes from scripts/train/yamls/pretrain: GELU MLP
// of 4h, vocabulary 50,368, tied embeddings, flash attention. Sharding FULL_SHARD = ZeRO-3,
// SHARD_GRAD_OP = ZeRO-2 (PyTorch FSDP).
namespace detail {

struct FoundryRow {
    const char* id;
    const char* row;
    const char* model;
    int layers, hidden, heads, gpus, micro, accumulation, global;
    bool checkpointing, fullShard, fp8;
    double tokens, tflops, mfu;
    Split split;
};

constexpr PublishedRun foundry(const FoundryRow& r) {
    PublishedRun run;
    run.id = r.id;
    run.source = {.family = "llm-foundry",
                  .title = "LLM Foundry MPT training benchmarks",
                  .where =
                      "mosaicml/llm-foundry @ 495218376830947dce625efabc4d86be7c47cc45 : "
                      "scripts/train/benchmarking/README.md",
                  .row = r.row};
    run.shape = {.name = r.model,
                 .layers = r.layers,
                 .hidden = r.hidden,
                 .heads = r.heads,
                 .kvHeads = r.heads,
                 .ffnHidden = 4 * r.hidden,
                 .vocab = 50368,
                 .sequence = 2048,
                 .mlp = Mlp::Gelu,
                 .tiedEmbeddings = Known::Yes};
    run.hardware = {.gpu = "H100 80 GB", .preset = "h100-sxm-80gb", .memoryGB = 80, .gpus = r.gpus};
    run.layout = {.dp = r.gpus,
                  .tp = 1,
                  .pp = 1,
                  .cp = 1,
                  .sharding = r.fullShard ? Sharding::Zero3 : Sharding::Zero2};
    run.training = {
        .precision = r.fp8 ? Precision::Fp8 : Precision::Bf16,
        .fp8Recipe = r.fp8 ? "amp_fp8 (Transformer Engine); scaling recipe not stated" : "",
        .microBatch = r.micro,
        .gradAccumulation = r.accumulation,
        .globalBatch = r.global,
        .recompute = r.checkpointing ? Recompute::Full : Recompute::None,
        .activationOffload = Known::No,
        .flashAttention = Known::Yes,
        .framework = "LLM Foundry (Composer, PyTorch FSDP)"};
    run.measured = {.tokensPerSPerGpu = r.tokens,
                    .tflopsPerGpu = r.tflops,
                    .flopsFormula =
                        "README MFU: 6 x params + 6 x layers x 2 x d_model x seq "
                        "attention FLOPs per token, no recompute",
                    .mfu = r.mfu};
    run.split = r.split;
    run.notes =
        "Not stated: GPUs per node, interconnect, Composer/PyTorch versions, FSDP mixed-precision "
        "mode beyond DEFAULT, number of steps timed.";
    return run;
}

}  // namespace detail

inline constexpr std::array<PublishedRun, 6> kLlmFoundryH100 = {{
    detail::foundry({"foundry-h100-70b-512gpu", "Large Scale, 70b, 512", "MPT-70B", 80, 8192, 64,
                     512, 8, 1, 4096, true, true, false, 1007, 408, 0.4125, Split::HeldOut}),
    detail::foundry({"foundry-h100-30b-256gpu", "Large Scale, 30b, 256", "MPT-30B", 48, 7168, 56,
                     256, 8, 1, 2048, true, true, false, 2148, 404, 0.4089, Split::HeldOut}),
    detail::foundry({"foundry-h100-13b-128gpu", "Large Scale, 13b, 128", "MPT-13B", 40, 5120, 40,
                     128, 16, 1, 2048, true, true, false, 5080, 417, 0.4218, Split::Calibration}),
    detail::foundry({"foundry-h100-7b-512gpu", "Large Scale, 7b, 512", "MPT-7B", 32, 4096, 32, 512,
                     6, 1, 3072, false, true, false, 9670, 417, 0.422, Split::HeldOut}),
    detail::foundry({"foundry-h100-3b-256gpu", "Large Scale, 3b, 256", "MPT-3B", 32, 2560, 20, 256,
                     8, 1, 2048, false, false, false, 22772, 408, 0.4125, Split::HeldOut}),
    detail::foundry({"foundry-h100-fp8-3b-8gpu", "FP8, 3b, 2048", "MPT-3B", 32, 2560, 20, 8, 10, 6,
                     480, false, true, true, 30586, 548, 0.277, Split::HeldOut}),
}};

// ---- Every table, and the memory peaks ----------------------------------------------------

inline constexpr std::array<std::span<const PublishedRun>, 11> kPublishedRunTables = {{
    kTorchtitanH100_2024_12,
    kTorchtitanAsyncTpH100_2025_06,
    kTorchtitanH200Trainy_2025_06,
    kMegatronLmReadmeH100,
    kNemo2407DgxH100Fp8,
    kMegatronBridgeArchive,
    kLlama3PaperTable4,
    kDeepSeekV3Report,
    kBloom176B,
    kMtNlg530B,
    kLlmFoundryH100,
}};

// Memory peaks. torchtitan's are the caching allocator's peak reserved bytes (what its log line
// prints), so they include fragmentation and cached free blocks; none of these sources publishes
// an allocated-bytes peak or nvidia-smi figure.
inline constexpr std::array<PublishedPeak, 20> kPublishedPeaks = {{
    {.id = "titan2412-t1-8b-fsdp-8gpu-peak",
     .run = "titan2412-t1-8b-fsdp-8gpu",
     .gib = 82.4,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::Calibration,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t1-8b-fsdp-compile-8gpu-peak",
     .run = "titan2412-t1-8b-fsdp-compile-8gpu",
     .gib = 77.0,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t1-8b-fsdp-compile-float8-8gpu-peak",
     .run = "titan2412-t1-8b-fsdp-compile-float8-8gpu",
     .gib = 76.8,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t2-8b-cp1-32k-peak",
     .run = "titan2412-t2-8b-cp1-32k",
     .gib = 83.9,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t2-8b-cp2-64k-peak",
     .run = "titan2412-t2-8b-cp2-64k",
     .gib = 84.2,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::Calibration,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t2-8b-cp4-128k-peak",
     .run = "titan2412-t2-8b-cp4-128k",
     .gib = 84.0,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t2-8b-cp8-256k-peak",
     .run = "titan2412-t2-8b-cp8-256k",
     .gib = 84.5,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t3-8b-fsdp-128gpu-peak",
     .run = "titan2412-t3-8b-fsdp-128gpu",
     .gib = 67.0,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t3-8b-fsdp-compile-128gpu-peak",
     .run = "titan2412-t3-8b-fsdp-compile-128gpu",
     .gib = 62.0,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t3-8b-fsdp-compile-float8-128gpu-peak",
     .run = "titan2412-t3-8b-fsdp-compile-float8-128gpu",
     .gib = 61.8,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t4-70b-2d-256gpu-peak",
     .run = "titan2412-t4-70b-2d-256gpu",
     .gib = 71.9,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::Calibration,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t4-70b-2d-asynctp-256gpu-peak",
     .run = "titan2412-t4-70b-2d-asynctp-256gpu",
     .gib = 67.6,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t5-405b-3d-1f1b-512gpu-peak",
     .run = "titan2412-t5-405b-3d-1f1b-512gpu",
     .gib = 82.5,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::Calibration,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t5-405b-3d-interleaved-512gpu-peak",
     .run = "titan2412-t5-405b-3d-interleaved-512gpu",
     .gib = 72.7,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t6-405b-4d-cp1-32k-peak",
     .run = "titan2412-t6-405b-4d-cp1-32k",
     .gib = 75.3,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t6-405b-4d-cp2-64k-peak",
     .run = "titan2412-t6-405b-4d-cp2-64k",
     .gib = 75.9,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t6-405b-4d-cp4-128k-peak",
     .run = "titan2412-t6-405b-4d-cp4-128k",
     .gib = 77.1,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::HeldOut,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "titan2412-t6-405b-4d-cp8-256k-peak",
     .run = "titan2412-t6-405b-4d-cp8-256k",
     .gib = 84.9,
     .kind = PeakKind::AllocatorReserved,
     .scope = "maximum over all GPUs of the per-GPU peak (footnote 1); stable over the run",
     .split = Split::Calibration,
     .notes =
         "Memory(GiB) column; torchtitan logs torch.cuda max reserved bytes, reset each log step"},
    {.id = "trainy2506-8b-fsdp-32gpu-peak",
     .run = "trainy2506-8b-fsdp-32gpu",
     .gib = 47.96,
     .kind = PeakKind::AllocatorReserved,
     .scope = "the logging rank, sampled at step 100",
     .split = Split::Calibration,
     .notes = "Memory(GiB) column; the console line of that torchtitan version prints max reserved "
              "bytes; which rank is not stated (torchtitan logs from rank 0)"},
    {.id = "trainy2506-8b-fsdp-64gpu-peak",
     .run = "trainy2506-8b-fsdp-64gpu",
     .gib = 46.97,
     .kind = PeakKind::AllocatorReserved,
     .scope = "the logging rank, sampled at step 100",
     .split = Split::HeldOut,
     .notes = "Memory(GiB) column; max reserved bytes as printed by torchtitan e7c0cae"},
}};

}  // namespace fourfold::test::published
