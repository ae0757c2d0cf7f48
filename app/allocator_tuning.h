// SPDX-License-Identifier: MIT
// Keep freed memory for reuse. A large schedule (half a million ops) allocates ~17 MB per
// evaluation; glibc would hand it back to the kernel after each one and page-fault it in
// again on the next, which on virtual machines costs more than the simulation itself
// (bench_schedule: 90 ms → 11 ms for p = 64, m = 1024, v = 4). Called once at start-up.
#pragma once

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

namespace fourfold::app {

inline void tuneAllocatorForReuse() {
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);   // glibc's maximum: big blocks from the heap
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);  // and keep up to 256 MB of it when freed
#endif
}

}  // namespace fourfold::app
