#ifndef TACTUS_CALSA_SHIM_H
#define TACTUS_CALSA_SHIM_H

#include <alsa/asoundlib.h>

/// alsa-lib prints its own diagnostics to stderr (e.g. when /dev/snd/seq is
/// missing); tactus reports the returned error code itself, in one line.
static void calsa_quiet_error_handler(const char *file, int line, const char *function, int err,
                                      const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/// snd_lib_error_set_handler takes a variadic function pointer, which Swift
/// cannot write: installs the quiet handler above.
static inline void calsa_silence_library_errors(void) {
    snd_lib_error_set_handler(calsa_quiet_error_handler);
}

/// snd_seq_ev_is_real is a macro: whether the event carries a real-time
/// (seconds + nanoseconds) stamp rather than a tick stamp.
static inline int calsa_ev_is_real(const snd_seq_event_t *ev) {
    return snd_seq_ev_is_real(ev);
}

/// snd_seq_start_queue is a macro: starts queue `q` (its real-time clock runs
/// from zero), without an extra event.
static inline int calsa_start_queue(snd_seq_t *seq, int q) {
    return snd_seq_start_queue(seq, q, NULL);
}

/// snd_seq_stop_queue is a macro.
static inline int calsa_stop_queue(snd_seq_t *seq, int q) {
    return snd_seq_stop_queue(seq, q, NULL);
}

#endif
