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
    const char* attention = "";  // anything but plain causal self-attention
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
};

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

// ---- Every table, and the memory peaks ----------------------------------------------------

inline constexpr std::array<std::span<const PublishedRun>, 5> kPublishedRunTables = {{
    kTorchtitanH100_2024_12,
    kTorchtitanAsyncTpH100_2025_06,
    kTorchtitanH200Trainy_2025_06,
    kMegatronLmReadmeH100,
    kNemo2407DgxH100Fp8,
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
