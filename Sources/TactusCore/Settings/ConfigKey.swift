/// Any JSON object key, so a decoder can see (and refuse) unknown ones.
struct ConfigKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) {
        stringValue = name
    }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

extension [any CodingKey] {
    /// `tempoMap[1].bar` for the keys tempoMap, 1, bar; `devices["kit"].method`
    /// for devices, the `DictionaryKey` kit, method.
    var fieldPath: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else if key is DictionaryKey {
                path += "[\"\(key.stringValue)\"]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }
}
