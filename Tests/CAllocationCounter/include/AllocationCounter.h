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

/// Counts malloc-family calls made by the thread `thread` (a pthread_t, e.g.
/// from jack_client_thread_id) from now on, whatever thread asks; 0 stops.
void tactus_watch_thread(unsigned long thread);
/// Calls counted on the watched thread since tactus_watch_thread().
long tactus_watched_allocations(void);

/// Net bytes (usable sizes allocated minus freed) by the calling thread since
/// it started: memory growth of a single-threaded test, whatever other
/// threads in the process do.
long long tactus_thread_live_bytes(void);

#endif
