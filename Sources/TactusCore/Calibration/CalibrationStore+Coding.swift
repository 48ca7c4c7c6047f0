import Foundation

extension CalibrationStore {
    /// Reads a store; `file` names it in errors, which name the field at fault
    /// (`devices["Scarlett 2i2"].latencyMs: expected a number`).
    public static func decode(_ data: Data, file: String) throws(SettingError) -> CalibrationStore {
        try ConfigJSON.decodeChecked(Document.self, from: data, kind: "a calibration store", file: file).store
    }

    /// The store as pretty-printed JSON with sorted keys, ending in a newline.
    /// Same store, same bytes.
    public func encoded() throws(SettingError) -> Data {
        for (device, calibration) in devices {
            try calibration.validate(field: Self.field(device: device))
        }
        do {
            return Data(try FileJSON.encoded(Document(store: self)))
        } catch {
            throw SettingError(field: "", message: "cannot be written as JSON: \(error)")
        }
    }

    static func field(device: String) -> String {
        [Document.Keys.devices, DictionaryKey(stringValue: device)].fieldPath
    }

    /// Dates as ISO 8601 in UTC, to the second: `2025-03-01T10:00:00Z`.
    static let dateStyle = Date.ISO8601FormatStyle()

    /// The file's top level.
    struct Document: Codable {
        var store: CalibrationStore

        init(store: CalibrationStore) {
            self.store = store
        }

        enum Keys: String, CodingKey {
            case schema, devices
        }

        enum EntryKeys: String, CodingKey, CaseIterable {
            case latencyMs, method, measuredAt, spreadMs
        }

        init(from decoder: any Decoder) throws {
            let top = try decoder.container(keyedBy: Keys.self)
            if let schema = try top.decodeIfPresent(String.self, forKey: .schema), schema != CalibrationStore.schema {
                throw SettingError(field: "schema", message: "\"\(schema)\" is not \(CalibrationStore.schema)")
            }
            var devices: [String: DeviceCalibration] = [:]
            if top.contains(.devices) {
                let entries = try top.nestedContainer(keyedBy: DictionaryKey.self, forKey: .devices)
                for key in entries.allKeys {
                    let field = CalibrationStore.field(device: key.stringValue)
                    let entry = try entries.nestedContainer(keyedBy: EntryKeys.self, forKey: key)
                    let methodName = try entry.decode(String.self, forKey: .method)
                    guard let method = CalibrationMethod(rawValue: methodName) else {
                        throw SettingError(field: "\(field).method", message: "\"\(methodName)\" is not tap, loopback or manual")
                    }
                    let dateText = try entry.decode(String.self, forKey: .measuredAt)
                    guard let measuredAt = try? CalibrationStore.dateStyle.parse(dateText) else {
                        throw SettingError(field: "\(field).measuredAt", message: "\"\(dateText)\" is not a date like 2025-03-01T10:00:00Z")
                    }
                    let calibration = DeviceCalibration(
                        latencyMs: try entry.decode(Double.self, forKey: .latencyMs), method: method,
                        measuredAt: measuredAt, spreadMs: try entry.decodeIfPresent(Double.self, forKey: .spreadMs) ?? 0)
                    try calibration.validate(field: field)
                    devices[key.stringValue] = calibration
                }
            }
            store = CalibrationStore(devices: devices)
        }

        func encode(to encoder: any Encoder) throws {
            var top = encoder.container(keyedBy: Keys.self)
            try top.encode(CalibrationStore.schema, forKey: .schema)
            var entries = top.nestedContainer(keyedBy: DictionaryKey.self, forKey: .devices)
            for (device, calibration) in store.devices {
                var entry = entries.nestedContainer(keyedBy: EntryKeys.self, forKey: DictionaryKey(stringValue: device))
                try entry.encode(calibration.latencyMs, forKey: .latencyMs)
                try entry.encode(calibration.method.rawValue, forKey: .method)
                try entry.encode(CalibrationStore.dateStyle.format(calibration.measuredAt), forKey: .measuredAt)
                try entry.encode(calibration.spreadMs, forKey: .spreadMs)
            }
        }
    }
}
