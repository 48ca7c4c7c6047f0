/// What a session manager (nsmd, RaySession, …) says to its client, read
/// from OSC as the NSM API 1.1 has it. Anything else is not for the client
/// protocol (nil).
public enum NSMMessage: Hashable, Sendable {
    /// `/nsm/client/open s:path s:display_name s:client_id`: keep everything
    /// under `path`, and name the JACK client `clientID`.
    case open(path: String, sessionName: String, clientID: String)
    /// `/nsm/client/save`.
    case save
    /// `/nsm/client/session_is_loaded`: every client of the session is open.
    case sessionIsLoaded
    /// `/reply s:path s:message …`: the server answers `path` (the announce).
    case reply(to: String, message: String)
    /// `/error s:path i:code s:message`.
    case error(to: String, code: Int32, message: String)

    public init?(_ message: OSCMessage) {
        let arguments = message.arguments
        switch (message.address, arguments.count) {
        case ("/nsm/client/open", 3):
            guard case .string(let path) = arguments[0], case .string(let name) = arguments[1],
                  case .string(let id) = arguments[2] else { return nil }
            self = .open(path: path, sessionName: name, clientID: id)
        case ("/nsm/client/save", 0):
            self = .save
        case ("/nsm/client/session_is_loaded", 0):
            self = .sessionIsLoaded
        case ("/reply", 1...):
            guard case .string(let path) = arguments[0] else { return nil }
            var text = ""
            if arguments.count > 1, case .string(let said) = arguments[1] { text = said }
            self = .reply(to: path, message: text)
        case ("/error", 3):
            guard case .string(let path) = arguments[0], case .int(let code) = arguments[1],
                  case .string(let text) = arguments[2] else { return nil }
            self = .error(to: path, code: code, message: text)
        default:
            return nil
        }
    }

    /// Whether `address` belongs to the session manager's protocol.
    public static func isSessionManagerAddress(_ address: String) -> Bool {
        address.hasPrefix("/nsm/") || address == "/reply" || address == "/error"
    }
}

/// What the client says to the session manager.
public enum NSMClientMessage {
    /// The NSM API version tactus speaks: 1.1.
    public static let apiVersion: (major: Int32, minor: Int32) = (1, 1)
    /// tactus says when its settings changed since the last save.
    public static let capabilities = ":dirty:"

    /// `/nsm/server/announce s:name s:capabilities s:executable i:major i:minor i:pid`.
    public static func announce(name: String, executable: String, pid: Int32) -> OSCMessage {
        OSCMessage("/nsm/server/announce", [
            .string(name), .string(capabilities), .string(executable), .int(apiVersion.major), .int(apiVersion.minor), .int(pid),
        ])
    }

    /// `/reply s:path s:message`, the answer to `open` or `save` done.
    public static func reply(to path: String, _ message: String) -> OSCMessage {
        OSCMessage("/reply", [.string(path), .string(message)])
    }

    /// `/error s:path i:code s:message`, the answer to `open` or `save` that failed.
    public static func error(to path: String, _ code: NSMErrorCode, _ message: String) -> OSCMessage {
        OSCMessage("/error", [.string(path), .int(code.rawValue), .string(message)])
    }

    /// `/nsm/client/is_dirty` or `/nsm/client/is_clean`.
    public static func dirty(_ dirty: Bool) -> OSCMessage {
        OSCMessage(dirty ? "/nsm/client/is_dirty" : "/nsm/client/is_clean")
    }
}
