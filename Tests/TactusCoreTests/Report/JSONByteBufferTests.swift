import Testing
@testable import TactusCore

@Suite struct JSONByteBufferTests {
    static func text(_ fill: (inout JSONByteBuffer) -> Void) -> String {
        var buffer = JSONByteBuffer(capacity: 4)
        fill(&buffer)
        return buffer.text
    }

    /// What Foundation's encoder writes for `value` rounded to `decimals`.
    static func encoded(_ value: Double, decimals: Int) -> String {
        var text = "\(ReportNumber.rounded(value, decimals: decimals))"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    @Test func wholeNumbersAreWrittenAsSwiftWritesThem() {
        let values: [Int64] = [0, 7, -1, 10, 96_000, -1_234_567_890, .max, .min]
        #expect(Self.text { buffer in
            for value in values {
                buffer.appendDecimal(value)
                buffer.append(" ")
            }
        } == "0 7 -1 10 96000 -1234567890 9223372036854775807 -9223372036854775808 ")
        // Around every power of ten.
        var power: Int64 = 1
        for _ in 0..<19 {
            for value in [power - 1, power, power + 1, -power] {
                #expect(Self.text { $0.appendDecimal(value) } == "\(value)")
            }
            if power <= Int64.max / 10 { power *= 10 }
        }
    }

    @Test func roundedDecimalsAreWrittenAsTheEncoderWritesThem() {
        let cases: [(Double, Int, String)] = [
            (1.0 / 48, 3, "0.021"), (2.0005, 3, "2.001"), (-0.0004, 3, "0"), (-0.0005, 3, "-0.001"), (12.5, 3, "12.5"),
            (-10, 3, "-10"), (0, 6, "0"), (1.0 / 48_000, 6, "2.1e-05"), (95_999.0 / 48_000, 6, "1.999979"),
            (0.1 + 0.2, 6, "0.3"), (1e9, 3, "1000000000"), (999_999_999.9996, 3, "1000000000"), (1e17, 3, "1e+17"),
            (123.4567, 0, "123"),
        ]
        for (value, decimals, expected) in cases {
            #expect(Self.text { $0.appendRounded(value, decimals: decimals) } == expected, "\(value) to \(decimals)")
            #expect(Self.encoded(value, decimals: decimals) == expected, "\(value) to \(decimals)")
        }
    }

    @Test func randomDecimalsAreWrittenAsTheEncoderWritesThem() {
        var random = SplitMix64(seed: 11)
        var mismatches: [String] = []
        for index in 0..<200_000 {
            let u = Double(random.next() >> 11) / Double(1 << 53)
            let magnitude = [1e-7, 1e-4, 1e-3, 1, 50, 1e4, 1e6, 1e8, 1e9, 3e9][index % 10]
            let value = (u - 0.5) * 2 * magnitude
            let decimals = [3, 6][index % 2]
            let written = Self.text { $0.appendRounded(value, decimals: decimals) }
            if written != Self.encoded(value, decimals: decimals), mismatches.count < 5 {
                mismatches.append("\(value) to \(decimals): \(written)")
            }
        }
        #expect(mismatches == [])
    }

    @Test func theBufferGrowsAndHandsOnWhatItHolds() {
        var buffer = JSONByteBuffer(capacity: 4)
        var chunks: [[UInt8]] = []
        buffer.append("abcdefgh")
        buffer.append(contentsOf: Array("ij".utf8))
        buffer.flush(atLeast: 11) { chunks.append(Array($0)) }
        #expect(chunks == [])
        buffer.append(UInt8(ascii: "k"))
        buffer.flush(atLeast: 11) { chunks.append(Array($0)) }
        buffer.append("l")
        buffer.flush(atLeast: 1) { chunks.append(Array($0)) }
        buffer.flush(atLeast: 1) { chunks.append(Array($0)) }
        #expect(chunks.map { String(decoding: $0, as: UTF8.self) } == ["abcdefghijk", "l"])
    }
}
