import Foundation

/// The results table with its header (date, machine, mode) and notes, as
/// Markdown: printed at the end of a run and written for docs/benchmarks.md.
struct BenchReport {
    var machine: MachineInfo
    var mode: String
    var versions: [String]
    var rows: [BenchRow] = []
    var notes: [String] = []

    var markdown: String {
        var lines = [
            "### tactus benchmarks",
            "",
            "\(machine.date) · \(machine.summary) · \(mode)",
            "",
            "Versions: \(versions.joined(separator: ", "))",
            "",
            "| Measurement | tactus | Peer | Peer value | tactus/peer | Notes |",
            "|---|--:|---|--:|--:|---|",
        ]
        for row in rows {
            let cells = [row.measurement, row.tactus, row.peerName, row.peer, row.ratio, row.note]
                .map { $0.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "- \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
