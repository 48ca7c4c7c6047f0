/// Writes a timing summary (a bar, a beat, a note, the session) to report
/// JSON the one way they all share: counts as they are, milliseconds to
/// ``ReportNumber/millisecondDecimals`` (exactly in the journal), a statistic
/// without a value as `null`, and the offset statistics under the same names.
struct SummaryEncoder<Key: CodingKey> {
    var container: KeyedEncodingContainer<Key>
    let exact: Bool

    init(_ encoder: any Encoder, keyedBy keys: Key.Type) {
        container = encoder.container(keyedBy: keys)
        exact = ReportNumber.isExact(encoder)
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
            try container.encode(value, forKey: key, decimals: ReportNumber.millisecondDecimals, exact: exact)
        }
    }

    /// Writes the mean, standard deviation and mean |offset| of the matched
    /// hits as `meanOffsetMs`, `sdOffsetMs` and `meanAbsOffsetMs`.
    mutating func offsets(mean: Double?, sd: Double?, meanAbs: Double?) throws {
        try milliseconds([
            Self.key("meanOffsetMs"): mean, Self.key("sdOffsetMs"): sd, Self.key("meanAbsOffsetMs"): meanAbs,
        ])
    }

    private static func key(_ name: String) -> Key {
        guard let key = Key(stringValue: name) else { preconditionFailure("\(Key.self) has no key \(name)") }
        return key
    }
}
