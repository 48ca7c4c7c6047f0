import Foundation
import TactusCore
import TactusLive

/// Reading reports for the `report` subcommands and writing their output
/// files, with every problem as a one-line `CommandLineError`.
enum ReportFiles {
    /// The report in `path`, or only its digest (`PracticeReport.decodeDigest`);
    /// exit 4 naming the file when it cannot be read or is not a report.
    static func load(_ path: String, digestOnly: Bool = false) throws(CommandLineError) -> PracticeReport {
        let bytes = try FileSystem.read(path, limit: InputLimit.report, what: "report")
        do {
            return try digestOnly ? PracticeReport.decodeDigest(Data(bytes), file: path) : PracticeReport.decode(Data(bytes), file: path)
        } catch {
            // Foundation does not say where JSON syntax goes wrong; the checker does.
            do {
                try JSONSyntaxChecker.check(bytes)
            } catch {
                throw .badInput(path, "not a tactus report: \(error.description)")
            }
            throw .badInput(error.file, error.message)
        }
    }

    /// Writes `text` to `path` atomically (exit 1 naming the file when it
    /// cannot) and notes `wrote PATH: SUMMARY`; without a path, writes it to
    /// standard output.
    static func write(_ text: String, to path: String?, summary: @autoclosure () -> String) throws(CommandLineError) {
        try write(to: path, summary: summary()) { try Array(text.utf8).withUnsafeBytes($0) }
    }

    /// `write(_:to:summary:)` for the bytes `produce` hands over (a report's
    /// `writeJSON`), never held whole.
    static func write(to path: String?, summary: @autoclosure () -> String, _ produce: OutputFile.Chunks) throws(CommandLineError) {
        try stream(to: path, toStandardOutput: path == nil, produce)
        if let path { Tactus.note("wrote \(path): \(summary())\n", about: [path]) }
    }

    /// Streams the bytes `produce` hands over to the file at `path`
    /// (atomically; exit 1 naming the file when it cannot be written) and,
    /// when `toStandardOutput`, to stdout, without holding them whole.
    static func stream(to path: String?, toStandardOutput: Bool, _ produce: OutputFile.Chunks) throws(CommandLineError) {
        func copied(_ write: (UnsafeRawBufferPointer) throws -> Void) throws {
            try withoutActuallyEscaping(write) { write in
                try produce { chunk in
                    try write(chunk)
                    if toStandardOutput { StandardStreams.write(chunk) }
                }
            }
        }
        do {
            guard let path else { return try copied { _ in } }
            try OutputFile.write(to: path, copied)
        } catch let error as FileSystem.Failure {
            throw .cannotWrite(path ?? "", error)
        } catch {
            throw .failure("\(error)")
        }
    }

    /// Today's date on this machine's clock and time zone.
    static func today() -> CalendarDay {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1) ?? CalendarDay(daysSinceEpoch: 0)
    }

    /// The offset from UTC of this machine's time zone at an instant (seconds
    /// since 1970), so sessions count on the reader's own days.
    static func localOffset(_ seconds: Double) -> Int {
        TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }
}
