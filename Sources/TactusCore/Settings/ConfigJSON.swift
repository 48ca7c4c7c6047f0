import Foundation

/// Strict reading of a JSON config file into a `Decodable` whose fields go
/// through `ConfigObject`: broken JSON is reported with its line and column;
/// unknown fields, duplicate keys and wrong types with the field's path.
enum ConfigJSON {
    /// - Throws: `SettingError` (field and message, and `file` when given).
    /// - Parameter kind: What the file is, for errors about it as a whole (`a pedal map`).
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], kind: String, file: String? = nil) throws(SettingError) -> T {
        do {
            try JSONSyntaxChecker.check(bytes)
        } catch {
            throw SettingError(file: file, field: "line \(error.line), column \(error.column)", message: error.message)
        }
        return try decodeChecked(type, from: Data(bytes), kind: kind, file: file)
    }

    /// `decode` of JSON text already known to be well-formed (or whose syntax
    /// is left to `JSONDecoder`).
    static func decodeChecked<T: Decodable>(_ type: T.Type, from data: Data, kind: String, file: String? = nil) throws(SettingError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as SettingError {
            throw file.map(error.inFile) ?? error
        } catch let error as DecodingError {
            let problem = DecodingProblem(error, kind: kind)
            throw SettingError(file: file, field: problem.field, message: problem.message)
        } catch {
            throw SettingError(file: file, field: "", message: "cannot be read as \(kind)")
        }
    }
}
