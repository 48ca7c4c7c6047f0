import Foundation

extension PracticeReport {
    /// The report's JSON, the one writer of it (`jsonText()` collects its
    /// bytes), handed to `write` about `chunkBytes` at a time, so a report
    /// of a million hits is never held as one text and is written several
    /// times faster. Everything but the hit, miss and bar lists is
    /// Foundation's encoding; those lists are written here in the same
    /// layout (sorted keys, two-space indents, numbers rounded as
    /// `ReportNumber` says), which the tests hold byte for byte to
    /// Foundation's encoding of the whole report.
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
        let text = try shell.encodedText()
        let limit = max(chunkBytes, 1)
        var out = JSONByteBuffer(capacity: min(limit, 1 << 24) + 4096)
        var position = 0
        // The three lists are top-level keys; each is written "[\n\n  ]" when empty.
        for (key, list) in [("bars", ListKind.bars), ("hits", .hits), ("misses", .misses)] {
            let marker = Array("\n  \"\(key)\" : [".utf8)
            guard let start = text[position...].firstRange(of: marker)?.lowerBound else {
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
                out.field("\n      \"bar\" : ", hit.position.bar)
                out.field(",\n      \"beat\" : ", hit.position.beat)
                if !hit.isAudio { out.field(",\n      \"channel\" : ", hit.channel) }
                if hit.countIn { out.raw(",\n      \"countIn\" : ", "true") }
                out.field(",\n      \"frame\" : ", hit.frame)
                out.raw(",\n      \"grade\" : ", Self.quoted(hit.grade))
                out.field(",\n      \"gridFrame\" : ", hit.gridFrame)
                if let level = hit.levelDb { try out.field(",\n      \"levelDb\" : ", level, decimals: 1) }
                if hit.muted { out.raw(",\n      \"muted\" : ", "true") }
                if !hit.isAudio { out.field(",\n      \"note\" : ", hit.note) }
                try out.field(",\n      \"offsetMs\" : ", hit.offsetMs, decimals: ReportNumber.millisecondDecimals)
                if let name = hit.preset { out.raw(",\n      \"preset\" : ", try preset(name)) }
                if hit.isAudio { out.raw(",\n      \"source\" : ", "\"audio\"") }
                out.field(",\n      \"subdivision\" : ", hit.position.subdivision)
                try out.field(",\n      \"timeS\" : ", hit.timeS, decimals: ReportNumber.secondDecimals)
                if !hit.isAudio { out.field(",\n      \"velocity\" : ", hit.velocity) }
                out.endElement()
                try out.flush(atLeast: limit, to: write)
            }
            return !hits.isEmpty
        case .misses:
            for (index, miss) in misses.enumerated() {
                out.beginElement(first: index == 0)
                out.field("\n      \"bar\" : ", miss.position.bar)
                out.field(",\n      \"beat\" : ", miss.position.beat)
                out.field(",\n      \"frame\" : ", miss.frame)
                if miss.muted { out.raw(",\n      \"muted\" : ", "true") }
                if let name = miss.preset { out.raw(",\n      \"preset\" : ", try preset(name)) }
                out.field(",\n      \"subdivision\" : ", miss.position.subdivision)
                try out.field(",\n      \"timeS\" : ", miss.timeS, decimals: ReportNumber.secondDecimals)
                out.endElement()
                try out.flush(atLeast: limit, to: write)
            }
            return !misses.isEmpty
        case .bars:
            let ms = ReportNumber.millisecondDecimals
            for (index, bar) in bars.enumerated() {
                out.beginElement(first: index == 0)
                out.field("\n      \"bar\" : ", bar.bar)
                out.field(",\n      \"hits\" : ", bar.hits)
                out.field(",\n      \"matched\" : ", bar.matched)
                try out.field(",\n      \"meanAbsOffsetMs\" : ", bar.meanAbsOffsetMs, decimals: ms)
                try out.field(",\n      \"meanOffsetMs\" : ", bar.meanOffsetMs, decimals: ms)
                out.field(",\n      \"misses\" : ", bar.misses)
                out.raw(",\n      \"muted\" : ", bar.muted ? "true" : "false")
                try out.field(",\n      \"sdOffsetMs\" : ", bar.sdOffsetMs, decimals: ms)
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
}

/// The objects of a report list, indented as `jsonText()` indents list
/// elements. Each field is written with the text before its value: a line
/// break (after a comma, but for the first field), the indent and the
/// quoted key, e.g. `",\n      \"beat\" : "`.
private extension JSONByteBuffer {
    mutating func beginElement(first: Bool) {
        append(first ? "\n    {" : ",\n    {")
    }

    mutating func endElement() {
        append("\n    }")
    }

    mutating func raw(_ key: StaticString, _ value: StaticString) {
        append(key)
        append(value)
    }

    mutating func raw(_ key: StaticString, _ value: [UInt8]) {
        append(key)
        append(contentsOf: value)
    }

    mutating func field(_ key: StaticString, _ value: Int) {
        field(key, Int64(value))
    }

    mutating func field(_ key: StaticString, _ value: Int64) {
        append(key)
        appendDecimal(value)
    }

    /// A number as Foundation's encoder writes it: Swift's shortest form, less a trailing ".0".
    mutating func field(_ key: StaticString, _ value: Double?, decimals: Int) throws {
        guard let value else {
            raw(key, "null")
            return
        }
        guard value.isFinite else {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(Self.name(of: key)) is \(value)")
        }
        append(key)
        appendRounded(value, decimals: decimals)
    }

    /// The key in a field's leading text.
    static func name(of key: StaticString) -> String {
        let text = key.description
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        return parts.count >= 2 ? String(parts[1]) : text
    }
}
