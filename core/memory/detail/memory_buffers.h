// SPDX-License-Identifier: MIT
// Memory beyond model state and activations: communication buffers (DDP gradient buckets,
// ZeRO-3 gathered layers and prefetch, TP / PP / EP transfer buffers), the framework and
// CUDA context, and allocator fragmentation.
// Units: bytes. Sources: PyTorch DDP (bucket_cap_mb = 25); DeepSpeed ZeRO-3 prefetch;
// Megatron-LM's global buffer for sequence-parallel all-gathers.
#pragma once

#include "core/memory/memory_common.h"

namespace fourfold::core::detail {

// Their builders are commBuffersItem, frameworkItem and fragmentationItem
// (core/memory/memory_category.h); fragmentation is fraction × allocated, where allocated is
// every category the caching allocator hands out.

}  // namespace fourfold::core::detail
