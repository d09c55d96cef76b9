// A heap-allocation counter for the benchmark executable (controls-bench) and the test
// executable (allocation counts asserted by SDLControlsTests).
//
// CMallocCounter.c defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc,
// memalign, valloc and pvalloc. Linked into an executable they take precedence over
// glibc's (the dynamic linker resolves every library's malloc to the executable's), so
// every heap operation of the process, Swift runtime and SDL included, passes through
// them. They count with C11 atomics and forward to glibc's __libc_* entry points.
// Linux/glibc only; never link this into a library.
#ifndef CMALLOCCOUNTER_H
#define CMALLOCCOUNTER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A snapshot of the process's heap counters since the last reset.
typedef struct {
    /// Successful allocations: malloc, calloc, the memalign family, and realloc calls that
    /// returned a block (a realloc counts as one allocation and, when it had a block, one free).
    uint64_t allocations;
    /// Blocks released: free of a non-null pointer, and the old block of a realloc.
    uint64_t frees;
    /// Usable bytes of every block allocated (malloc_usable_size, so frees balance exactly).
    uint64_t bytesAllocated;
    /// Usable bytes of every block freed.
    uint64_t bytesFreed;
} CMallocCounts;

/// The counts since the last reset (or process start). Reading allocates nothing.
CMallocCounts cmalloc_counts(void);

/// Allocations made by the calling thread since it started (never reset): take the
/// difference of two readings. Lets a test count its own allocations while other threads run.
uint64_t cmalloc_thread_allocations(void);

/// Of ``cmalloc_thread_allocations``, those SDL made inside `SDL_RenderGeometry` (its
/// renderer's own work, which the library can't avoid): take the difference of two readings.
uint64_t cmalloc_thread_renderer_allocations(void);

/// Zeroes the counts.
void cmalloc_reset(void);

#ifdef __cplusplus
}
#endif

#endif
