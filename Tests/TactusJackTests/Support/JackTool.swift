import Foundation
import TactusTestSupport

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
        guard let found = ChildProcess.find(name) else {
            throw JackTestServerError("\(name) is not installed (not on PATH nor in /usr/bin): run Scripts/setup")
        }
        return found
    }

    /// Runs `name arguments…` to the end (stdout and stderr together), or
    /// kills it and throws once `limit` has passed: a JACK tool can hang on
    /// a troubled server (`jack_unload netmanager` has).
    @discardableResult
    static func run(_ name: String, _ arguments: [String], limit: Duration = .seconds(20)) throws -> Output {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
        let process = try start(name, arguments, logPath: outputPath)
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let hung = process.stop(signal: nil, grace: limit)
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        if hung {
            throw JackTestServerError("\(name) \(arguments.joined(separator: " ")) did not finish within \(limit), killed: \(text)")
        }
        return Output(status: process.exitStatus ?? -1, text: text)
    }

    /// Starts `name arguments…` in the background, its output in `logPath`
    /// (made empty first); `server` becomes its JACK server (`JACK_DEFAULT_SERVER`).
    static func start(_ name: String, _ arguments: [String], logPath: String, server: String? = nil) throws -> ChildProcess {
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw JackTestServerError("cannot create the log file \(logPath)")
        }
        var environment = ["JACK_NO_START_SERVER": "1"]
        if let server { environment["JACK_DEFAULT_SERVER"] = server }
        return try ChildProcess(try find(name), arguments, environment: ChildProcess.environment(adding: environment), stdout: .file(logPath))
    }

    /// Sends SIGTERM to `process` and waits up to 30 s for it to exit; only
    /// then SIGKILL, with a line on stderr (a killed jackd keeps its slot in
    /// JACK's registry, and one killed inside its metadata database leaves
    /// the database locked for every other client).
    static func terminate(_ process: ChildProcess) {
        if process.stop(grace: .seconds(30)) {
            FileHandle.standardError.write(Data("\(process.name) did not exit within 30 s of SIGTERM: killed\n".utf8))
        }
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
