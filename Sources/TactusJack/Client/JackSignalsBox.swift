/// Owns the ``JackClientSignals`` of one client. The client and its
/// auto-connect worker both hold the box, so the semaphores outlive every
/// thread that may wait on them; callbacks reach the memory only through
/// ``pointer`` and stop before the client closes.
final class JackSignalsBox: Sendable {
    nonisolated(unsafe) let pointer: UnsafeMutablePointer<JackClientSignals>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: JackClientSignals())
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
