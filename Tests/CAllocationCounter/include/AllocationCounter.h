#ifndef TACTUS_ALLOCATION_COUNTER_H
#define TACTUS_ALLOCATION_COUNTER_H

/// Test-only: counts malloc-family calls made by the calling thread between
/// tactus_count_allocations_begin() and _end(). The test binary that links this
/// target replaces malloc, calloc, realloc, free and the aligned allocators
/// with counting forwarders to glibc's own.
void tactus_count_allocations_begin(void);
/// Stops counting on this thread and returns the calls since _begin().
long tactus_count_allocations_end(void);
/// Calls counted on this thread so far (counting may still be on).
long tactus_counted_allocations(void);

#endif
