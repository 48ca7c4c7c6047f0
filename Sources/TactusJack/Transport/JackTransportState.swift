import CJack

/// The JACK transport's state (`jack_transport_state_t`).
@frozen
public enum JackTransportState: Hashable, Sendable, CustomStringConvertible {
    /// `JackTransportStopped`.
    case stopped
    /// `JackTransportRolling`.
    case rolling
    /// `JackTransportLooping` (old transport API; JACK no longer uses it).
    case looping
    /// `JackTransportStarting`: waiting for slow-sync clients.
    case starting
    /// `JackTransportNetStarting`: waiting for network clients.
    case netStarting

    /// Realtime: copies plain values.
    @inlinable @_noLocks @_noAllocation
    init(_ state: jack_transport_state_t) {
        switch state.rawValue {
        case 1: self = .rolling
        case 2: self = .looping
        case 3: self = .starting
        case 4: self = .netStarting
        default: self = .stopped
        }
    }

    public var description: String {
        switch self {
        case .stopped: "stopped"
        case .rolling: "rolling"
        case .looping: "looping"
        case .starting: "starting"
        case .netStarting: "net-starting"
        }
    }
}
