import Foundation
import Glibc

/// Where and when the suite ran: the header of the results table.
struct MachineInfo {
    var date: String
    var cpuModel: String
    var cores: Int
    var memoryGiB: Double
    var kernel: String

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
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return MachineInfo(
            date: formatter.string(from: Date()),
            cpuModel: model,
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30),
            kernel: "Linux \(release) \(machine)"
        )
    }

    var summary: String {
        "\(cpuModel), \(cores) core\(cores == 1 ? "" : "s"), \(String(format: "%.0f", memoryGiB)) GiB, \(kernel)"
    }
}
