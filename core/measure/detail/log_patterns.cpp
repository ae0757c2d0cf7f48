// SPDX-License-Identifier: MIT
// The formats as the frameworks' sources print them:
// - Megatron-LM megatron/training/training.py, training_log(): " [time] iteration 20/ 500 |
//   consumed samples: ... | elapsed time per iteration (ms): 1234.5 | throughput per GPU
//   (TFLOP/s/GPU): 402.1 | ..."; megatron/training/utils.py, report_memory(): "[Rank 0] (after 10
//   iterations) memory (MB) | allocated: ... | max allocated: ... | reserved: ... | max reserved:
//   ..." in MB of 2^20 bytes (Megatron Bridge prints the same in GB of 2^30).
// - torchtitan torchtitan/components/metrics.py, MetricsProcessor.log(): "step: 20  loss: 7.1
//   grad_norm: 1.2  memory: 61.20GiB(64.41%)  tps: 6,543  tflops: 305.12  mfu: 30.85%", the
//   memory being the peak reserved since the last line; "validate step:" lines are not training.
// - DeepSpeed deepspeed/utils/timer.py, ThroughputTimer.stop(): "epoch=0/micro_step=80/
//   global_step=20, RunningAvgSamplesPerSec=..., CurrSamplesPerSec=25.7, MemAllocated=4.32GB,
//   MaxMemAllocated=38.49GB" (GB of 2^30 bytes); deepspeed/profiling/flops_profiler, the profile
//   summary: "FLOPS per GPU = 3 * fwd flops per GPU / iter latency:  2.35 TFLOPS" and
//   "samples/second:  196.88".
// - Hugging Face transformers Trainer: the train metrics "'train_samples_per_second': 10.5" (the
//   dictionary it logs) or "train_samples_per_second =  10.5" (log_metrics).
// - PyTorch: any printout of torch.cuda.max_memory_reserved() or max_memory_allocated() with its
//   unit (bytes when none is written).
#include "core/measure/detail/log_patterns.h"

#include <array>

namespace fourfold::core::detail {
namespace {

using F = LogFigure;
using W = LogFramework;
using U = LogUnit;

constexpr double kMiB = 1024.0 * 1024.0;
constexpr double kGiB = kMiB * 1024.0;

// clang-format off
constexpr std::array kPatterns = {
    LogPattern{W::MegatronLm, F::StepTime, "iteration", "elapsed time per iteration (ms):", U::Number, 1e-3, "iteration", ""},
    LogPattern{W::MegatronLm, F::TflopsPerGpu, "iteration", "throughput per GPU (TFLOP/s/GPU):", U::Number, 1, "iteration", ""},
    LogPattern{W::MegatronLm, F::PeakBytes, "memory (MB)", "max reserved:", U::Number, kMiB, "(after", ""},
    LogPattern{W::MegatronLm, F::PeakBytes, "memory (MB)", "max allocated:", U::Number, kMiB, "(after", ""},
    LogPattern{W::MegatronLm, F::PeakBytes, "memory (GB)", "max reserved:", U::Number, kGiB, "(after", ""},
    LogPattern{W::MegatronLm, F::PeakBytes, "memory (GB)", "max allocated:", U::Number, kGiB, "(after", ""},
    LogPattern{W::Torchtitan, F::TokensPerSPerGpu, "step:", "tps:", U::Number, 1, "step:", "validate step:"},
    LogPattern{W::Torchtitan, F::TflopsPerGpu, "tps:", "tflops:", U::Number, 1, "step:", "validate step:"},
    LogPattern{W::Torchtitan, F::Mfu, "tps:", "mfu:", U::Percent, 1, "step:", "validate step:"},
    LogPattern{W::Torchtitan, F::PeakBytes, "tps:", "memory:", U::BytesWithSuffix, 1, "step:", ""},
    LogPattern{W::DeepSpeed, F::SamplesPerS, "global_step=", "CurrSamplesPerSec=", U::Number, 1, "global_step=", ""},
    LogPattern{W::DeepSpeed, F::PeakBytes, "global_step=", "MaxMemAllocated=", U::Number, kGiB, "global_step=", ""},
    LogPattern{W::DeepSpeed, F::TflopsPerGpu, "FLOPS per GPU = 3", "iter latency:", U::FlopsWithSuffix, 1, "", ""},
    LogPattern{W::DeepSpeed, F::SamplesPerS, "", "samples/second:", U::Number, 1, "", ""},
    LogPattern{W::HuggingFace, F::SamplesPerS, "", "train_samples_per_second", U::Number, 1, "", ""},
    LogPattern{W::PyTorch, F::PeakBytes, "", "max_memory_reserved", U::BytesWithSuffix, 1, "", ""},
    LogPattern{W::PyTorch, F::PeakBytes, "", "max_memory_allocated", U::BytesWithSuffix, 1, "", ""},
};
// clang-format on

}  // namespace

std::span<const LogPattern> logPatterns() { return kPatterns; }

}  // namespace fourfold::core::detail
