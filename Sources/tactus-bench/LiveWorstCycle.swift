import Foundation
import TactusCore

/// The live worst-case process cycle, as tactus itself measured it on the
/// JACK thread: wall time, and the thread's CPU time, which leaves out any
/// preemption (see ThreadCPUClock for what it still counts).
enum LiveWorstCycle {
    static let title = "Live worst process cycle (µs, tactus' own meter)"

    static func row(reportPath: String?) -> BenchRow {
        guard let reportPath, let data = FileManager.default.contents(atPath: reportPath),
              let report = try? PracticeReport.decode(data, file: reportPath)
        else {
            return BenchRow(measurement: title, tactus: "n/a", note: "no report from a live tactus run")
        }
        let xruns = report.events.filter { $0.kind == .xrun }.count
        let seen = "\(xruns) xrun\(xruns == 1 ? "" : "s") in the run"
        guard let cost = report.source.processCycle else {
            return BenchRow(measurement: title, tactus: "n/a", note: "the report has no cycle meter; " + seen)
        }
        let cpu = cost.worstCPUMicroseconds.map { "CPU \($0)" } ?? "CPU n/a"
        let timed = cost.cpuTimedCycles.map { " of \($0) timed on the CPU clock" } ?? ""
        let over = cost.cyclesOverPeriodCPU.map { ", \($0) cycles' work over a period\(timed)" } ?? ""
        return BenchRow(
            measurement: title, tactus: "wall \(cost.worstMicroseconds) / \(cpu)",
            note: "from the live run's report; \(cost.cycles) cycles\(over); " + seen)
    }
}
