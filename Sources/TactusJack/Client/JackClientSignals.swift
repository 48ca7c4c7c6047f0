import Glibc
import Synchronization

/// What JACK's notification callbacks report to the control thread: flags and
/// counters only, updated with atomics, plus semaphores that wake waiters.
///
/// A ``JackClient`` allocates one before it registers any callback and frees
/// it only after `jack_client_close`, so the memory never moves while a
/// callback can reach it. Nothing here is a class reference.
@usableFromInline
struct JackClientSignals: ~Copyable {
    /// Set once by `jack_on_info_shutdown`.
    let shutDown = Atomic<Bool>(false)
    /// NUL-terminated copy of the shutdown reason, written before `shutDown`.
    let shutdownReason: UnsafeMutablePointer<CChar>
    let shutdownReasonCapacity = 256

    let xruns = Atomic<Int>(0)
    let latencyChanges = Atomic<Int>(0)
    let graphReorders = Atomic<Int>(0)
    let sampleRate = Atomic<UInt32>(0)
    let bufferSize = Atomic<UInt32>(0)

    /// Posted by every callback here; the control thread waits on it.
    let wake: UnsafeMutablePointer<sem_t>
    /// Posted when a port appears or goes; the auto-connect worker waits on it.
    let portsChanged: UnsafeMutablePointer<sem_t>

    init() {
        shutdownReason = .allocate(capacity: shutdownReasonCapacity)
        shutdownReason.initialize(repeating: 0, count: shutdownReasonCapacity)
        wake = .allocate(capacity: 1)
        sem_init(wake, 0, 0)
        portsChanged = .allocate(capacity: 1)
        sem_init(portsChanged, 0, 0)
    }

    deinit {
        sem_destroy(wake)
        wake.deallocate()
        sem_destroy(portsChanged)
        portsChanged.deallocate()
        shutdownReason.deallocate()
    }
}

extension JackClientSignals {
    /// Waits on `semaphore` until posted or `timeout` passes (`sem_timedwait`).
    /// Returns whether it was posted.
    static func wait(_ semaphore: UnsafeMutablePointer<sem_t>, timeout: Duration) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var deadline = timespec()
        deadline.tv_sec = now.tv_sec + Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        while true {
            if sem_timedwait(semaphore, &deadline) == 0 { return true }
            if errno != EINTR { return false }
        }
    }
}

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
