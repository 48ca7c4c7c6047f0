import Foundation

/// JACK's command-line tools (`jack_lsp`, `jack_load`, `jack_connect`, …)
/// and peers (`klick`), run as a person would from a shell.
enum JackTool {
    struct Output {
        var status: Int32
        var text: String
    }

    /// The full path of `name` on `$PATH` or in /usr/bin, or an error saying
    /// to run Scripts/setup.
    static func find(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + ["/usr/bin/\(name)"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw JackTestServerError("\(name) is not installed (not on PATH nor in /usr/bin): run Scripts/setup")
        }
        return found
    }

    /// Runs `name arguments…` to the end (stdout and stderr together), or
    /// kills it and throws once `limit` has passed: a JACK tool can hang on
    /// a troubled server (`jack_unload netmanager` has), and it inherits the
    /// test runner's blocked signals, so only SIGKILL ends it.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], limit: Duration = .seconds(20)) throws -> Output {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
        let process = try start(name, arguments, logPath: outputPath)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let hung = end(process, within: limit)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        if hung {
            throw JackTestServerError("\(name) \(arguments.joined(separator: " ")) did not finish within \(limit), killed: \(text)")
        }
        return Output(status: process.terminationStatus, text: text)
    }

    /// Starts `name arguments…` in the background, its output in `logPath`;
    /// `server` becomes its JACK server (`JACK_DEFAULT_SERVER`).
    static func start(_ name: String, _ arguments: [String], logPath: String, server: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try find(name))
        process.arguments = arguments
        guard FileManager.default.createFile(atPath: logPath, contents: nil),
              let log = FileHandle(forWritingAtPath: logPath)
        else {
            throw JackTestServerError("cannot create the log file \(logPath)")
        }
        defer { try? log.close() }
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment.merging(["JACK_NO_START_SERVER": "1"]) { $1 }
        if let server { environment["JACK_DEFAULT_SERVER"] = server }
        process.environment = environment
        try runWithSignalsUnblocked(process)
        return process
    }

    /// Starts `process` with no signal blocked, as a shell would. A child
    /// inherits the signal mask of the thread that starts it, and the test
    /// runner's worker threads block nearly every signal: klick started from
    /// one never heard SIGTERM and was killed after its grace instead.
    static func runWithSignalsUnblocked(_ process: Process) throws {
        var none = sigset_t()
        sigemptyset(&none)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// Sends SIGTERM to `process` and waits up to 30 s for it to exit; only
    /// then SIGKILL, with a line on stderr (a killed jackd keeps its slot in
    /// JACK's registry, and one killed inside its metadata database leaves
    /// the database locked for every other client).
    static func terminate(_ process: Process) {
        let name = process.executableURL?.lastPathComponent ?? "a program"
        if end(process, signal: SIGTERM, within: .seconds(30)) {
            FileHandle.standardError.write(Data("\(name) did not exit within 30 s of SIGTERM: killed\n".utf8))
        }
    }

    /// Stops a JACK client program such as klick: SIGTERM, then SIGKILL
    /// after `grace`, should it hang on its way out.
    static func stopClient(_ process: Process, grace: Duration = .seconds(2)) {
        end(process, signal: SIGTERM, within: grace)
    }

    /// Sends `signal`, if any, to `process`, waits up to `limit` for it to
    /// exit, and SIGKILLs it if it has not; returns whether it had to be
    /// killed.
    @discardableResult
    static func end(_ process: Process, signal: Int32? = nil, within limit: Duration) -> Bool {
        if let signal, process.isRunning { kill(process.processIdentifier, signal) }
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        let killed = process.isRunning
        if killed { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return killed
    }

    /// `jack_lsp -l` of `server`: each port's capture and playback latency.
    static func latencies(server: String) throws -> [String: (capture: Int, playback: Int)] {
        let output = try run("jack_lsp", ["-s", server, "-l"])
        var result: [String: (capture: Int, playback: Int)] = [:]
        var port: String?
        for line in output.text.split(separator: "\n") {
            if !line.hasPrefix("\t") && !line.hasPrefix(" ") {
                port = String(line)
                result[String(line)] = (0, 0)
                continue
            }
            guard let port, let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { continue }
            let numbers = line[line.index(after: open)..<close].split(separator: " ").compactMap { Int($0) }
            guard let high = numbers.last else { continue }
            if line.contains("capture latency") { result[port]?.capture = high }
            if line.contains("playback latency") { result[port]?.playback = high }
        }
        return result
    }
}
