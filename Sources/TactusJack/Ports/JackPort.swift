import CJack

/// A port registered on a JACK server: a thin, trivially copyable handle over
/// libjack's `jack_port_t *`.
///
/// The handle does not own the port. It stays valid until the owning client
/// unregisters it (`jack_port_unregister`) or closes; the properties call
/// libjack each time and are for non-realtime threads. Store the handle in
/// realtime state and use ``JackRealtime`` to reach its buffer.
@frozen
public struct JackPort: Hashable, @unchecked Sendable {
    /// libjack's `jack_port_t *`.
    public let rawValue: OpaquePointer

    /// Full name, `client:port` (`jack_port_name`).
    public var name: String {
        String(cString: jack_port_name(rawValue))
    }

    /// Name without the client prefix (`jack_port_short_name`).
    public var shortName: String {
        String(cString: jack_port_short_name(rawValue))
    }

    /// Audio, MIDI or another type string (`jack_port_type`).
    public var type: JackPortType {
        JackPortType(typeString: String(cString: jack_port_type(rawValue)))
    }

    /// Input or output (`jack_port_flags`).
    public var direction: JackPortDirection {
        JackPortDirection(flags: jack_port_flags(rawValue))
    }

    /// Whether the port stands for a hardware connector (`JackPortIsPhysical`).
    public var isPhysical: Bool {
        jack_port_flags(rawValue) & Int32(JackPortIsPhysical.rawValue) != 0
    }
}
