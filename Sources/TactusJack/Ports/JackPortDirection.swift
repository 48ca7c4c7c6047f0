import CJack

/// Which way data flows through a port, from the port's own point of view.
public enum JackPortDirection: Hashable, Sendable, CustomStringConvertible {
    /// Receives data (`JackPortIsInput`): a destination in `jack_connect`.
    case input
    /// Provides data (`JackPortIsOutput`): a source in `jack_connect`.
    case output

    /// Reads `JackPortIsInput` from a port's flags; anything else is an output.
    init(flags: Int32) {
        self = flags & Int32(JackPortIsInput.rawValue) != 0 ? .input : .output
    }

    /// The direction a port must have to be connected to this one.
    public var opposite: JackPortDirection {
        self == .input ? .output : .input
    }

    /// `in` or `out`.
    public var description: String {
        self == .input ? "in" : "out"
    }
}
