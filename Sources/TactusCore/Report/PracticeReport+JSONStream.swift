import Foundation

extension PracticeReport {
    /// The bytes of `jsonText()`, handed to `write` about `chunkBytes` at a
    /// time, so a report of a million hits is never held as one text and is
    /// written several times faster. Everything but the hit, miss and bar
    /// lists goes through `jsonText()`; those lists are written here in the
    /// same layout (sorted keys, two-space indents, numbers rounded as
    /// `ReportNumber` says), which the tests hold byte for byte to `jsonText()`.
    public func writeJSON(chunkBytes: Int = 1 << 20, to write: ([UInt8]) throws -> Void) throws {
        var shell = self
        shell.hits = []
        shell.misses = []
        shell.bars = []
        let text = Array(try shell.jsonText().utf8)
        try withoutActuallyEscaping(write) { write in
            var writer = ChunkWriter(limit: max(chunkBytes, 1), write: write)
            var position = 0
            // The three lists are top-level keys; each is written "[\n\n  ]" when empty.
            for (key, list) in [("bars", ListKind.bars), ("hits", .hits), ("misses", .misses)] {
                let marker = Array("\n  \"\(key)\" : [".utf8)
                guard let start = Self.find(marker, in: text, from: position) else {
                    throw ReportError(file: "report", message: "cannot be written as JSON: no \(key) list")
                }
                let open = start + marker.count
                try writer.append(text[position..<open])
                let emptyEnd = open + 5   // "\n\n  ]"
                if try !writeList(list, into: &writer) {
                    try writer.append(text[open..<emptyEnd])
                } else {
                    try writer.append("\n  ]".utf8)
                }
                position = emptyEnd
            }
            try writer.append(text[position...])
            try writer.flush()
        }
    }

    private enum ListKind {
        case bars, hits, misses
    }

    /// Writes the elements of one list (without its brackets); false when it is empty.
    private func writeList(_ kind: ListKind, into writer: inout ChunkWriter) throws -> Bool {
        var presets: [String: [UInt8]] = [:]
        func preset(_ name: String) throws -> [UInt8] {
            if let cached = presets[name] { return cached }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            let bytes = Array(try encoder.encode([name]).dropFirst().dropLast())
            presets[name] = bytes
            return bytes
        }
        var element = JSONElement()
        switch kind {
        case .hits:
            for (index, hit) in hits.enumerated() {
                element.begin(first: index == 0)
                element.field("bar", hit.position.bar)
                element.field("beat", hit.position.beat)
                element.field("channel", hit.channel)
                if hit.countIn { element.raw("countIn", "true") }
                element.field("frame", hit.frame)
                element.raw("grade", Self.quotedGrades[hit.grade] ?? [])
                element.field("gridFrame", hit.gridFrame)
                if hit.muted { element.raw("muted", "true") }
                element.field("note", hit.note)
                try element.field("offsetMs", hit.offsetMs, decimals: ReportNumber.millisecondDecimals)
                if let name = hit.preset { element.raw("preset", try preset(name)) }
                element.field("subdivision", hit.position.subdivision)
                try element.field("timeS", hit.timeS, decimals: ReportNumber.secondDecimals)
                element.field("velocity", hit.velocity, last: true)
                try writer.append(element.end())
            }
            return !hits.isEmpty
        case .misses:
            for (index, miss) in misses.enumerated() {
                element.begin(first: index == 0)
                element.field("bar", miss.position.bar)
                element.field("beat", miss.position.beat)
                element.field("frame", miss.frame)
                if miss.muted { element.raw("muted", "true") }
                if let name = miss.preset { element.raw("preset", try preset(name)) }
                element.field("subdivision", miss.position.subdivision)
                try element.field("timeS", miss.timeS, decimals: ReportNumber.secondDecimals, last: true)
                try writer.append(element.end())
            }
            return !misses.isEmpty
        case .bars:
            let ms = ReportNumber.millisecondDecimals
            for (index, bar) in bars.enumerated() {
                element.begin(first: index == 0)
                element.field("bar", bar.bar)
                element.field("hits", bar.hits)
                element.field("matched", bar.matched)
                try element.field("meanAbsOffsetMs", bar.meanAbsOffsetMs, decimals: ms)
                try element.field("meanOffsetMs", bar.meanOffsetMs, decimals: ms)
                element.field("misses", bar.misses)
                element.raw("muted", bar.muted ? "true" : "false")
                try element.field("sdOffsetMs", bar.sdOffsetMs, decimals: ms, last: true)
                try writer.append(element.end())
            }
            return !bars.isEmpty
        }
    }

    /// Each grade as its JSON string.
    private static let quotedGrades: [HitGrade: [UInt8]] = Dictionary(
        uniqueKeysWithValues: HitGrade.allCases.map { ($0, Array("\"\($0.rawValue)\"".utf8)) })

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// One object of a report list, indented as `jsonText()` indents list elements.
private struct JSONElement {
    var bytes: [UInt8] = []

    mutating func begin(first: Bool) {
        bytes.removeAll(keepingCapacity: true)
        append(first ? "\n    {\n" : ",\n    {\n")
    }

    mutating func end() -> [UInt8] {
        append("\n    }")
        return bytes
    }

    private mutating func key(_ name: StaticString) {
        append("      \"")
        append(name)
        append("\" : ")
    }

    /// A literal's bytes, copied straight from the binary.
    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func raw(_ name: StaticString, _ value: String, last: Bool = false) {
        key(name)
        bytes.append(contentsOf: value.utf8)
        if !last { append(",\n") }
    }

    mutating func raw(_ name: StaticString, _ value: [UInt8], last: Bool = false) {
        key(name)
        bytes.append(contentsOf: value)
        if !last { append(",\n") }
    }

    mutating func field(_ name: StaticString, _ value: Int, last: Bool = false) {
        field(name, Int64(value), last: last)
    }

    mutating func field(_ name: StaticString, _ value: Int64, last: Bool = false) {
        key(name)
        appendDecimal(value)
        if !last { append(",\n") }
    }

    /// `value`'s decimal digits, as `"\(value)"` writes them.
    private mutating func appendDecimal(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }

    /// A number as Foundation's encoder writes it: Swift's shortest form, less a trailing ".0".
    mutating func field(_ name: StaticString, _ value: Double?, decimals: Int, last: Bool = false) throws {
        guard let value else {
            raw(name, "null", last: last)
            return
        }
        guard value.isFinite else {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(name) is \(value)")
        }
        var text = "\(ReportNumber.rounded(value, decimals: decimals))"
        if text.hasSuffix(".0") { text.removeLast(2) }
        raw(name, text, last: last)
    }
}

/// Gathers bytes and hands them on in chunks of about `limit`.
private struct ChunkWriter {
    let limit: Int
    let write: ([UInt8]) throws -> Void
    var buffer: [UInt8] = []

    init(limit: Int, write: @escaping ([UInt8]) throws -> Void) {
        self.limit = limit
        self.write = write
        buffer.reserveCapacity(limit + 4096)
    }

    mutating func append<C: Collection>(_ bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= limit { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
