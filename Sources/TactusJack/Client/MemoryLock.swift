import Glibc
import Synchronization

/// Locks the process's memory into RAM (`mlockall`) before the first client
/// is activated, as JACK applications do: the engine's preallocated state
/// can then not be paged out and fault on the realtime thread.
///
/// The program decides, not the library: `tactus` asks for it (``want()``)
/// as it starts; a process that only uses clients (a test, a benchmark's
/// recorder) locks nothing. Locking is costly: every page mapped is read in
/// and held, about 320 MB for `tactus run`, and ten test processes of 0.8
/// to 0.9 GB each locking at once kept both processors of a test machine in
/// the kernel for up to a minute.
///
/// With no limit on locked memory (`RLIMIT_MEMLOCK` unlimited, or root)
/// what is mapped later is locked too (`MCL_FUTURE`); under a limit only
/// what is mapped now (`MCL_CURRENT`), where the engine's state already
/// is, so that a later allocation never fails against the limit.
public enum MemoryLock {
    private static let state = Mutex<Outcome?>(nil)
    private static let wanted = Mutex(false)

    /// Asks for the lock at the first activation of a client (`lockIfWanted`).
    public static func want() {
        wanted.withLock { $0 = true }
    }

    /// Locks (``lock()``) when the program asked for it; else nothing.
    public static func lockIfWanted() {
        if wanted.withLock({ $0 }) { lock() }
    }

    /// How the lock went.
    public enum Outcome: Equatable, Sendable {
        case locked
        /// Refused, with the system's reason (`strerror`).
        case refused(String)
    }

    /// Locks once per process; later calls return the first outcome.
    @discardableResult
    private static func lock() -> Outcome {
        state.withLock { outcome in
            if let outcome { return outcome }
            var limit = rlimit()
            let unlimited = getrlimit(__rlimit_resource_t(__RLIMIT_MEMLOCK.rawValue), &limit) == 0 && limit.rlim_cur == rlim_t.max
            let flags = unlimited ? MCL_CURRENT | MCL_FUTURE : MCL_CURRENT
            let result: Outcome = mlockall(flags) == 0 ? .locked : .refused(String(cString: strerror(errno)))
            outcome = result
            return result
        }
    }

    private static let noticeTaken = Atomic(false)

    /// The line a command prints when the lock was refused, the first time
    /// it asks (a session that opens a client again after its server came
    /// back says it once); nil otherwise.
    public static func takeRefusalNotice() -> String? {
        guard case .refused(let reason)? = state.withLock({ $0 }), !noticeTaken.exchange(true, ordering: .relaxed) else { return nil }
        return "memory not locked (mlockall: \(reason)); the realtime thread may wait for pages the system swapped out: raise the locked-memory limit (ulimit -l; the audio group's limits on most distributions)"
    }
}
