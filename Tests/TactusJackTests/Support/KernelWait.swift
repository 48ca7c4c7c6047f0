import Foundation

/// Whether a process waits in the kernel: one of its threads in
/// uninterruptible sleep (`D`). It waits there for pages to be written or
/// read (an fsync behind other writes on a busy machine, a page of the
/// binary read in), or for a lock on its memory map that the kernel holds
/// for others (`vma_prepare` while a library's mappings change, for
/// seconds on a loaded virtual machine). It runs none of its own code
/// then. Waits on a process's work leave that time uncounted (see
/// `TestWait`), and say how long it was.
enum KernelWait {
    static func holds(_ pid: Int32) -> Bool {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
        return tasks.contains { KernelState.of(pid, task: $0) == "D" }
    }
}
