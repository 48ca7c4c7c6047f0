/// A writer of report fields as JSON bytes, the one way both lay out a
/// value: the report file's (`writeJSON`) and a journal line's
/// (`JournalLine`). Each says only where a field goes (`field`: the comma,
/// its indent or none, the key) and whether numbers are exact.
protocol JSONFieldWriter: ReportFieldWriter, ~Copyable {
    /// Numbers as they are (a journal line's), not rounded to their decimals.
    static var exactNumbers: Bool { get }
    /// Writes what comes before `name`'s value, then the value (`value`).
    mutating func field(_ name: ReportField, _ value: (inout JSONByteBuffer) -> Void)
}

extension JSONFieldWriter where Self: ~Copyable {
    mutating func number(_ name: ReportField, _ value: some BinaryInteger) {
        field(name) { $0.appendDecimal(Int64(value)) }
    }

    /// `value` to `decimals` places, or exactly; nil as `null`.
    mutating func number(_ name: ReportField, _ value: Double?, decimals: Int) throws(ReportError) {
        guard let value else { return field(name) { $0.append("null") } }
        guard value.isFinite else { throw ReportError(file: "report", message: "cannot be written as JSON: \(name.text) is \(value)") }
        field(name) { out in
            if Self.exactNumbers { out.append(contentsOf: ReportNumber.encoded(value).utf8) } else { out.appendRounded(value, decimals: decimals) }
        }
    }

    mutating func bool(_ name: ReportField, _ value: Bool) {
        field(name) { $0.append(value ? "true" : "false") }
    }

    mutating func word(_ name: ReportField, _ value: StaticString) {
        field(name) { $0.appendQuoted(value) }
    }

    mutating func string(_ name: ReportField, _ value: String) throws(ReportError) {
        let encoded = try JSONByteBuffer.encoded(value)
        field(name) { $0.append(contentsOf: encoded) }
    }
}
