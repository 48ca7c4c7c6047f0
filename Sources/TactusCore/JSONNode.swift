/// A parsed JSON value that remembers the byte offset where it starts, so that
/// configuration errors can say where a value came from. Objects keep their
/// keys in file order.
struct JSONNode: Hashable, Sendable {
    enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    struct Member: Hashable, Sendable {
        var key: String
        var value: JSONNode
    }

    var value: Value
    /// Byte offset of the value's first character in the file.
    var offset: Int

    /// What the value is, for error messages ("a string", "an object").
    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
