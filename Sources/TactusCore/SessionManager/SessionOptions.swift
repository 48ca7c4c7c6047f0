/// What a tactus started by a session manager (which gives it no
/// arguments) takes from `session.json` in its session folder:
/// `{"oscPort": 7770, "oscAddress": "127.0.0.1", "transport": "follow"}`.
public struct SessionOptions: Hashable, Sendable {
    /// Take OSC commands on this UDP port (as `--osc-port`).
    public var oscPort: Int?
    /// The IPv4 address the OSC port listens on (as `--osc-address`).
    public var oscAddress: String?
    /// Follow the JACK transport (`"follow"`) instead of waiting stopped for a start (`"off"`, the default).
    public var followsTransport = false

    public init(oscPort: Int? = nil, oscAddress: String? = nil, followsTransport: Bool = false) {
        self.oscPort = oscPort
        self.oscAddress = oscAddress
        self.followsTransport = followsTransport
    }

    public init(json bytes: [UInt8], file: String) throws(SettingError) {
        self = try ConfigJSON.decode(SessionOptionsFile.self, from: bytes, kind: "session options", file: file).options
    }
}

private struct SessionOptionsFile: Decodable {
    var options = SessionOptions()

    init(from decoder: any Decoder) throws {
        let object = try ConfigObject(decoder, fields: ["oscPort", "oscAddress", "transport"])
        if let port = try object.integer("oscPort") {
            guard (1...65_535).contains(port) else { throw object.error("oscPort", "\(port) is outside 1–65535") }
            options.oscPort = port
        }
        options.oscAddress = try object.string("oscAddress")
        switch try object.string("transport") {
        case nil, "off": break
        case "follow": options.followsTransport = true
        case let other?: throw object.error("transport", "expected follow or off, got '\(other)'")
        }
    }
}
