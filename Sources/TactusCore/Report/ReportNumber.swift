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

    /// A finite number as Foundation's encoder writes it: Swift's shortest
    /// form that reads back the same, less a trailing ".0".
    static func encoded(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A whole number of `1 / scale` steps as a value, with -0 as 0.
    static func rounded(units: Double, scale: Double) -> Double {
        let result = units / scale
        return result == 0 ? 0 : result
    }
}

/// Writes report JSON's objects the one way they all share: counts as they
/// are, milliseconds (and other 3-decimal values) and seconds rounded as
/// ``ReportNumber`` says (exactly in the journal), a value without one as
/// `null`, and the offset statistics under the same names.
struct ReportEncoder<Key: CodingKey> {
    var container: KeyedEncodingContainer<Key>
    let exact: Bool

    init(_ encoder: any Encoder, keyedBy keys: Key.Type) {
        container = encoder.container(keyedBy: keys)
        exact = ReportNumber.isExact(encoder)
    }

    init(_ container: KeyedEncodingContainer<Key>, exact: Bool) {
        self.container = container
        self.exact = exact
    }

    /// The object under `key`, its numbers written the same way.
    mutating func nested<NestedKey>(_ keys: NestedKey.Type, forKey key: Key) -> ReportEncoder<NestedKey> {
        ReportEncoder<NestedKey>(container.nestedContainer(keyedBy: keys, forKey: key), exact: exact)
    }

    /// Writes `value` as it encodes itself; nil as `null`.
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try container.encode(value, forKey: key)
    }

    /// Writes `value` unless it is nil, when the key is left out.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try container.encodeIfPresent(value, forKey: key)
    }

    /// Writes counts, in the order given.
    mutating func counts(_ fields: KeyValuePairs<Key, Int>) throws {
        for (key, value) in fields {
            try container.encode(value, forKey: key)
        }
    }

    /// Writes milliseconds (and other 3-decimal values), in the order given.
    mutating func milliseconds(_ fields: KeyValuePairs<Key, Double?>) throws {
        for (key, value) in fields {
            try number(value, forKey: key, decimals: ReportNumber.millisecondDecimals)
        }
    }

    /// Writes each value to 3 decimals (an interval's ends, say); nil as `null`.
    mutating func milliseconds(_ values: [Double]?, forKey key: Key) throws {
        guard let values else { return try container.encodeNil(forKey: key) }
        let decimals = ReportNumber.millisecondDecimals
        try container.encode(exact ? values : values.map { ReportNumber.rounded($0, decimals: decimals) }, forKey: key)
    }

    mutating func seconds(_ value: Double, forKey key: Key) throws {
        try number(value, forKey: key, decimals: ReportNumber.secondDecimals)
    }

    /// Writes `value` to `decimals` places; nil as `null`, so a statistic
    /// that has no value is visibly absent.
    mutating func number(_ value: Double?, forKey key: Key, decimals: Int) throws {
        guard let value else { return try container.encodeNil(forKey: key) }
        try container.encode(exact ? value : ReportNumber.rounded(value, decimals: decimals), forKey: key)
    }

    /// Writes the mean, standard deviation and mean |offset| of the matched
    /// hits as `meanOffsetMs`, `sdOffsetMs` and `meanAbsOffsetMs`.
    mutating func offsets(mean: Double?, sd: Double?, meanAbs: Double?) throws {
        try milliseconds([.named("meanOffsetMs"): mean, .named("sdOffsetMs"): sd, .named("meanAbsOffsetMs"): meanAbs])
    }
}
