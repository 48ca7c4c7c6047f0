/// Checks that bytes are strict JSON (RFC 8259: no trailing commas, comments
/// or NaN) with no duplicate keys and only finite numbers, and says where
/// they are not. Foundation's decoder accepts some of these silently and
/// reports syntax errors without a position; configs are checked here first.
public struct JSONSyntaxChecker {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Nesting deeper than this is refused rather than recursed into.
    public static let maximumDepth = 128

    /// - Throws: `JSONSyntaxError` at the first problem.
    public static func check(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        var checker = JSONSyntaxChecker(bytes: bytes)
        try checker.checkDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func checkDocument() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        try checkEncoding()
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty; expected a JSON object") }
        try value()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected \(found) after the end of the JSON value") }
    }

    private mutating func checkEncoding() throws(JSONSyntaxError) {
        var iterator = bytes[index...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = index
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .emptyInput:
                return
            case .error:
                index = offset
                throw error("the file is not UTF-8 text")
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try container(closedBy: UInt8(ascii: "}"))
        case UInt8(ascii: "["): try container(closedBy: UInt8(ascii: "]"))
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw error("expected a value, found \(found)")
        }
    }

    /// An object (`close` is `}`) or an array (`]`), from its opening bracket.
    private mutating func container(closedBy close: UInt8) throws(JSONSyntaxError) {
        try enter()
        index += 1
        var keys: Set<[UInt8]> = []
        skipWhitespace()
        var more = !peek(close)
        while more {
            skipWhitespace()
            if close == UInt8(ascii: "}") {
                guard peek(UInt8(ascii: "\"")) else {
                    throw error(keys.isEmpty ? "expected a key in double quotes, found \(found)" : "expected a key in double quotes after ',', found \(found) (a trailing comma?)")
                }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else {
                    let (line, column) = position(at: keyStart)
                    throw JSONSyntaxError(line: line, column: column, message: "duplicate key \"\(String(decoding: key, as: UTF8.self))\"")
                }
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the key, found \(found)") }
                index += 1
                skipWhitespace()
            } else if peek(close) {
                throw error("expected a value after ',', found ']' (a trailing comma?)")
            }
            try value()
            skipWhitespace()
            more = peek(UInt8(ascii: ","))
            if more {
                index += 1
            } else if !peek(close) {
                throw error("expected ',' or '\(String(decoding: [close], as: UTF8.self))' after a value, found \(found)")
            }
        }
        index += 1
        depth -= 1
    }

    /// The raw bytes between the quotes.
    private mutating func string() throws(JSONSyntaxError) -> [UInt8] {
        let start = index + 1
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return Array(bytes[start..<(index - 1)])
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard index < bytes.count, isHexDigit(bytes[index]) else {
                            throw error("expected 4 hex digits after \\u, found \(found)")
                        }
                        index += 1
                    }
                default:
                    throw error("unknown escape \\\(String(decoding: [bytes[index]], as: UTF8.self)) in a string")
                }
            case 0..<0x20:
                throw error(byte == 0x0A ? "the string is not closed before the end of the line" : "control character in a string; escape it")
            default:
                index += 1
            }
        }
        throw error("the file ends inside a string")
    }

    private mutating func number() throws(JSONSyntaxError) {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit, found \(found)") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number may not start with 0") }
        } else {
            skipDigits()
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '.', found \(found)") }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent, found \(found)") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("the number \(text) is too large")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = word.withUTF8Buffer { Array($0) }
        guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
            throw error("expected a value, found \(found) (strings need double quotes)")
        }
        index += expected.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// What is at the current position, for messages.
    private var found: String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        switch byte {
        case 0x0A, 0x0D: return "the end of the line"
        case 0x21...0x7E: return "'\(String(decoding: [byte], as: UTF8.self))'"
        case 0x20, 0x09: return "a space"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    /// Line and column (in characters, from 1) of the current position.
    private var position: (line: Int, column: Int) { position(at: index) }

    /// Line and column of byte `offset`, counted from the start of the text:
    /// for messages only, as it reads everything before `offset`.
    private func position(at offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for byte in bytes[min(start, offset)..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let (line, column) = position
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}

/// Text that is not strict JSON, with the line and column (from 1) where
/// reading stopped.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}
