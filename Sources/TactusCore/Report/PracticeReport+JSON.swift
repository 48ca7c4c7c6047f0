import Foundation

extension PracticeReport {
    /// The report as pretty-printed JSON with sorted keys and rounded numbers
    /// (see `ReportNumber`), ending in a newline: `writeJSON`'s bytes, held
    /// as one text. Same report, same bytes.
    public func jsonText() throws(ReportError) -> String {
        var bytes: [UInt8] = []
        do {
            try writeJSON(toBytes: { bytes.append(contentsOf: $0) })
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(error)")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The report as its JSON file reads back (numbers rounded as written),
    /// so a summary printed now shows the figures `report show` prints later.
    public func asWritten() -> PracticeReport {
        guard let text = try? jsonText(), let read = try? PracticeReport.decode(Data(text.utf8), file: "report") else { return self }
        return read
    }

    /// The report as its JSON file reads back, without the hit and miss lists
    /// (its players' too): all that a summary text needs, as `asWritten()`
    /// gives it, at a cost that does not grow with the hits.
    public func summaryAsWritten() -> PracticeReport {
        var shell = digest
        shell.bars = bars
        shell.tempoChanges = tempoChanges
        shell.events = events
        return shell.asWritten()
    }

    /// Reads a report; `file` names it in errors, which say which field is wrong.
    public static func decode(_ data: Data, file: String) throws(ReportError) -> PracticeReport {
        try decode(data, file: file, with: JSONDecoder())
    }

    /// Reads a report with `decoder` (a digest's, say), its errors as `decode(_:file:)` gives them.
    static func decode(_ data: Data, file: String, with decoder: JSONDecoder) throws(ReportError) -> PracticeReport {
        do {
            return try decoder.decode(PracticeReport.self, from: data)
        } catch let error as DecodingError {
            throw ReportError(file: file, message: Self.describe(error))
        } catch {
            throw ReportError(file: file, message: "cannot be read as a tactus report")
        }
    }

    /// One line naming the field path ("hits[3].offsetMs") and the problem.
    static func describe(_ error: DecodingError) -> String {
        let problem = DecodingProblem(error, kind: "a tactus report")
        return problem.field.isEmpty ? problem.message : "\(problem.field): \(problem.message)"
    }
}
