#define _GNU_SOURCE
#include <stddef.h>
#include "AllocationCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread int counting;
static __thread long counted;

void tactus_count_allocations_begin(void) { counted = 0; counting = 1; }
long tactus_count_allocations_end(void) { counting = 0; return counted; }
long tactus_counted_allocations(void) { return counted; }

void *malloc(size_t size) {
    if (counting) counted++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    if (counting) counted++;
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (counting) counted++;
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (counting && pointer != NULL) counted++;
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (counting) counted++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (counting) counted++;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12; /* ENOMEM */
    *result = pointer;
    return 0;
}
