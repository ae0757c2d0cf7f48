// SPDX-License-Identifier: MIT
// The step under fine-tuning and the memory savers:
// - a frozen base skips its weight-gradient GEMMs: its backward is the input gradient alone,
//   about 1× the forward instead of 2× (Hu et al. 2021, §4.2); the adapters add two thin GEMMs
//   (x·A, then ·B) per targeted linear in forward, input gradient and weight gradient;
// - QLoRA dequantises each NF4 weight to base_precision before every matmul that reads it,
//   forward and backward (Dettmers et al. 2023, §3): memory-bound, read 4.127 bits, write 2 B;
// - activation offloading copies each micro-batch's saved tensors to the host in forward and
//   back in backward, overlapped with that pass's compute up to the host link's bandwidth; what
//   does not hide is exposed;
// - chunked cross-entropy runs the same GEMMs and element-wise passes in chunks: no change.
#pragma once

#include "core/model/model.h"
#include "core/performance/detail/performance_layer.h"

namespace fourfold::core::detail {

// One transformer layer, one micro-batch, one GPU, from the full-training times.
[[nodiscard]] WorkTimes fineTuneLayerTimes(const Plan& plan, const ModelReport& model,
                                           const WorkTimes& full, const KernelRates& rates);
// The LM head: frozen under LoRA and QLoRA (no adapter on it), so no weight gradient.
[[nodiscard]] WorkTimes fineTuneHeadTimes(const Plan& plan, const WorkTimes& full);
// Adapter parameters one GPU of a stage of `layers` layers trains (the optimizer's and the
// gradient reduction's share).
[[nodiscard]] double trainedAdapterParameters(const Plan& plan, double layers);

struct OffloadExposure {
    double forwardS = 0;   // device-to-host copies not hidden behind the forward
    double backwardS = 0;  // host-to-device prefetches not hidden behind the backward
};
// Activation offloading's exposed transfer per micro-batch of one stage.
[[nodiscard]] OffloadExposure activationOffloadExposure(const Plan& plan, const ModelReport& model,
                                                        const StageParameters* stage,
                                                        double forwardS, double backwardS,
                                                        double hostLinkBytesPerS);

}  // namespace fourfold::core::detail
