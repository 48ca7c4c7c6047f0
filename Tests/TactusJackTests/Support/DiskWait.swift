import Foundation

/// Whether a process waits for the disk: one of its threads in
/// uninterruptible sleep (`D`) in the kernel's wait for pages to be written
/// or read (an fsync behind other writes on a busy machine, a page of the
/// binary read in). Waits on a process's work leave that time uncounted
/// (see `TestWait`).
enum DiskWait {
    static func holds(_ pid: Int32) -> Bool {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
        return tasks.contains { task in
            guard KernelState.of(pid, task: task) == "D" else { return false }
            let wait = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? ""
            return wait.hasPrefix("folio_wait") || wait.contains("writeback") || wait.contains("fsync") || wait.contains("io_schedule")
                || wait.hasPrefix("jbd2") || wait.contains("mmap")
        }
    }
}
