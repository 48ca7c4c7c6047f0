extension PracticeConfig {
    /// Reads a config from JSON text, strictly: broken JSON is reported with
    /// its line and column; unknown fields, duplicate keys and wrong types
    /// with the field's path. Values are not checked here (see `validate()`).
    /// - Throws: `PracticeConfigError`.
    public init(json bytes: [UInt8]) throws(PracticeConfigError) {
        self = try ConfigJSON.decode(PracticeConfig.self, from: bytes, kind: "a practice config")
    }
}
