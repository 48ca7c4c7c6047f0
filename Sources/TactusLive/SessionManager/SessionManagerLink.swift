import TactusCore

/// tactus' side of a session manager's session, once it is open: the
/// socket it announced from, the server, the session folder, and what the
/// server was last told about the settings.
/// Used by the control thread alone (hence unchecked).
public final class SessionManagerLink: @unchecked Sendable {
    public let control: RemoteControl
    let server: UDPAddress
    /// The `path` of `/nsm/client/open`: the folder for everything tactus keeps.
    public let folder: String
    /// The settings as last saved (or as opened), to tell dirty from clean.
    var saved: PracticeConfig?
    /// What the server was last told: dirty (true) or clean.
    var toldDirty = false
    private(set) var openAnswered = false

    public init(control: RemoteControl, server: UDPAddress, folder: String) {
        self.control = control
        self.server = server
        self.folder = folder
    }

    /// The practice settings the session folder keeps.
    public var settingsPath: String { folder + "/tactus.json" }
    /// The options a session manager cannot give on a command line (`SessionOptions`).
    public var optionsPath: String { folder + "/session.json" }
    /// A pedal map in the session folder, used when it is there.
    public var pedalMapPath: String { folder + "/pedal-map.json" }

    func send(_ message: OSCMessage) {
        control.send(message, to: server)
    }

    /// `/reply` to open: the JACK client is up.
    public func opened(as clientName: String) {
        guard !openAnswered else { return }
        openAnswered = true
        send(NSMClientMessage.reply(to: "/nsm/client/open", "tactus is ready as JACK client \(clientName)"))
    }

    /// `/error` to open, unless it was answered already.
    public func openFailed(_ code: NSMErrorCode, _ message: String) {
        guard !openAnswered else { return }
        openAnswered = true
        send(NSMClientMessage.error(to: "/nsm/client/open", code, message))
    }
}
