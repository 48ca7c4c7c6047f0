extension PracticeReport {
    /// The report's JSON, the one writer of it (`jsonText()` collects its
    /// bytes), handed to `write` about `chunkBytes` at a time, so a report
    /// of a million hits is never held as one text; each chunk is valid
    /// only during the call. It is laid out as `FileJSON` writes a file
    /// (pretty-printed, sorted keys), its fields as `write(to:)` lists
    /// them: hits, misses, bars and players a field at a time (numbers
    /// rounded as `ReportNumber` says), every other value Foundation's
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
private struct ReportJSONWriter: ReportObjectWriter, JSONFieldWriter, ~Copyable {
    static let exactNumbers = false
    private var out: JSONByteBuffer
    private let limit: Int
    private let write: (UnsafeRawBufferPointer) throws -> Void
    /// How deep the object or list being written is.
    private var level = 0
    /// True until the object or list being written has a member.
    private var empty = true
    /// Strings (preset names) as JSON, each encoded once.
    private var strings: [String: [UInt8]] = [:]

    init(chunkBytes: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        limit = max(chunkBytes, 1)
        out = JSONByteBuffer(capacity: min(limit, 1 << 24) + 4096)
        self.write = write
    }

    mutating func report(_ report: PracticeReport) throws {
        open("{")
        try report.write(to: &self)
        close("}")
        out.append(UInt8(ascii: "\n"))
        try out.flush(atLeast: 1, to: write)
    }

    /// A list of objects, handing on the buffer after each.
    mutating func list<Element>(
        _ name: ReportField, _ elements: [Element], _ element: (inout Self, Element) throws -> Void
    ) throws {
        key(name)
        open("[")
        for each in elements {
            member()
            open("{")
            try element(&self, each)
            close("}")
            try out.flush(atLeast: limit, to: write)
        }
        close("]")
        try out.flush(atLeast: limit, to: write)
    }

    /// `value` as Foundation encodes it, its lines indented to this depth
    /// (a JSON string holds no line break; an empty line stays empty).
    mutating func value(_ name: ReportField, _ value: some Encodable) throws {
        key(name)
        var previous: UInt8 = 0
        for byte in try JSONByteBuffer.encoded(value) {
            if previous == UInt8(ascii: "\n"), byte != previous { out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level)) }
            out.append(byte)
            previous = byte
        }
        try out.flush(atLeast: limit, to: write)
    }

    /// A string (a preset's name), each encoded once.
    mutating func string(_ name: ReportField, _ value: String) throws {
        key(name)
        if strings[value] == nil { strings[value] = try JSONByteBuffer.encoded(value) }
        out.append(contentsOf: strings[value] ?? [])
    }

    mutating func field(_ name: ReportField, _ value: (inout JSONByteBuffer) -> Void) {
        key(name)
        value(&out)
    }

    private mutating func key(_ name: ReportField) {
        member()
        out.appendKey(name.text)
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
}
