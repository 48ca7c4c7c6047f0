import Foundation
import Glibc

/// Where and when the suite ran: the header of the results table.
struct MachineInfo {
    var date: String
    /// CPU model, cores, memory and kernel.
    var summary: String

    static func current() -> MachineInfo {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        var names = utsname()
        uname(&names)
        func text<Field>(_ field: Field) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memoryGiB = Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30)
        return MachineInfo(
            date: formatter.string(from: Date()),
            summary: "\(model), \(cores) core\(cores == 1 ? "" : "s"), \(String(format: "%.0f", memoryGiB)) GiB, "
                + "Linux \(text(names.release)) \(text(names.machine))")
    }
}
