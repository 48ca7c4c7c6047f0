import Foundation
import Glibc
import TactusJack
import TactusTestSupport

/// A private JACK server for one test: `jackd -n tactus-test-<pid>-<random>
/// -S -t 1000 -r -d dummy -r 48000 -p 64`, no audio hardware needed.
///
/// The server runs synchronously (`-S`): each cycle waits for every client
/// to finish (up to ten times the 1 s client timeout) before the next one
/// starts. So however loaded the machine, no client misses a cycle and no
/// client reads the next cycle's frame time in its callback; MIDI between
/// clients keeps its frames. The machine's load can still delay cycles
/// against the wall clock (the dummy driver then reports an xrun), but it
/// cannot move a frame. ``Mode/asynchronous`` is JACK's default, for the
/// tests of what an xrun does to a client that misses its deadline.
///
/// Use ``with(timeout:_:)``: it runs one server at a time per process (libjack
/// serves one server per process), waits until a client can connect, and
/// stops the server afterwards whether the test passed, failed or threw.
///
/// A jackd that dies without exiting cleanly (SIGKILL) keeps its slot in
/// JACK's per-user registry of at most 8 servers, and only a server of the
/// same name reclaims it; so after such a death the server is started once
/// more under its name and stopped cleanly. Servers and slots left behind by
/// a crashed test process are recovered the same way by the next run, since
/// their names carry the dead process' pid.
final class JackTestServer: JackCycleClock, @unchecked Sendable {
    let name: String
    let sampleRate: Int
    let bufferSize = 64
    let mode: Mode

    /// How the server waits for its clients each cycle.
    enum Mode: Sendable {
        /// `-S`: a cycle ends when every client has finished it.
        case synchronous
        /// JACK's default: a client late for its deadline misses the cycle.
        case asynchronous

        var arguments: [String] {
            switch self {
            case .synchronous: ["-S", "-t", "1000"]
            case .asynchronous: []
            }
        }
    }

    /// The playback latency of `system:playback_N`: one period, and one
    /// more when the server runs asynchronously (clients' output then goes
    /// out a cycle later; JackAudioDriver::UpdateLatencies).
    var playbackLatency: UInt32 {
        UInt32(mode == .synchronous ? bufferSize : 2 * bufferSize)
    }

    /// The capture latency of `system:capture_N`: one period.
    var captureLatency: UInt32 { UInt32(bufferSize) }

    private let process: ChildProcess
    private let logPath: String
    private var stopped = false
    private var diedUncleanly = false
    /// A client that is never activated, for ``cycleFrame``: no part of the
    /// graph, so the synchronous server never waits for it.
    private var clock: JackClient?

    /// The first frame of the latest cycle the server ran
    /// (`jack_last_frame_time`; a period more each cycle, whatever the wall
    /// clock does): the tests' clock for what happens in musical time
    /// (``TestWait/frames(_:of:)``). 0 when the server cannot be reached.
    var cycleFrame: Int64 {
        if clock == nil, !stopped {
            clock = try? JackClient(name: "tactus-test-clock", server: name, exactName: false)
        }
        return Int64(clock?.lastFrameTime ?? 0)
    }

    var cycleClockName: String { "jackd -n \(name)" }

    /// Closes the clock's client, before the server stops or its test's
    /// clients are counted.
    func closeClock() {
        clock?.close()
        clock = nil
    }

    /// Starts a server, runs `body` with it, then stops it.
    @discardableResult
    /// `verbose` (`jackd -v`) logs what the server does with each client,
    /// how it leaves included (closed, or killed with its process).
    static func with<Result>(
        mode: Mode = .synchronous, verbose: Bool = false, timeout: Duration = .seconds(30),
        _ body: (JackTestServer) async throws -> Result
    ) async throws -> Result {
        await JackTestGate.shared.acquire()
        let server: JackTestServer
        do {
            server = try start(mode: mode, verbose: verbose, timeout: timeout)
        } catch {
            await JackTestGate.shared.release()
            throw error
        }
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(server))
        } catch {
            outcome = .failure(error)
            // What the server said of it (a client's activation that waited
            // for a graph change, a client it dropped, netmanager's slaves).
            FileHandle.standardError.write(Data("jackd -n \(server.name) after the test failed (\(error)), \(server.logTail)\n".utf8))
        }
        server.closeClock()
        await waitForClientsToClose(of: server)
        server.stop()
        await JackTestGate.shared.release()
        return try outcome.get()
    }

    /// Waits, up to 10 s, until the test's clients are closed. A client
    /// whose last reference goes on another thread can still be closing
    /// when the body returns; a server stopped then waits 10 s for that
    /// client's deactivation, which needs a cycle the stopping server never
    /// runs, and dies of SIGPIPE (so its registry slot is reclaimed too).
    static func waitForClientsToClose(of server: JackTestServer) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while JackClient.openCount > 0 {
            if ContinuousClock.now >= deadline {
                let text = "\(JackClient.openCount) JACK clients still open after the test; stopping jackd -n \(server.name) anyway\n"
                FileHandle.standardError.write(Data(text.utf8))
                return
            }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Starts jackd at `sampleRate` and waits, up to `timeout`, until a client can connect;
    /// `name` starts a server under the name of one that was stopped (a
    /// server coming back). While JACK's registry of 8 servers is full, tries
    /// again until `timeout`; a server that runs but accepts no client for
    /// 10 s (it has happened with several servers starting at once) is
    /// stopped and another started, with a line on stderr.
    static func start(
        name: String? = nil, mode: Mode = .synchronous, sampleRate: Int = 48_000, verbose: Bool = false,
        timeout: Duration = .seconds(30)
    ) throws -> JackTestServer {
        JackMessages.silence()
        JackTestServer.recoverOrphans()
        func newName() -> String { "tactus-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }
        var attemptName = name ?? newName()
        let deadline = ContinuousClock.now + timeout
        while true {
            let server = try JackTestServer(name: attemptName, mode: mode, sampleRate: sampleRate, verbose: verbose)
            do {
                try server.waitUntilReady(timeout: min(deadline - ContinuousClock.now, .seconds(10)))
                return server
            } catch {
                let full = server.log.contains("Too many servers already active")
                let deaf = !server.process.hasExited
                server.stop()
                guard full || deaf, ContinuousClock.now + .milliseconds(500) < deadline else { throw error }
                if deaf {
                    FileHandle.standardError.write(Data("\(error)\nstarting another server\n".utf8))
                    if name == nil { attemptName = newName() }
                }
                usleep(500_000)
            }
        }
    }

    private init(name: String, mode: Mode, sampleRate: Int = 48_000, verbose: Bool = false) throws {
        let executable = try JackTestServer.findJackd()
        self.name = name
        self.mode = mode
        self.sampleRate = sampleRate
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).log").path
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw JackTestServerError("cannot create the jackd log file \(logPath)")
        }
        // A file, not a pipe: jackd logs every xrun and must never block on a full pipe.
        do {
            process = try ChildProcess(
                executable, ["-n", name] + (verbose ? ["-v"] : []) + mode.arguments + ["-r", "-d", "dummy", "-r", "\(sampleRate)", "-p", "\(bufferSize)"],
                stdout: .file(logPath))
        } catch {
            throw JackTestServerError("cannot start \(executable): \(error)")
        }
    }

    deinit {
        stop()
    }

    /// What jackd printed so far.
    var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// The last 40 lines of the log, leaving out the dummy driver's lines
    /// for each cycle it woke late (`JackTimedDriver::Process XRun = 3
    /// usec`), which on a virtual machine come by the hundred and would
    /// hide everything else: they are counted instead.
    var logTail: String {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let late = lines.filter { $0.hasPrefix("JackTimedDriver::Process XRun") }
        let said = lines.filter { !$0.hasPrefix("JackTimedDriver::Process XRun") }.suffix(40)
        return "\(late.count) cycles woken late (JackTimedDriver::Process XRun); the last lines of its log besides:\n"
            + said.joined(separator: "\n")
    }

    var isRunning: Bool {
        !process.hasExited
    }

    /// Stops jackd (SIGTERM, then SIGKILL if it has not exited after 30 s) and
    /// reclaims its registry slot if it did not exit cleanly. Clients of the
    /// server should be closed first.
    func stop() {
        guard !stopped else { return }
        stopped = true
        terminate(signal: SIGTERM)
        if diedUncleanly {
            JackTestServer.reclaim(name: name)
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }

    /// Sends `signal` to jackd: SIGSTOP stops its cycles without its going
    /// away, SIGCONT lets it go on (before the test ends, or its registry
    /// slot leaks).
    func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Sends `signal` to jackd and waits for it to exit, as a crash
    /// (SIGKILL) or a shutdown (SIGTERM) would end it while clients run.
    func terminate(signal: Int32) {
        closeClock()
        // A jackd killed inside its metadata database leaves the database
        // locked, and every client and server after it waits forever: a
        // loaded machine gets 30 s to finish its SIGTERM, not 10.
        process.stop(signal: signal, grace: .seconds(30))
        if process.terminationSignal != nil {
            diedUncleanly = true
        }
        JackTestServer.removeLeftovers(name: name)
    }

    /// Waits for jackd to take a client, for `timeout` of its own work: the
    /// time it waits in the kernel and the time the machine stands still are
    /// left out, as in every wait in time (`TestWait.TimeAccount`).
    private func waitUntilReady(timeout: Duration) throws {
        var account = TestWait.TimeAccount(limit: timeout, what: "client taken by jackd -n \(name)")
        while true {
            if process.hasExited {
                throw JackTestServerError(
                    "jackd -n \(name) exited with status \(process.exitStatus ?? -1) before accepting clients:\n\(log)"
                )
            }
            if let probe = try? JackClient(name: "tactus-probe", server: name, exactName: false) {
                probe.close()
                return
            }
            try account.check(waitingInKernel: KernelWait.holds(process.pid)) {
                let files = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.contains(name) }.sorted()
                return "its files in /dev/shm: \(files):\n\(log)"
            }
            usleep(50_000)
        }
    }

    /// Starts jackd once more under `name` and stops it cleanly, so it leaves
    /// JACK's registry.
    static func reclaim(name: String) {
        guard let server = try? JackTestServer(name: name, mode: .asynchronous) else { return }
        try? server.waitUntilReady(timeout: .seconds(30))
        server.stopped = true
        server.terminate(signal: SIGTERM)
        try? FileManager.default.removeItem(atPath: server.logPath)
    }

    private static func findJackd() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/jackd" } + ["/usr/bin/jackd"]
        guard let jackd = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw JackTestServerError("jackd is not installed (not on PATH nor in /usr/bin): run Scripts/setup")
        }
        return jackd
    }
}

/// Why the test server could not be started; the description carries jackd's output.
struct JackTestServerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Lets one test at a time hold a server.
actor JackTestGate {
    static let shared = JackTestGate()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
