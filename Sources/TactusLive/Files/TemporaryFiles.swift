import Foundation

/// The temporary files of `OutputFile`s being written, removed if SIGINT,
/// SIGTERM or SIGHUP ends the process: while one is registered, each of
/// those signals that would otherwise kill the process (its disposition is
/// the default) gets a handler that unlinks them all and then dies of the
/// signal as before. Signals a command watches itself (`SignalWatch`) are
/// left alone; that command ends normally and its files clean up after
/// themselves.
enum TemporaryFiles {
    /// Up to `capacity` paths as C strings, read by the signal handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let capacity = 8
    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Removes every registered file, then ends the process with `number`.
    private static let handler: @convention(c) (Int32) -> Void = { number in
        for index in 0..<TemporaryFiles.capacity {
            if let path = TemporaryFiles.slots[index] { unlink(path) }
        }
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Also unblocks the signals on this thread (a parent may have started
    /// tactus with them blocked, and they would then never arrive).
    static func register(_ path: String) {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals {
            var current = sigaction()
            if sigaction(number, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil {
                signal(number, handler)
                sigaddset(&unblocked, number)
            }
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = strdup(path)
            return
        }
    }

    static func unregister(_ path: String) {
        for index in 0..<capacity {
            if let slot = slots[index], String(cString: slot) == path {
                slots[index] = nil
                free(slot)
                return
            }
        }
    }
}
