import Foundation

extension PracticeReport {
    /// The bytes of `jsonText()`, handed to `write` about `chunkBytes` at a
    /// time, so a report of a million hits is never held as one text and is
    /// written several times faster. Everything but the hit, miss and bar
    /// lists goes through `jsonText()`; those lists are written here in the
    /// same layout (sorted keys, two-space indents, numbers rounded as
    /// `ReportNumber` says), which the tests hold byte for byte to `jsonText()`.
    public func writeJSON(chunkBytes: Int = 1 << 20, to write: ([UInt8]) throws -> Void) throws {
        try writeJSON(chunkBytes: chunkBytes, toBytes: { try write(Array($0)) })
    }

    /// `writeJSON(chunkBytes:to:)` handing on each chunk in place: the
    /// bytes are valid only during the call.
    public func writeJSON(chunkBytes: Int = 1 << 20, toBytes write: (UnsafeRawBufferPointer) throws -> Void) throws {
        var shell = self
        shell.hits = []
        shell.misses = []
        shell.bars = []
        let text = Array(try shell.jsonText().utf8)
        let limit = max(chunkBytes, 1)
        var out = JSONByteBuffer(capacity: min(limit, 1 << 24) + 4096)
        var position = 0
        // The three lists are top-level keys; each is written "[\n\n  ]" when empty.
        for (key, list) in [("bars", ListKind.bars), ("hits", .hits), ("misses", .misses)] {
            let marker = Array("\n  \"\(key)\" : [".utf8)
            guard let start = Self.find(marker, in: text, from: position) else {
                throw ReportError(file: "report", message: "cannot be written as JSON: no \(key) list")
            }
            let open = start + marker.count
            out.append(contentsOf: text[position..<open])
            try out.flush(atLeast: limit, to: write)
            let emptyEnd = open + 5   // "\n\n  ]"
            if try !writeList(list, into: &out, limit: limit, write: write) {
                out.append(contentsOf: text[open..<emptyEnd])
            } else {
                out.append("\n  ]")
            }
            try out.flush(atLeast: limit, to: write)
            position = emptyEnd
        }
        out.append(contentsOf: text[position...])
        try out.flush(atLeast: 1, to: write)
    }

    private enum ListKind {
        case bars, hits, misses
    }

    /// Writes the elements of one list (without its brackets), handing
    /// `write` what `out` holds whenever that is `limit` bytes or more;
    /// false when the list is empty.
    private func writeList(
        _ kind: ListKind, into out: inout JSONByteBuffer, limit: Int, write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Bool {
        var presets: [String: [UInt8]] = [:]
        func preset(_ name: String) throws -> [UInt8] {
            if let cached = presets[name] { return cached }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            let bytes = Array(try encoder.encode([name]).dropFirst().dropLast())
            presets[name] = bytes
            return bytes
        }
        switch kind {
        case .hits:
            for (index, hit) in hits.enumerated() {
                out.beginElement(first: index == 0)
                out.field("bar", hit.position.bar)
                out.field("beat", hit.position.beat)
                out.field("channel", hit.channel)
                if hit.countIn { out.raw("countIn", "true") }
                out.field("frame", hit.frame)
                out.raw("grade", Self.quoted(hit.grade))
                out.field("gridFrame", hit.gridFrame)
                if hit.muted { out.raw("muted", "true") }
                out.field("note", hit.note)
                try out.field("offsetMs", hit.offsetMs, decimals: ReportNumber.millisecondDecimals)
                if let name = hit.preset { out.raw("preset", try preset(name)) }
                out.field("subdivision", hit.position.subdivision)
                try out.field("timeS", hit.timeS, decimals: ReportNumber.secondDecimals)
                out.field("velocity", hit.velocity, last: true)
                out.endElement()
                try out.flush(atLeast: limit, to: write)
            }
            return !hits.isEmpty
        case .misses:
            for (index, miss) in misses.enumerated() {
                out.beginElement(first: index == 0)
                out.field("bar", miss.position.bar)
                out.field("beat", miss.position.beat)
                out.field("frame", miss.frame)
                if miss.muted { out.raw("muted", "true") }
                if let name = miss.preset { out.raw("preset", try preset(name)) }
                out.field("subdivision", miss.position.subdivision)
                try out.field("timeS", miss.timeS, decimals: ReportNumber.secondDecimals, last: true)
                out.endElement()
                try out.flush(atLeast: limit, to: write)
            }
            return !misses.isEmpty
        case .bars:
            let ms = ReportNumber.millisecondDecimals
            for (index, bar) in bars.enumerated() {
                out.beginElement(first: index == 0)
                out.field("bar", bar.bar)
                out.field("hits", bar.hits)
                out.field("matched", bar.matched)
                try out.field("meanAbsOffsetMs", bar.meanAbsOffsetMs, decimals: ms)
                try out.field("meanOffsetMs", bar.meanOffsetMs, decimals: ms)
                out.field("misses", bar.misses)
                out.raw("muted", bar.muted ? "true" : "false")
                try out.field("sdOffsetMs", bar.sdOffsetMs, decimals: ms, last: true)
                out.endElement()
                try out.flush(atLeast: limit, to: write)
            }
            return !bars.isEmpty
        }
    }

    /// A grade as its JSON string.
    private static func quoted(_ grade: HitGrade) -> StaticString {
        switch grade {
        case .perfect: "\"perfect\""
        case .good: "\"good\""
        case .ok: "\"ok\""
        case .extra: "\"extra\""
        }
    }

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

/// The objects of a report list, indented as `jsonText()` indents list elements.
private extension JSONByteBuffer {
    mutating func beginElement(first: Bool) {
        append(first ? "\n    {\n" : ",\n    {\n")
    }

    mutating func endElement() {
        append("\n    }")
    }

    @inline(__always)
    private mutating func key(_ name: StaticString) {
        append("      \"")
        append(name)
        append("\" : ")
    }

    mutating func raw(_ name: StaticString, _ value: StaticString, last: Bool = false) {
        key(name)
        append(value)
        if !last { append(",\n") }
    }

    mutating func raw(_ name: StaticString, _ value: [UInt8], last: Bool = false) {
        key(name)
        append(contentsOf: value)
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

    /// A number as Foundation's encoder writes it: Swift's shortest form, less a trailing ".0".
    mutating func field(_ name: StaticString, _ value: Double?, decimals: Int, last: Bool = false) throws {
        guard let value else {
            raw(name, "null", last: last)
            return
        }
        guard value.isFinite else {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(name) is \(value)")
        }
        key(name)
        appendRounded(value, decimals: decimals)
        if !last { append(",\n") }
    }
}
