import Foundation
import Glibc
import TactusJack
import TactusTestSupport

/// The built `tactus` binary (`TactusBinary.url`) running as a child
/// process while the test acts on it. Its output goes to files in a folder
/// of its own, so it never blocks on a full pipe and can be read at any
/// time; the folder goes, and a child still running is killed, when the
/// value goes away.
final class TactusChild {
    /// How the child ended, comparable as a whole.
    typealias Result = TactusBinary.Result

    let process: ChildProcess
    private let command: String
    private let outputFolder: URL
    private let stdoutPath: String
    private let stderrPath: String

    /// Starts `tactus arguments…` with the test's own environment, JACK
    /// server start-up turned off, and `environment` over both; `wrapper`
    /// (a command and its arguments: `prlimit …`) runs tactus, if given;
    /// `binary` is another tactus than the one built (an installed one).
    init(_ arguments: [String], environment: [String: String] = [:], wrapper: [String] = [], binary: URL? = nil) throws {
        command = arguments.first ?? ""
        outputFolder = try TactusBinary.scratchFolder()
        stdoutPath = outputFolder.appendingPathComponent("stdout.txt").path
        stderrPath = outputFolder.appendingPathComponent("stderr.txt").path
        process = try TactusBinary.start(
            arguments, environment: ChildProcess.environment(adding: ["JACK_NO_START_SERVER": "1"]).merging(environment) { $1 },
            wrapper: wrapper, binary: binary, stdout: .file(stdoutPath), stderr: .file(stderrPath))
    }

    deinit {
        process.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(at: outputFolder)
    }

    /// Runs `tactus arguments…` to the end.
    static func run(_ arguments: [String], within limit: TestWait = .time(.seconds(60))) async throws -> Result {
        try await TactusChild(arguments).result(within: limit)
    }

    /// What it has printed so far.
    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    /// What tactus wrote to stderr, less libdb's complaints about JACK's
    /// metadata files: every jackd of a user shares /dev/shm/jack_db-UID,
    /// and one that exits deletes it under the others, so a client opened on
    /// another test's server afterwards has libdb print "…/__db.001: No such
    /// file or directory". One server per user, as on a player's machine,
    /// never sees it.
    var stderr: String {
        let text = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        guard text.contains("/dev/shm/jack_db-") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("/dev/shm/jack_db-") }.joined(separator: "\n")
    }

    /// Sends `number` (SIGINT, SIGTERM, …) while it runs.
    func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Waits for the exit within `limit` and returns the status; kills the
    /// child and throws when the limit runs out first.
    func wait(within limit: TestWait) async throws -> Int32 {
        do {
            try await limit.until("exit of tactus \(command)", detail: { exitDetail }, waitingInKernel: { isWaitingInKernel }) {
                process.hasExited
            }
        } catch {
            process.stop(signal: SIGKILL)
            throw error
        }
        return process.exitStatus ?? -1
    }

    /// Whether one of the child's threads is blocked in the kernel on the disk.
    var isWaitingInKernel: Bool { KernelWait.holds(process.pid) }

    /// What a wait for the exit that ran out says: the child's state as the
    /// kernel has it (a zombie has exited and is not yet reaped), the line
    /// of its main thread's wait, and what it printed.
    var exitDetail: String {
        let pid = process.pid
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let state = status.split(separator: "\n").first { $0.hasPrefix("State:") }.map(String.init) ?? "State: gone"
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
        let threads = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).sorted().map { task in
            let threadState = KernelState.of(pid, task: task)
            let name = ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let line = "\(task) \(name) \(threadState.map { String($0) } ?? "?") \((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?")"
            // A thread in uninterruptible sleep waits in the kernel, where
            // gdb cannot see: its kernel stack says for what.
            guard threadState == "D",
                  let kernel = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stack", encoding: .utf8)
            else { return line }
            return line + " [" + kernel.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }.joined(separator: " < ") + "]"
        }
        return "\(state), main thread waiting in \(wchan), threads (id name state wait): \(threads.joined(separator: ", "))\n"
            + "stacks:\n\(stacks)\nstdout:\n\(stdout)\nstderr:\n\(stderr)"
    }

    /// The child's threads' stacks (gdb, at most 30 s), for a wait that ran out.
    var stacks: String {
        guard !process.hasExited, FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else { return "(not running, or no gdb)" }
        let output = try? JackTool.run("gdb", ["-batch", "-nx", "-p", "\(process.pid)", "-ex", "thread apply all bt 12"], limit: .seconds(30))
        guard let text = output?.text else { return "(gdb failed)" }
        let frames = text.split(separator: "\n").filter { $0.hasPrefix("#") || $0.hasPrefix("Thread") }
        // No frame at all: what gdb said instead (an attach that failed).
        return frames.isEmpty ? "(no stack from gdb: \(text.split(separator: "\n").suffix(4).joined(separator: " / ")))" : frames.joined(separator: "\n")
    }

    /// Waits for the exit, as ``wait(within:)``, and returns how it ended.
    func result(within limit: TestWait = .time(.seconds(60))) async throws -> Result {
        let status = try await wait(within: limit)
        return Result(exitCode: status, stdout: stdout, stderr: stderr)
    }

    /// Waits until `condition` holds, within `limit`; throws with what the
    /// child printed when the limit runs out, or at once when the child
    /// exits first.
    func poll(_ what: String, within limit: TestWait = .time(.seconds(20)), _ condition: () -> Bool) async throws {
        try await limit.until(what, detail: { exitDetail }, waitingInKernel: { isWaitingInKernel }) {
            if condition() { return true }
            guard !process.hasExited || condition() else {
                throw TactusBinaryError("tactus exited (\(process.exitStatus ?? -1)) before \(what); stderr:\n\(stderr)")
            }
            return false
        }
    }
}
