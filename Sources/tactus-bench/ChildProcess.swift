import Foundation
import Glibc
import TactusTestSupport

/// A program the suite runs and measures: started with `posix_spawn`, its
/// output sent to a log file, its CPU time read from `/proc/PID/stat` — also
/// after it exits, since it is waited for without being reaped
/// (`waitid(WNOWAIT)`) until its times have been read.
///
/// (Foundation's `Process` reaps its children on its own, which would lose
/// the `/proc` entry of a program that ends by itself.)
final class ChildProcess {
    let pid: pid_t
    /// `CLOCK_MONOTONIC` nanoseconds when it was started.
    let startedAt: UInt64
    private(set) var endedAt: UInt64?
    private(set) var exitStatus: Int32?
    private var finalCPUMilliseconds: Double?
    private var reaped = false

    /// Starts `executable` with `arguments`; stdout and stderr go to `logPath`
    /// (appended), stdin reads /dev/null. With `terminal`, stdin and stdout
    /// are that terminal instead and only stderr goes to the log.
    /// `environment` entries are added to (or replace those of) this
    /// process' environment.
    init(
        _ executable: String, _ arguments: [String], logPath: String, environment: [String: String] = [:],
        terminal: PseudoTerminal? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let terminal {
            posix_spawn_file_actions_adddup2(&actions, terminal.terminal, 0)
            posix_spawn_file_actions_adddup2(&actions, terminal.terminal, 1)
            posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }

        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        startedAt = Monotonic.nanoseconds()
        let code = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard code == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(code)))")
        }
        pid = child
    }

    deinit {
        stop()
    }

    /// The path of `name` on PATH (or in /usr/bin), if it is installed.
    static func find(_ name: String) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// CPU milliseconds used so far (all threads), or at exit once it has ended.
    var cpuMilliseconds: Double? {
        finalCPUMilliseconds ?? ProcessCPUTime.milliseconds(pid: pid)
    }

    /// Seconds from start to exit (or to now while it runs).
    var elapsedSeconds: Double {
        Double((endedAt ?? Monotonic.nanoseconds()) - startedAt) / 1e9
    }

    /// Whether it has exited (without reaping it).
    var hasExited: Bool {
        if endedAt != nil { return true }
        var info = siginfo_t()
        let code = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT | WNOHANG)
        // With WNOHANG and nothing to report, waitid leaves si_signo 0.
        guard code == 0, info.si_signo == SIGCHLD else { return false }
        finish()
        return true
    }

    /// Waits for it to exit by itself, up to `timeout` seconds; false on timeout.
    func wait(timeout: Double) -> Bool {
        Monotonic.poll(timeout: timeout, every: 2_000) { hasExited }
    }

    /// Waits for it to exit by itself, up to `timeout` seconds, then ends
    /// and reaps it (``stop()``); false when it had not exited.
    func waitThenStop(timeout: Double) -> Bool {
        defer { stop() }
        return wait(timeout: timeout)
    }

    /// Ends it (SIGTERM, then SIGKILL after 5 s) and reaps it, keeping its
    /// CPU time as measured just before the signal. Doing it again does nothing.
    func stop() {
        guard !reaped else { return }
        if endedAt == nil {
            finalCPUMilliseconds = cpuMilliseconds
            kill(pid, SIGTERM)
            if !wait(timeout: 5) {
                kill(pid, SIGKILL)
                _ = wait(timeout: 5)
            }
        }
        finish()
    }

    /// Reads the times of the exited (zombie) child, then reaps it.
    private func finish() {
        if endedAt == nil { endedAt = Monotonic.nanoseconds() }
        finalCPUMilliseconds = cpuMilliseconds
        guard !reaped else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, 0) == pid {
            reaped = true
            exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
    }
}
