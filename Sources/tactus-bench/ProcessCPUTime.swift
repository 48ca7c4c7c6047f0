import Foundation
import Glibc

/// User and system CPU time of a process, all its threads together, from
/// fields 14 and 15 (`utime`, `stime`) of `/proc/PID/stat`, in clock ticks
/// (`sysconf(_SC_CLK_TCK)`, usually 10 ms).
enum ProcessCPUTime {
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// utime + stime in milliseconds from `/proc/<pid>/stat`; nil when the process is gone (reaped).
    static func milliseconds(pid: pid_t) -> Double? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8),
              let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, so utime (14) is index 11 here.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return Double(user + system) * 1000 / ticksPerSecond
    }
}
