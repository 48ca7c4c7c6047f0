import Foundation
import Glibc

/// User and system CPU time of a process, all its threads together, from
/// fields 14 and 15 (`utime`, `stime`) of `/proc/PID/stat`, in clock ticks
/// (`sysconf(_SC_CLK_TCK)`, usually 10 ms).
struct ProcessCPUTime: Hashable {
    var userTicks: Int
    var systemTicks: Int

    /// Reads `/proc/<pid>/stat`; nil when the process is gone (reaped).
    init?(pid: pid_t) {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
              let text = String(data: data, encoding: .utf8),
              let close = text.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, so utime (14) is index 11 here.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        userTicks = user
        systemTicks = system
    }

    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// utime + stime in milliseconds.
    var milliseconds: Double {
        Double(userTicks + systemTicks) * 1000 / Self.ticksPerSecond
    }
}
