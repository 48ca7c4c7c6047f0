/// A hit's or a miss's place on the grid in report JSON: flat, as `bar`,
/// `beat` and `subdivision` beside the entry's other fields.
extension KeyedDecodingContainer<ReportField> {
    func decodeGridPosition() throws -> GridPosition {
        GridPosition(
            bar: try decode(Int.self, forKey: .bar),
            beat: try decode(Int.self, forKey: .beat),
            subdivision: try decode(Int.self, forKey: .subdivision))
    }
}

extension CodingKey {
    /// The key called `name`, which the coding keys must have.
    static func named(_ name: String) -> Self {
        guard let key = Self(stringValue: name) else { preconditionFailure("\(Self.self) has no key \(name)") }
        return key
    }
}
