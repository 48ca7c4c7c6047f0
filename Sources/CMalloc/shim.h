#ifndef TACTUS_CMALLOC_SHIM_H
#define TACTUS_CMALLOC_SHIM_H

#include <malloc.h>

/// glibc's mallopt(M_MMAP_THRESHOLD): blocks of `bytes` or more are mapped
/// on their own and unmapped when freed. A fixed threshold also stops glibc
/// from raising it each time such a block is freed, which would leave later
/// large blocks in the heap, resident after they are freed. Returns 1 on success.
static inline int cmalloc_map_blocks_from(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

#endif
