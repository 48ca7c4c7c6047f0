/// Growable memory that report JSON is written into, a few hundred bytes at
/// a time: literals, whole numbers and rounded decimals go straight into it,
/// in the text Foundation's JSON encoder gives them.
struct JSONByteBuffer: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes written so far, as text.
    var text: String {
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// `value` as Foundation encodes it into a file (`FileJSON`), without the last line break.
    static func encoded(_ value: some Encodable) throws(ReportError) -> [UInt8] {
        do {
            return try FileJSON.encoded(value).dropLast()
        } catch {
            throw ReportError(file: "report", message: "cannot be written as JSON: \(error)")
        }
    }

    /// Hands the bytes written so far to `write` and starts again, when
    /// there are `limit` or more.
    mutating func flush(atLeast limit: Int, to write: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        guard count > 0, count >= limit else { return }
        let written = UnsafeRawBufferPointer(start: storage, count: count)
        count = 0
        try write(written)
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        let grown = max(capacity * 2, needed)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    /// A literal's bytes, copied straight from the binary.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes in
            guard let source = bytes.baseAddress else { return }
            reserve(bytes.count)
            UnsafeMutableRawPointer(storage + count).copyMemory(from: source, byteCount: bytes.count)
            count += bytes.count
        }
    }

    /// A literal in quotes: a JSON string with nothing to escape.
    mutating func appendQuoted(_ text: StaticString) {
        append(UInt8(ascii: "\""))
        append(text)
        append(UInt8(ascii: "\""))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// A line break after a comma (unless `comma` is false) and `indent` spaces.
    mutating func appendLineBreak(comma: Bool, indent: Int) {
        reserve(indent + 2)
        if comma {
            storage[count] = UInt8(ascii: ",")
            count += 1
        }
        storage[count] = UInt8(ascii: "\n")
        (storage + count + 1).initialize(repeating: UInt8(ascii: " "), count: indent)
        count += indent + 1
    }

    /// `"name" : `, an object's key.
    mutating func appendKey(_ name: StaticString) {
        name.withUTF8Buffer { bytes in
            guard let source = bytes.baseAddress else { return }
            reserve(bytes.count + 5)
            storage[count] = UInt8(ascii: "\"")
            UnsafeMutableRawPointer(storage + count + 1).copyMemory(from: source, byteCount: bytes.count)
            count += bytes.count + 1
        }
        append("\" : ")
    }

    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        for byte in bytes {
            storage[count] = byte
            count += 1
        }
    }

    /// `value`'s decimal digits, as `"\(value)"` writes them.
    mutating func appendDecimal(_ value: Int64) {
        reserve(20)
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1)
    }

    /// The digits of `value`, with leading zeros up to `minimumCount`.
    private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
        // Beats, channels, notes and the like: one or two digits.
        if value < 100, minimumCount <= 2, value >= 10 || minimumCount == 2 {
            reserve(2)
            let (tens, ones) = value.quotientAndRemainder(dividingBy: 10)
            storage[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
            storage[count + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ones)
            count += 2
            return
        }
        if value < 10, minimumCount <= 1 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // log10 from the bit length (1233/4096 ≈ log10 2), one short at most.
        let bits = UInt64.bitWidth - (value | 1).leadingZeroBitCount
        var digits = (bits &* 1233) >> 12
        if digits < Self.powersOfTen.count, value >= Self.powersOfTen[digits] { digits += 1 }
        digits = max(digits, minimumCount, 1)
        reserve(digits)
        var remaining = value
        var index = count + digits
        // Two digits at a time from the table "00", "01", … "99".
        Self.digitPairs.withUTF8Buffer { pairs in
            while remaining >= 100 {
                let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
                index -= 2
                storage[index] = pairs[Int(pair) &* 2]
                storage[index + 1] = pairs[Int(pair) &* 2 + 1]
                remaining = quotient
            }
        }
        while index > count {
            index -= 1
            let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
            storage[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
            remaining = quotient
        }
        count += digits
    }

    /// 10^0 … 10^19.
    private static let powersOfTen: [UInt64] = (0..<20).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// `ReportNumber.rounded(value, decimals:)` as Foundation's encoder writes
    /// it: Swift's shortest form that reads back the same, less a trailing
    /// ".0". `value` must be finite.
    mutating func appendRounded(_ value: Double, decimals: Int) {
        let scale = ReportNumber.scale(decimals: decimals)
        let scaledUnits = (value * scale).rounded()
        let rounded = ReportNumber.rounded(units: scaledUnits, scale: scale)
        let magnitude = rounded.magnitude
        guard rounded != 0 else {
            append("0")
            return
        }
        // Between these the shortest form is the plain decimal of the rounded
        // digits: they are the nearest double's, and no shorter decimal is
        // within half a step of it (a step is below 10^-decimals there).
        guard (0...6).contains(decimals), magnitude >= 1e-3, magnitude < 1e9 else {
            append(contentsOf: ReportNumber.encoded(rounded).utf8)
            return
        }
        let units = UInt64(scaledUnits.magnitude)
        if rounded < 0 { append(UInt8(ascii: "-")) }
        // The report's two scales divide by constants, which is quicker.
        let (whole, remainder) = switch decimals {
        case 3: units.quotientAndRemainder(dividingBy: 1_000)
        case 6: units.quotientAndRemainder(dividingBy: 1_000_000)
        default: units.quotientAndRemainder(dividingBy: UInt64(scale))
        }
        appendDigits(whole, minimumCount: 1)
        var fraction = remainder
        guard fraction != 0 else { return }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        append(UInt8(ascii: "."))
        appendDigits(fraction, minimumCount: places)
    }
}
