import Foundation
import Glibc
import TactusCore
import TactusTestSupport

/// Group sessions at scale: `tactus run` with 1 and then 8 players on a
/// private dummy JACK server at 32-frame periods, each player a `tactus
/// play` client playing a simulated drummer into their port. The rows give
/// the process callback's mean and worst cycle (from the report's own cycle
/// meter), the xruns and the cycles whose CPU time alone overran the period
/// (those tactus caused), and the cost of each extra player.
struct PlayersBenchmark {
    let tactus: String
    let seconds: Double
    let workDirectory: String

    static let period = 32
    static let counts = [1, 8]

    func run() -> [BenchRow] {
        let server = "tactus-players-\(getpid())"
        let log = "\(workDirectory)/players.log"
        guard let jackd = ChildProcess.find("jackd"),
              let serverProcess = try? ChildProcess(
                jackd, ["-n", server, "-r", "-d", "dummy", "-r", "48000", "-p", "\(Self.period)"], logPath: log)
        else {
            return [BenchRow(measurement: "group session, \(Self.period) frames", tactus: "n/a", note: "could not start jackd (see \(log))")]
        }
        // Never SIGKILL a JACK server: its registry slot would stay taken.
        defer {
            serverProcess.signal(SIGTERM)
            _ = serverProcess.exited(within: .seconds(30))
        }
        usleep(1_500_000)
        let take = "\(workDirectory)/players-take.mid"
        let bars = Int(seconds / 2) + 4
        try? ChildProcess.simulate(tactus, bpm: 120, bars: bars, seed: 5, to: take, workDirectory: workDirectory)
        let reports = Self.counts.map { count in
            Console.progress("players: \(count) player\(count == 1 ? "" : "s") for \(Int(seconds)) s at \(Self.period) frames")
            return session(players: count, server: server, take: take, log: log)
        }
        var rows = zip(Self.counts, reports).map { players, report in
            let cost = report?.source.processCycle
            let xruns = report?.events.filter { $0.kind == .xrun }.count ?? 0
            let hits = report?.players?.map { String($0.summary.matched) } ?? []
            let values = cost.map {
                String(format: "%.2f / %d / %d", $0.meanMicroseconds, $0.worstMicroseconds, $0.worstCPUMicroseconds ?? 0)
            } ?? "n/a"
            return BenchRow(
                measurement: "process callback, \(players) player\(players == 1 ? "" : "s") at \(Self.period) frames: mean / worst / worst CPU (µs)",
                tactus: values,
                note: "\(cost?.cycles ?? 0) cycles over \(Int(seconds)) s; \(xruns) xruns, "
                    + "\(cost?.cyclesOverPeriodCPU.map(String.init) ?? "n/a") cycles over the period in CPU time; hits per player \(hits.joined(separator: ", "))")
        }
        if let one = reports.first??.source.processCycle, let eight = reports.last??.source.processCycle, reports.count == 2 {
            let extra = (eight.meanMicroseconds - one.meanMicroseconds) / Double(Self.counts[1] - Self.counts[0])
            rows.append(BenchRow(
                measurement: "process callback cost per extra player (mean µs)",
                tactus: String(format: "%.3f", extra),
                note: String(format: "(mean at 8 − mean at 1) / 7; the %.0f µs period", Double(Self.period) * 1e6 / 48_000)))
        }
        return rows
    }

    /// The report of a session of `count` players, if it ran.
    func session(players count: Int, server: String, take: String, log: String) -> PracticeReport? {
        let report = "\(workDirectory)/players-\(count).json"
        try? FileManager.default.removeItem(atPath: report)
        let environment = ["JACK_DEFAULT_SERVER": server]
        var arguments = [
            "run", "--server", server, "--bpm", "120", "--subdivision", "2", "--no-ui", "--duration", String(format: "%.0f", seconds),
            "--lead-ms", "1500", "--report", report,
        ]
        for index in 1...count { arguments += ["--player", "p\(index)=player\(index):out"] }
        guard let run = try? ChildProcess(tactus, arguments, logPath: log, environment: environment) else { return nil }
        usleep(500_000)
        var feeders: [ChildProcess] = []
        for index in 1...count {
            if let feeder = try? ChildProcess(
                tactus, ["play", take, "--name", "player\(index)", "--to", "tactus:player-p\(index)", "--server", server,
                         "--start-on-clock", "tactus:clock", "--quiet"],
                logPath: log, environment: environment) {
                feeders.append(feeder)
            }
        }
        _ = run.exitedThenStop(within: .seconds(seconds + 60))
        for feeder in feeders { feeder.stop() }
        return FileManager.default.contents(atPath: report).flatMap { try? PracticeReport.decode($0, file: report) }
    }
}
