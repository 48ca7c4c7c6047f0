import Foundation
import Glibc
import Synchronization

/// A program run as a person would run it from a shell, the one way the
/// tests and the bench start one: `posix_spawn(3)` in a process group of its
/// own (as a shell starts each job), with no signal blocked, every signal's
/// action the default and no descriptor but its three standard ones, each
/// going where it is told (``Stream``). It is waited for without being reaped (`waitid(WNOWAIT)`)
/// until its CPU time has been read from `/proc/PID/stat`; only one thread
/// at a time asks and reaps, and no signal goes to it once it is reaped.
/// Every wait names what it waits for and has a limit, after which the
/// program is killed; it is never killed for going away, as a value the
/// optimiser releases after its last use would be.
///
/// (Foundation's `Process` reaps its children on its own, losing the `/proc`
/// entry of a program that ends by itself, and starts them with the signal
/// mask of the thread that starts them: the test runner's worker threads
/// block nearly every signal, and klick started from one never heard
/// SIGTERM.)
public final class ChildProcess: Sendable {
    /// Where one of the program's standard streams goes.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// A file, created if need be and appended to (`>> path`).
        case file(String)
        /// A descriptor of this process (a pipe's end, an open file).
        case descriptor(Int32)
        /// The terminal end of a pseudo-terminal.
        case terminal(PseudoTerminal)
        /// A pipe read to its end on a thread of its own (``stdout``, ``stderr``).
        case captured
        /// Where standard output goes (`2>&1`).
        case standardOutput
    }

    public let pid: pid_t
    /// The program and its first argument, for what a wait says.
    public let name: String
    private let startedAt = ContinuousClock.now
    private let ended = Mutex(Ending())
    private let outputPipe: PipeReader?
    private let errorPipe: PipeReader?

    /// Starts `executable` (a path, or a name looked up on PATH) with
    /// `arguments` in `directory` (this process's by default) with
    /// `environment` (this process's by default; ``environment(adding:)``);
    /// `ownGroup` false leaves it in this process's group, where a signal to
    /// the group reaches it.
    public init(
        _ executable: String, _ arguments: [String], in directory: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .standardOutput, ownGroup: Bool = true
    ) throws {
        guard let path = Self.find(executable) else { throw TactusBinaryError("cannot start \(executable): not found") }
        name = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments.prefix(1)).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory { _ = Self.calls.addchdir(&actions, directory) }
        var parentEnds: [Int32] = []
        defer { parentEnds.forEach { close($0) } }
        func route(_ stream: Stream, to target: Int32) throws -> PipeReader? {
            switch stream {
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .terminal(let terminal): posix_spawn_file_actions_adddup2(&actions, terminal.terminal, target)
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, target)
            case .captured:
                // Close-on-exec from the start: a program another thread
                // starts meanwhile must not hold the write end open.
                var ends: [Int32] = [0, 0]
                guard Self.calls.pipe2(&ends, O_CLOEXEC) == 0 else { throw TactusBinaryError("cannot make a pipe: \(String(cString: strerror(errno)))") }
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                parentEnds.append(ends[1])
                return PipeReader(ends[0])
            }
            return nil
        }
        _ = try route(stdin, to: 0)
        outputPipe = try route(stdout, to: 1)
        errorPipe = try route(stderr, to: 2)
        _ = Self.calls.addclosefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let code = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw TactusBinaryError("cannot start \(path): \(String(cString: strerror(code)))") }
        pid = child
    }

    /// This process's environment with `entries` added or replacing its own.
    public static func environment(adding entries: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(entries) { $1 }
    }

    /// The path of `name` on PATH (or in /usr/bin), if it is installed; a
    /// name with a slash is a path already.
    public static func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What it wrote to a captured standard output, once it has closed it.
    public var stdoutBytes: [UInt8] { outputPipe?.bytes() ?? [] }
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// What it wrote to a captured standard error, once it has closed it.
    public var stderr: String { String(decoding: errorPipe?.bytes() ?? [], as: UTF8.self) }

    /// Its exit status as a shell shows it (128 + the signal that killed
    /// it), once it has ended.
    public var exitStatus: Int32? {
        ended.withLock { $0.status }
    }

    /// The signal that killed it, if one did.
    public var terminationSignal: Int32? {
        ended.withLock { $0.signal }
    }

    /// CPU milliseconds used so far (all threads), or at exit once it has ended.
    public var cpuMilliseconds: Double? {
        ended.withLock { $0.cpuMilliseconds } ?? Self.cpuMilliseconds(pid: pid)
    }

    /// Seconds from start to exit (or to now while it runs).
    public var elapsedSeconds: Double {
        let elapsed = (ended.withLock { $0.at } ?? .now) - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Whether it has exited; the first time it says so, its CPU time is
    /// read and it is reaped.
    public var hasExited: Bool {
        ended.withLock { reapIfExited(&$0) }
    }

    /// Sends `number` (SIGINT, SIGTERM, …) while it runs: its pid is not
    /// reaped meanwhile, so the signal cannot reach a program started since
    /// under the same pid.
    public func signal(_ number: Int32) {
        ended.withLock { if !reapIfExited(&$0) { kill(pid, number) } }
    }

    /// Waits up to `limit` for it to exit by itself; false when it has not.
    public func exited(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !hasExited {
            if ContinuousClock.now >= deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Waits up to `limit` for it to exit by itself and returns its status;
    /// when it has not, kills it and throws naming `what` it was waited for.
    @discardableResult
    public func wait(for what: String? = nil, within limit: Duration = .seconds(60)) throws -> Int32 {
        if !exited(within: limit) {
            stop(signal: SIGKILL)
            throw TactusBinaryError("no \(what ?? "exit of \(name)") within \(limit): killed it")
        }
        return exitStatus ?? -1
    }

    /// Waits up to `limit` for it to exit by itself, then ends it (``stop(signal:grace:)``);
    /// false when it had not exited.
    public func exitedThenStop(within limit: Duration) -> Bool {
        defer { stop() }
        return exited(within: limit)
    }

    /// Ends it: `signal` (none: only the wait), then SIGKILL after `grace`,
    /// and reaps it, keeping its CPU time as measured before the signal;
    /// returns whether it had to be killed. Once it has ended, does nothing.
    @discardableResult
    public func stop(signal: Int32? = SIGTERM, grace: Duration = .seconds(5)) -> Bool {
        guard !hasExited else { return false }
        let cpu = Self.cpuMilliseconds(pid: pid)
        if let signal { self.signal(signal) }
        let killed = !exited(within: signal == SIGKILL ? .seconds(30) : grace)
        if killed {
            self.signal(SIGKILL)
            _ = exited(within: .seconds(30))
        }
        ended.withLock { $0.cpuMilliseconds = cpu ?? $0.cpuMilliseconds }
        return killed
    }

    /// Whether it has ended: once it has exited (a zombie), reads its times
    /// and reaps it, the lock of `ending` held all the while.
    private func reapIfExited(_ ending: inout Ending) -> Bool {
        if ending.status != nil { return true }
        var info = siginfo_t()
        // With WNOHANG and nothing to report, waitid leaves si_signo 0.
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG) == 0, info.si_signo == SIGCHLD else { return false }
        let cpu = Self.cpuMilliseconds(pid: pid)
        var raw: Int32 = 0
        guard waitpid(pid, &raw, 0) == pid else { return false }
        ending.at = .now
        ending.cpuMilliseconds = ending.cpuMilliseconds ?? cpu
        ending.signal = (raw & 0x7F) == 0 ? nil : raw & 0x7F
        ending.status = ending.signal.map { 128 + $0 } ?? (raw >> 8) & 0xFF
        return true
    }

    /// When and how it ended, once it has.
    private struct Ending {
        var at: ContinuousClock.Instant?
        var status: Int32?
        var signal: Int32?
        var cpuMilliseconds: Double?
    }

    public static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// User and system CPU time of `pid`, all its threads together, in
    /// milliseconds: fields 14 and 15 (`utime`, `stime`) of `/proc/PID/stat`,
    /// in clock ticks (`ticksPerSecond`, usually 100); nil once it is reaped.
    public static func cpuMilliseconds(pid: pid_t) -> Double? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8),
              let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, so utime (14) is index 11 here.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return Double(user + system) * 1000 / ticksPerSecond
    }

    /// The GNU calls Swift's Glibc module leaves out (they need
    /// `_GNU_SOURCE`): looked up in the C library.
    private struct Calls {
        typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        let addchdir: AddChdir
        let addclosefrom: AddClosefrom
        let pipe2: Pipe2
    }

    private static let calls: Calls = {
        let library = dlopen(nil, RTLD_NOW)
        guard let addchdir = dlsym(library, "posix_spawn_file_actions_addchdir_np"),
              let addclosefrom = dlsym(library, "posix_spawn_file_actions_addclosefrom_np"),
              let pipe2 = dlsym(library, "pipe2")
        else { fatalError("the C library has no posix_spawn_file_actions_addchdir_np, _addclosefrom_np or pipe2 (glibc 2.34 has)") }
        return Calls(addchdir: unsafeBitCast(addchdir, to: Calls.AddChdir.self),
                     addclosefrom: unsafeBitCast(addclosefrom, to: Calls.AddClosefrom.self),
                     pipe2: unsafeBitCast(pipe2, to: Calls.Pipe2.self))
    }()
}

/// Reads a pipe to its end on a thread of its own, and closes it.
private final class PipeReader: Sendable {
    private let data = Mutex<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        Thread.detachNewThread { [self] in
            var all: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while case let count = buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }), count != 0 {
                if count > 0 { all += buffer[0..<count] } else if errno != EINTR { break }
            }
            close(descriptor)
            data.withLock { $0 = all }
            done.signal()
        }
    }

    /// Everything, once the writer has closed its end.
    func bytes() -> [UInt8] {
        done.wait()
        done.signal()
        return data.withLock { $0 }
    }
}
