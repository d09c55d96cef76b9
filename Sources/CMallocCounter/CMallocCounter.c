// Counting wrappers around glibc's allocator; see include/CMallocCounter.h.
//
// Why __libc_*: calling dlsym(RTLD_NEXT, "malloc") would itself allocate (dlsym uses
// calloc), recursing into these wrappers before they are set up. glibc exports its
// allocator under these names precisely so that interposers can forward to it.
#define _GNU_SOURCE
#include "CMallocCounter.h"

#include <stdatomic.h>

// Relaxed ordering: the counts are statistics read between phases on one thread; other
// threads (SDL's) only need their increments not to be lost.
static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;
static _Atomic uint64_t bytesAllocated;
static _Atomic uint64_t bytesFreed;
// Allocations made by the calling thread: a test on the main thread counts its own, whatever
// other threads (other tests, SDL) do meanwhile. Static TLS of the executable: no allocation.
static _Thread_local uint64_t threadAllocations;
// Of those, the ones made inside SDL_RenderGeometry (the renderer's own, counted apart).
static _Thread_local uint64_t threadRendererAllocations;
static _Thread_local int insideRenderer;

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CMALLOC_UNDER_ASAN 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(CMALLOC_UNDER_ASAN)
// Only glibc exports __libc_malloc and friends; elsewhere (macOS) nothing is replaced and
// the counts stay zero, which the benchmark detects and reports as "not measured". Nor
// under AddressSanitizer (`swift test --sanitize=address`), whose own allocator must see
// every block: forwarding to glibc's behind its back crashes the process at start-up.

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *ptr, size_t size);
extern void __libc_free(void *ptr);
extern void *__libc_memalign(size_t alignment, size_t size);

static inline void *counted(void *p) {
    if (p) {
        threadAllocations++;
        if (insideRenderer) threadRendererAllocations++;
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytesAllocated, malloc_usable_size(p), memory_order_relaxed);
    }
    return p;
}

static inline void countFree(void *p) {
    if (p) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytesFreed, malloc_usable_size(p), memory_order_relaxed);
    }
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void *realloc(void *ptr, size_t size) {
    // The old block's size must be read before glibc may release it.
    size_t oldSize = ptr ? malloc_usable_size(ptr) : 0;
    void *result = __libc_realloc(ptr, size);
    if (ptr && (result || size == 0)) {
        // realloc(p, 0) frees p; a successful realloc released (or reused) the old block.
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&bytesFreed, oldSize, memory_order_relaxed);
    }
    return counted(result);
}

void free(void *ptr) {
    countFree(ptr);
    __libc_free(ptr);
}

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    // posix_memalign's contract: a power of two that is a multiple of sizeof(void *).
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = counted(p);
    return 0;
}

void *valloc(size_t size) { return counted(__libc_memalign((size_t)sysconf(_SC_PAGESIZE), size)); }

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return counted(__libc_memalign(page, (size + page - 1) & ~(page - 1)));
}

#endif  // glibc

CMallocCounts cmalloc_counts(void) {
    CMallocCounts c;
    c.allocations = atomic_load_explicit(&allocations, memory_order_relaxed);
    c.frees = atomic_load_explicit(&frees, memory_order_relaxed);
    c.bytesAllocated = atomic_load_explicit(&bytesAllocated, memory_order_relaxed);
    c.bytesFreed = atomic_load_explicit(&bytesFreed, memory_order_relaxed);
    return c;
}

uint64_t cmalloc_thread_allocations(void) { return threadAllocations; }

uint64_t cmalloc_thread_renderer_allocations(void) { return threadRendererAllocations; }

#if defined(__linux__) && defined(__GLIBC__) && !defined(CMALLOC_UNDER_ASAN)
#include <dlfcn.h>

// SDL_RenderGeometry, defined in the executable, so the library's calls come here first (the
// executable's definition wins over libSDL2's): it marks what SDL allocates meanwhile (its
// software renderer re-maps blits and makes temporary surfaces as vertex colours and sizes
// vary) and forwards to SDL's. Declared without SDL's headers: the signature is SDL 2's.
typedef int (*RenderGeometryFunction)(void *, void *, const void *, int, const int *, int);

int SDL_RenderGeometry(void *renderer, void *texture, const void *vertices, int numVertices,
                       const int *indices, int numIndices) {
    static RenderGeometryFunction real;
    if (!real) real = (RenderGeometryFunction)dlsym(RTLD_NEXT, "SDL_RenderGeometry");
    if (!real) return -1;
    insideRenderer++;
    int result = real(renderer, texture, vertices, numVertices, indices, numIndices);
    insideRenderer--;
    return result;
}
#endif

void cmalloc_reset(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&frees, 0, memory_order_relaxed);
    atomic_store_explicit(&bytesAllocated, 0, memory_order_relaxed);
    atomic_store_explicit(&bytesFreed, 0, memory_order_relaxed);
}
