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
}
