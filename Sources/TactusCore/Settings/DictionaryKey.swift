/// A key of a JSON object that maps names to entries (a calibration store's
/// devices); a field path writes it as a subscript: `devices["kit"]`.
struct DictionaryKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
