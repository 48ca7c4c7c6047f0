import Foundation

/// How tactus writes a JSON file (a report, the calibration store, the
/// practice state): pretty-printed, keys sorted, slashes unescaped, ending in
/// a newline. Same value, same bytes.
enum FileJSON {
    static func encoded<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value)) + [UInt8(ascii: "\n")]
    }
}
