extension PracticeReport {
    /// The report's JSON, the one writer of it (`jsonText()` collects its
    /// bytes), handed to `write` about `chunkBytes` at a time, so a report
    /// of a million hits is never held as one text; each chunk is valid
    /// only during the call. It is laid out as `FileJSON` writes a file
    /// (pretty-printed, sorted keys): the hit, miss and bar lists, the
    /// players' hits among them, are written here a field at a time (numbers
    /// rounded as `ReportNumber` says); every other value is Foundation's
    /// encoding of it, indented to its place.
    public func writeJSON(chunkBytes: Int = 1 << 20, toBytes write: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(write) { write in
            var json = ReportJSONWriter(chunkBytes: chunkBytes, write: write)
            try json.report(self)
        }
    }
}

/// Report JSON in the layout of Foundation's pretty-printed encoding: two
/// spaces an indent, `"key" : value`, an empty list as `[`, an empty line
/// and `]`. Members are written in sorted key order, each as it comes, and
/// what the buffer holds is handed on once it reaches `limit` bytes.
private struct ReportJSONWriter: ~Copyable {
    private var out: JSONByteBuffer
    private let limit: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    /// How deep the object or list being written is.
    private var level = 0
    /// True until the object or list being written has a member.
    private var empty = true
    /// Preset names as JSON strings, each encoded once.
    private var presets: [String: [UInt8]] = [:]

    init(chunkBytes: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        limit = max(chunkBytes, 1)
        out = JSONByteBuffer(capacity: min(limit, 1 << 24) + 4096)
        self.write = write
    }

    mutating func report(_ report: PracticeReport) throws {
        open("{")
        try list("bars", report.bars) { try $0.bar($1) }
        try value("byBeat", report.byBeat)
        try value("byNote", report.byNote)
        try value("byPosition", report.byPosition)
        try value("byPreset", report.byPreset)
        try value("bySubdivision", report.bySubdivision)
        try value("byVoice", report.byVoice)
        try value("createdAt", report.createdAt)
        if let ensemble = report.ensemble { try value("ensemble", ensemble) }
        try value("events", report.events)
        try value("findings", report.findings)
        try value("histogram", report.histogram)
        try list("hits", report.hits) { try $0.hit($1) }
        try list("misses", report.misses) { try $0.miss($1) }
        if let players = report.players { try list("players", players) { try $0.player($1) } }
        if let pulse = report.pulse { try value("pulse", pulse) }
        try value("schema", report.schema)
        try value("settings", report.settings)
        try value("source", report.source)
        try value("summary", report.summary)
        try value("tactusVersion", report.tactusVersion)
        try value("tempoChanges", report.tempoChanges)
        try value("withoutClick", report.withoutClick)
        close("}")
        out.append(UInt8(ascii: "\n"))
        try out.flush(atLeast: 1, to: write)
    }

    private mutating func player(_ player: PlayerReport) throws {
        open("{")
        try value("findings", player.findings)
        try list("hits", player.hits) { try $0.hit($1) }
        if let layer = player.layer { try value("layer", layer) }
        try value("name", player.name)
        try value("port", player.port)
        try value("summary", player.summary)
        if let voices = player.voices { try value("voices", voices) }
        close("}")
    }

    private mutating func hit(_ hit: ScoredHit) throws {
        open("{")
        number("bar", hit.position.bar)
        number("beat", hit.position.beat)
        if !hit.isAudio { number("channel", hit.channel) }
        if hit.countIn { literal("countIn", "true") }
        number("frame", hit.frame)
        literal("grade", Self.quoted(hit.grade))
        number("gridFrame", hit.gridFrame)
        if let db = hit.levelDb { try number("levelDb", db, decimals: 1) }
        if hit.muted { literal("muted", "true") }
        if !hit.isAudio { number("note", hit.note) }
        try number("offsetMs", hit.offsetMs, decimals: ReportNumber.millisecondDecimals)
        if let name = hit.preset { try preset(name) }
        if hit.isAudio { literal("source", "\"audio\"") }
        number("subdivision", hit.position.subdivision)
        try number("timeS", hit.timeS, decimals: ReportNumber.secondDecimals)
        if !hit.isAudio { number("velocity", hit.velocity) }
        close("}")
    }

    private mutating func miss(_ miss: MissedPosition) throws {
        open("{")
        number("bar", miss.position.bar)
        number("beat", miss.position.beat)
        number("frame", miss.frame)
        if miss.muted { literal("muted", "true") }
        if let name = miss.preset { try preset(name) }
        number("subdivision", miss.position.subdivision)
        try number("timeS", miss.timeS, decimals: ReportNumber.secondDecimals)
        close("}")
    }

    private mutating func bar(_ bar: BarSummary) throws {
        let ms = ReportNumber.millisecondDecimals
        open("{")
        number("bar", bar.bar)
        number("hits", bar.hits)
        number("matched", bar.matched)
        try number("meanAbsOffsetMs", bar.meanAbsOffsetMs, decimals: ms)
        try number("meanOffsetMs", bar.meanOffsetMs, decimals: ms)
        number("misses", bar.misses)
        literal("muted", bar.muted ? "true" : "false")
        try number("sdOffsetMs", bar.sdOffsetMs, decimals: ms)
        close("}")
    }

    /// A list, handing on the buffer after each element.
    private mutating func list<Element>(
        _ name: StaticString, _ elements: [Element], _ element: (inout Self, Element) throws -> Void
    ) throws {
        key(name)
        open("[")
        for each in elements {
            member()
            try element(&self, each)
            try out.flush(atLeast: limit, to: write)
        }
        close("]")
        try out.flush(atLeast: limit, to: write)
    }

    /// `value` as Foundation encodes it, its lines indented to this depth
    /// (a JSON string holds no line break; an empty line stays empty).
    private mutating func value(_ name: StaticString, _ value: some Encodable) throws {
        key(name)
        var previous: UInt8 = 0
        for byte in try Self.encoded(value) {
            if previous == UInt8(ascii: "\n"), byte != previous { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level)) }
            out.append(byte)
            previous = byte
        }
        try out.flush(atLeast: limit, to: write)
    }

    private static func encoded(_ value: some Encodable) throws(ReportError) -> [UInt8] {
        do {
            return try FileJSON.encoded(value).dropLast()
        } catch {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(error)")
        }
    }

    private mutating func preset(_ name: String) throws {
        key("preset")
        if presets[name] == nil { presets[name] = try Self.encoded(name) }
        out.append(contentsOf: presets[name] ?? [])
    }

    private mutating func number(_ name: StaticString, _ value: some BinaryInteger) {
        key(name)
        out.appendDecimal(Int64(value))
    }

    /// A number rounded to `decimals` places; nil as `null`.
    private mutating func number(_ name: StaticString, _ value: Double?, decimals: Int) throws(ReportError) {
        key(name)
        guard let value else { return out.append("null") }
        guard value.isFinite else { throw ReportError(file: "report", message: "cannot be written as JSON: \(name) is \(value)") }
        out.appendRounded(value, decimals: decimals)
    }

    private mutating func literal(_ name: StaticString, _ value: StaticString) {
        key(name)
        out.append(value)
    }

    private mutating func key(_ name: StaticString) {
        member()
        out.appendKey(name)
    }

    /// What comes before a member: a comma after the one before, a line break and the indent.
    private mutating func member() {
        out.appendLineBreak(comma: !empty, indent: 2 * level)
        empty = false
    }

    private mutating func open(_ bracket: StaticString) {
        out.append(bracket)
        level += 1
        empty = true
    }

    private mutating func close(_ bracket: StaticString) {
        if empty { out.append(UInt8(ascii: "\n")) }
        level -= 1
        empty = false
        out.appendLineBreak(comma: false, indent: 2 * level)
        out.append(bracket)
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
