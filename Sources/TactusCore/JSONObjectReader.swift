/// Reads the fields of one JSON object, building error paths like
/// `bindings[2].message.channel` and refusing fields it does not know.
struct JSONObjectReader {
    /// Path of the object itself; empty for the document root.
    let path: String
    let members: [JSONNode.Member]

    init(_ node: JSONNode, path: String) throws(JSONFieldError) {
        guard case .object(let members) = node.value else {
            throw JSONFieldError(field: path.isEmpty ? "document" : path, message: "expected an object, found \(node.kindName)")
        }
        self.path = path
        self.members = members
    }

    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func optional(_ key: String) -> JSONNode? {
        members.first { $0.key == key }?.value
    }

    func required(_ key: String) throws(JSONFieldError) -> JSONNode {
        guard let node = optional(key) else { throw JSONFieldError(field: path(of: key), message: "missing") }
        return node
    }

    /// Throws for the first field not in `allowed`, naming the ones that are.
    func rejectUnknown(allowed: [String]) throws(JSONFieldError) {
        for member in members where !allowed.contains(member.key) {
            throw JSONFieldError(
                field: path(of: member.key),
                message: "unknown field (expected \(allowed.map { "'\($0)'" }.joined(separator: ", ")))")
        }
    }
}

extension JSONNode {
    func string(at path: String) throws(JSONFieldError) -> String {
        guard case .string(let text) = value else {
            throw JSONFieldError(field: path, message: "expected a string, found \(kindName)")
        }
        return text
    }

    func number(at path: String) throws(JSONFieldError) -> Double {
        guard case .number(let number) = value else {
            throw JSONFieldError(field: path, message: "expected a number, found \(kindName)")
        }
        return number
    }

    /// A whole number within `range`.
    func integer(at path: String, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        let number = try number(at: path)
        guard number == number.rounded(.towardZero), number >= Double(range.lowerBound),
              number <= Double(range.upperBound) else {
            throw JSONFieldError(
                field: path, message: "\(Self.show(number)) is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    func array(at path: String) throws(JSONFieldError) -> [JSONNode] {
        guard case .array(let elements) = value else {
            throw JSONFieldError(field: path, message: "expected an array, found \(kindName)")
        }
        return elements
    }

    /// A number as written by a person: no trailing ".0" on whole numbers.
    static func show(_ number: Double) -> String {
        if number == number.rounded(.towardZero), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
