import Foundation
import Glibc

/// The CPU time of each thread of a running process, in nanoseconds, from
/// the first field of `/proc/PID/task/TID/schedstat` (time on the CPU, not
/// rounded to clock ticks), grouped by role: the main thread (which in
/// tactus and klick is the control side), the busiest other thread (the
/// JACK process thread, which runs every cycle), and the rest (JACK's
/// notification thread, dispatch).
struct ThreadCPUSplit {
    var pid: pid_t
    var nanoseconds: [pid_t: UInt64]

    /// What each thread used since `earlier` (threads begun since count from 0).
    func since(_ earlier: ThreadCPUSplit?) -> ThreadCPUSplit {
        guard let earlier else { return self }
        var used = self
        for (tid, value) in nanoseconds { used.nanoseconds[tid] = value - min(value, earlier.nanoseconds[tid] ?? 0) }
        return used
    }

    var totalMilliseconds: Double {
        Double(nanoseconds.values.reduce(0, +)) / 1e6
    }

    /// "main 12.3 + process 45.6 + other 7.8 ms" (the main thread, the
    /// busiest other thread and the rest), each divided by `per` first.
    func describe(per divisor: Double = 1) -> String {
        let others = nanoseconds.filter { $0.key != pid }.map(\.value).sorted(by: >)
        let scale = divisor > 0 ? divisor : 1
        let perScale = { (nanoseconds: UInt64) in Double(nanoseconds) / 1e6 / scale }
        return String(
            format: "main %.1f + process %.1f + other %.1f ms",
            perScale(nanoseconds[pid] ?? 0), perScale(others.first ?? 0), perScale(others.dropFirst().reduce(0, +)))
    }
}

extension ThreadCPUSplit {
    /// Reads every thread of `pid`; nil when the process is gone.
    init?(pid: pid_t) {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var times: [pid_t: UInt64] = [:]
        for task in tasks {
            guard let tid = pid_t(task),
                  let data = FileManager.default.contents(atPath: "/proc/\(pid)/task/\(task)/schedstat"),
                  let text = String(data: data, encoding: .utf8),
                  let first = text.split(separator: " ").first,
                  let value = UInt64(first)
            else { continue }
            times[tid] = value
        }
        guard !times.isEmpty else { return nil }
        self.init(pid: pid, nanoseconds: times)
    }
}
