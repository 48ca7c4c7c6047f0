import CJack
import Glibc

extension JackClient {
    /// Registers a port of this client (`jack_port_register`); its full name
    /// is `client:name`. The client owns the port until ``unregisterPort(_:)``
    /// or ``close()``.
    ///
    /// - Parameter isTerminal: Sets `JackPortIsTerminal`: the port's data does
    ///   not come from (output) or go on to (input) another port.
    public func registerPort(
        name portName: String, type: JackPortType, direction: JackPortDirection, isTerminal: Bool = false
    ) throws(JackError) -> JackPort {
        try withOpenClient { raw, _ throws(JackError) in
            var flags = JackPortAttributes(direction)
            if isTerminal { flags.insert(.terminal) }
            guard let port = jack_port_register(raw, portName, type.typeString, UInt(flags.rawValue), 0) else {
                throw .portRegistrationFailed(port: portName, client: name)
            }
            return JackPort(rawValue: port)
        }
    }

    /// Unregisters one of this client's ports (`jack_port_unregister`); the
    /// handle is invalid afterwards.
    public func unregisterPort(_ port: JackPort) throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            let portName = port.name
            let code = jack_port_unregister(raw, port.rawValue)
            guard code == 0 else { throw .portUnregistrationFailed(port: portName, code: code) }
        }
    }

    /// The port with this full name (`jack_port_by_name`).
    public func port(named portName: String) throws(JackError) -> JackPort {
        try withOpenClient { raw, _ throws(JackError) in
            guard let port = jack_port_by_name(raw, portName) else { throw .portNotFound(port: portName) }
            return JackPort(rawValue: port)
        }
    }

    /// Full names of the ports matching every given filter, in the server's
    /// order (`jack_get_ports`).
    ///
    /// - Parameters:
    ///   - pattern: A POSIX extended regular expression searched for in the
    ///     full names (unanchored: `^system:` anchors it); `nil` matches all.
    ///   - type: Only ports of this type.
    ///   - flags: Only ports having all of these flags.
    public func ports(
        matching pattern: String? = nil, type: JackPortType? = nil, flags: JackPortAttributes = []
    ) throws(JackError) -> [String] {
        try withOpenClient { raw, _ in
            let typePattern = type.map { "^" + JackPortPattern.escaped($0.typeString) + "$" }
            return JackClient.strings(jack_get_ports(raw, pattern, typePattern, UInt(flags.rawValue)))
        }
    }

    /// Full names of the ports `pattern` matches that a port of `type` and
    /// `direction` connects to: outputs for an input, inputs for an output.
    func peers(matching pattern: JackPortPattern, type: JackPortType, direction: JackPortDirection) throws(JackError) -> [String] {
        try ports(matching: pattern.regularExpression, type: type, flags: JackPortAttributes(direction.opposite))
    }

    /// Connects an output port to an input port (`jack_connect`); both are
    /// full names and the client must be active. Connecting ports that are
    /// already connected succeeds (`EEXIST`).
    public func connect(_ source: String, _ destination: String) throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            let code = jack_connect(raw, source, destination)
            guard code == 0 || code == EEXIST else {
                throw .connectFailed(source: source, destination: destination, code: code)
            }
        }
    }

    /// Removes the connection from `source` to `destination`
    /// (`jack_disconnect`).
    public func disconnect(_ source: String, _ destination: String) throws(JackError) {
        try withOpenClient { raw, _ throws(JackError) in
            let code = jack_disconnect(raw, source, destination)
            guard code == 0 else {
                throw .disconnectFailed(source: source, destination: destination, code: code)
            }
        }
    }

    /// Full names of the ports connected to the named port
    /// (`jack_port_get_all_connections`).
    public func connections(of portName: String) throws(JackError) -> [String] {
        try withOpenClient { raw, _ throws(JackError) in
            guard let port = jack_port_by_name(raw, portName) else { throw .portNotFound(port: portName) }
            return JackClient.strings(jack_port_get_all_connections(raw, port))
        }
    }

    /// A port's capture or playback latency in frames
    /// (`jack_port_get_latency_range`). JACK computes it from the port's
    /// connections, so it is zero until connected; reread it when
    /// ``latencyChangeCount`` changes.
    public func portLatencyRange(_ port: JackPort, mode: JackLatencyMode) throws(JackError) -> JackLatencyRange {
        try withOpenClient { _, _ in JackLatencyRange(port.rawValue, mode: mode) }
    }

    /// Copies and frees (`jack_free`) a NULL-terminated list libjack returned.
    static func strings(_ list: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> [String] {
        guard let list else { return [] }
        defer { jack_free(list) }
        var result: [String] = []
        var index = 0
        while let name = list[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }
}
