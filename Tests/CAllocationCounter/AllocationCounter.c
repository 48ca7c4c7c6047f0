#define _GNU_SOURCE
#include <stddef.h>
#include "AllocationCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

#include <pthread.h>
#include <stdatomic.h>
#include <malloc.h>

static __thread int counting;
static __thread long counted;
static __thread long long live_bytes;
static _Atomic unsigned long watched_thread;
static _Atomic long watched_count;

void tactus_watch_thread(unsigned long thread) {
    atomic_store(&watched_count, 0);
    atomic_store(&watched_thread, thread);
}

long tactus_watched_allocations(void) { return atomic_load(&watched_count); }

static inline void count_call(void) {
    if (counting) counted++;
    unsigned long watched = atomic_load_explicit(&watched_thread, memory_order_relaxed);
    if (watched != 0 && watched == (unsigned long)pthread_self()) {
        atomic_fetch_add_explicit(&watched_count, 1, memory_order_relaxed);
    }
}

void tactus_count_allocations_begin(void) { counted = 0; counting = 1; }
long tactus_count_allocations_end(void) { counting = 0; return counted; }
long tactus_counted_allocations(void) { return counted; }
long long tactus_thread_live_bytes(void) { return live_bytes; }

static inline void *gained(void *pointer) {
    if (pointer != NULL) live_bytes += (long long)malloc_usable_size(pointer);
    return pointer;
}

static inline void lost(void *pointer) {
    if (pointer != NULL) live_bytes -= (long long)malloc_usable_size(pointer);
}

void *malloc(size_t size) {
    count_call();
    return gained(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    count_call();
    return gained(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    count_call();
    lost(pointer);
    return gained(__libc_realloc(pointer, size));
}

void free(void *pointer) {
    if (pointer != NULL) count_call();
    lost(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_call();
    return gained(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_call();
    return gained(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_call();
    void *pointer = gained(__libc_memalign(alignment, size));
    if (pointer == NULL) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}
