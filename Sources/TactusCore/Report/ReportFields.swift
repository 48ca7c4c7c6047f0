/// What report JSON's objects are written into, a field at a time in sorted
/// key order, so that each object's fields are listed once: a hit's, a
/// miss's and a bar's below, a player's and the report's own
/// (`PracticeReport.write(to:)`). The report's writer (`writeJSON`) lays out
/// the bytes of its file, `JournalLine` those of a journal line with the
/// numbers exact; `ReportFieldEncoder` hands the fields to Foundation's
/// encoder.
protocol ReportFieldWriter: ~Copyable {
    mutating func number(_ name: ReportField, _ value: some BinaryInteger) throws
    /// `value` to `decimals` places (as `ReportNumber` rounds); nil as
    /// `null`; a value that is not finite is refused.
    mutating func number(_ name: ReportField, _ value: Double?, decimals: Int) throws
    mutating func bool(_ name: ReportField, _ value: Bool) throws
    /// A string that needs no escaping (a grade, a source).
    mutating func word(_ name: ReportField, _ value: StaticString) throws
    mutating func string(_ name: ReportField, _ value: String) throws
}

/// A writer of whole objects: fields, other values as Foundation encodes
/// them, and lists whose elements `element` writes.
protocol ReportObjectWriter: ReportFieldWriter, ~Copyable {
    mutating func value(_ name: ReportField, _ value: some Encodable) throws
    mutating func list<Element>(_ name: ReportField, _ elements: [Element], _ element: (inout Self, Element) throws -> Void) throws
}

extension ScoredHit {
    func write(to json: inout some ReportFieldWriter & ~Copyable) throws {
        try json.number(.bar, position.bar)
        try json.number(.beat, position.beat)
        if !isAudio { try json.number(.channel, channel) }
        if countIn { try json.bool(.countIn, true) }
        try json.number(.frame, frame)
        try json.word(.grade, grade.word)
        try json.number(.gridFrame, gridFrame)
        if let levelDb { try json.number(.levelDb, levelDb, decimals: 1) }
        if muted { try json.bool(.muted, true) }
        if !isAudio { try json.number(.note, note) }
        try json.number(.offsetMs, offsetMs, decimals: ReportNumber.millisecondDecimals)
        if let preset { try json.string(.preset, preset) }
        if isAudio { try json.word(.source, "audio") }
        try json.number(.subdivision, position.subdivision)
        try json.number(.timeS, timeS, decimals: ReportNumber.secondDecimals)
        if !isAudio { try json.number(.velocity, velocity) }
    }
}

extension HitGrade {
    fileprivate var word: StaticString {
        switch self {
        case .perfect: "perfect"
        case .good: "good"
        case .ok: "ok"
        case .extra: "extra"
        }
    }
}

extension MissedPosition {
    func write(to json: inout some ReportFieldWriter & ~Copyable) throws {
        try json.number(.bar, position.bar)
        try json.number(.beat, position.beat)
        try json.number(.frame, frame)
        if muted { try json.bool(.muted, true) }
        if let preset { try json.string(.preset, preset) }
        try json.number(.subdivision, position.subdivision)
        try json.number(.timeS, timeS, decimals: ReportNumber.secondDecimals)
    }
}

extension BarSummary {
    func write(to json: inout some ReportFieldWriter & ~Copyable) throws {
        let ms = ReportNumber.millisecondDecimals
        try json.number(.bar, bar)
        try json.number(.hits, hits)
        try json.number(.matched, matched)
        try json.number(.meanAbsOffsetMs, meanAbsOffsetMs, decimals: ms)
        try json.number(.meanOffsetMs, meanOffsetMs, decimals: ms)
        try json.number(.misses, misses)
        try json.bool(.muted, muted)
        try json.number(.sdOffsetMs, sdOffsetMs, decimals: ms)
    }
}

extension PlayerReport {
    func write(to json: inout some ReportObjectWriter & ~Copyable) throws {
        try json.value(.findings, findings)
        try json.list(.hits, hits) { try $1.write(to: &$0) }
        if let layer { try json.value(.layer, layer) }
        try json.value(.name, name)
        try json.value(.port, port)
        try json.value(.summary, summary)
        if let voices { try json.value(.voices, voices) }
    }
}

/// Report fields handed to Foundation's encoder, numbers as `ReportEncoder`
/// writes them: how a report is kept in a history's index (`ReportIndex`).
struct ReportFieldEncoder: ReportObjectWriter {
    private var fields: ReportEncoder<ReportField>

    init(_ encoder: any Encoder) {
        fields = ReportEncoder(encoder, keyedBy: ReportField.self)
    }

    mutating func number(_ name: ReportField, _ value: some BinaryInteger) throws {
        try fields.encode(Int64(value), forKey: name)
    }

    mutating func number(_ name: ReportField, _ value: Double?, decimals: Int) throws {
        try fields.number(value, forKey: name, decimals: decimals)
    }

    mutating func bool(_ name: ReportField, _ value: Bool) throws {
        try fields.encode(value, forKey: name)
    }

    mutating func word(_ name: ReportField, _ value: StaticString) throws {
        try fields.encode("\(value)", forKey: name)
    }

    mutating func string(_ name: ReportField, _ value: String) throws {
        try fields.encode(value, forKey: name)
    }

    mutating func value(_ name: ReportField, _ value: some Encodable) throws {
        try fields.encode(value, forKey: name)
    }

    mutating func list<Element>(_ name: ReportField, _ elements: [Element], _ element: (inout Self, Element) throws -> Void) throws {
        var list = fields.container.nestedUnkeyedContainer(forKey: name)
        for each in elements {
            var fields = ReportFieldEncoder(list.superEncoder())
            try element(&fields, each)
        }
    }
}
