import CJack

/// The data a port carries, from its JACK type string.
public enum JackPortType: Hashable, Sendable, CustomStringConvertible {
    /// `JACK_DEFAULT_AUDIO_TYPE`: 32-bit float mono audio.
    case audio
    /// `JACK_DEFAULT_MIDI_TYPE`: 8-bit raw MIDI.
    case midi
    /// Any other type string a client registered.
    case other(String)

    init(typeString: String) {
        switch typeString {
        case JackPortType.audioTypeString: self = .audio
        case JackPortType.midiTypeString: self = .midi
        default: self = .other(typeString)
        }
    }

    /// The string libjack expects (`jack_port_register`, `jack_get_ports`).
    public var typeString: String {
        switch self {
        case .audio: JackPortType.audioTypeString
        case .midi: JackPortType.midiTypeString
        case .other(let string): string
        }
    }

    /// `audio`, `midi`, or the raw type string.
    public var description: String {
        switch self {
        case .audio: "audio"
        case .midi: "midi"
        case .other(let string): string
        }
    }

    static let audioTypeString = String(cString: cjack_audio_type())
    static let midiTypeString = String(cString: cjack_midi_type())
}
