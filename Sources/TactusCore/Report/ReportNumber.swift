/// How numbers are written in report JSON: milliseconds, BPM, percentages and
/// other values to 3 decimals, seconds to 6, so the text is stable and
/// readable; values in memory keep full precision. An encoder whose `userInfo`
/// holds `ReportNumber.exactKey: true` (the journal's) writes them exactly.
public enum ReportNumber {
    public static let exactKey = CodingUserInfoKey(rawValue: "tactus.exactNumbers")!

    static let millisecondDecimals = 3
    static let secondDecimals = 6

    static func isExact(_ encoder: any Encoder) -> Bool {
        encoder.userInfo[exactKey] as? Bool ?? false
    }

    /// `value` rounded half away from zero to `decimals` places, with -0 written as 0.
    public static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = scale(decimals: decimals)
        return rounded(units: (value * scale).rounded(), scale: scale)
    }

    /// 10 to the power `decimals` (at least 1).
    static func scale(decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        return scale
    }

    /// A whole number of `1 / scale` steps as a value, with -0 as 0.
    static func rounded(units: Double, scale: Double) -> Double {
        let result = units / scale
        return result == 0 ? 0 : result
    }
}

extension KeyedEncodingContainer {
    mutating func encode(_ value: Double, forKey key: Key, decimals: Int, exact: Bool) throws {
        try encode(exact ? value : ReportNumber.rounded(value, decimals: decimals), forKey: key)
    }

    /// Writes `null` for nil, so a statistic that has no value is visibly absent.
    mutating func encode(_ value: Double?, forKey key: Key, decimals: Int, exact: Bool) throws {
        if let value {
            try encode(value, forKey: key, decimals: decimals, exact: exact)
        } else {
            try encodeNil(forKey: key)
        }
    }

    /// Writes each value rounded the same way (an interval's ends, say).
    mutating func encode(_ values: [Double], forKey key: Key, decimals: Int, exact: Bool) throws {
        try encode(exact ? values : values.map { ReportNumber.rounded($0, decimals: decimals) }, forKey: key)
    }
}
