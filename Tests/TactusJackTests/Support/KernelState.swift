import Foundation

/// A process's (or one of its threads') state as the kernel has it: the
/// letter after the name in /proc/PID/stat (`R`, `S`, `D`, `Z` …), nil once
/// the process is gone.
enum KernelState {
    static func of(_ pid: Int32, task: String? = nil) -> Character? {
        let path = task.map { "/proc/\(pid)/task/\($0)/stat" } ?? "/proc/\(pid)/stat"
        guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        // The state follows the name, which is in parentheses and may hold spaces.
        return stat[close...].dropFirst(2).first
    }

    /// Whether the main thread of `pid` sleeps in `nanosleep` or
    /// `clock_nanosleep` (system calls 35 and 230 on x86-64; other machines
    /// number them otherwise and read as not sleeping).
    static func sleeps(_ pid: Int32) -> Bool {
        guard let call = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else { return false }
        return ["35", "230"].contains(call.split(separator: " ").first.map(String.init) ?? "")
    }
}
