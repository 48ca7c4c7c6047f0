/// A hit's or a miss's place on the grid in report JSON: flat, as `bar`,
/// `beat` and `subdivision` beside the entry's other fields.
extension KeyedDecodingContainer {
    func decodeGridPosition() throws -> GridPosition {
        GridPosition(
            bar: try decode(Int.self, forKey: GridPositionKeys.key("bar")),
            beat: try decode(Int.self, forKey: GridPositionKeys.key("beat")),
            subdivision: try decode(Int.self, forKey: GridPositionKeys.key("subdivision")))
    }
}

extension KeyedEncodingContainer {
    mutating func encodeFlat(_ position: GridPosition) throws {
        try encode(position.bar, forKey: GridPositionKeys.key("bar"))
        try encode(position.beat, forKey: GridPositionKeys.key("beat"))
        try encode(position.subdivision, forKey: GridPositionKeys.key("subdivision"))
    }
}

private enum GridPositionKeys {
    static func key<Key: CodingKey>(_ name: String) -> Key {
        guard let key = Key(stringValue: name) else { preconditionFailure("\(Key.self) has no key \(name)") }
        return key
    }
}
