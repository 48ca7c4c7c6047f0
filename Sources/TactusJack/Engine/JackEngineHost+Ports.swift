extension JackEngineHost {
    /// A port of the engine's client as the contract describes it (the
    /// manual page's JACK PORTS, `--help`): its name after `CLIENT:`, its
    /// kind, what it carries.
    public struct PortDescription: Hashable, Sendable {
        public let name: String
        public let kind: String
        public let carries: String
    }

    public static let clickPortName = "click"
    public static let clockPortName = "clock"
    public static let inputPortName = "input"
    public static let pedalPortName = "pedal"
    public static let audioPortName = "audio-in"

    /// Every port the engine's client can register, in order.
    public static let portDescriptions: [PortDescription] = [
        PortDescription(name: clickPortName, kind: "audio out", carries: "the metronome"),
        PortDescription(
            name: clockPortName, kind: "MIDI out",
            carries: "MIDI beat clock, 24 ticks per quarter note; Start on bar 1 beat 1, Stop, Song Position Pointer and Continue on resume"),
        PortDescription(name: inputPortName, kind: "MIDI in", carries: "the instrument, scored"),
        PortDescription(name: pedalPortName, kind: "MIDI in", carries: "a foot controller, mapped to actions by a pedal map"),
        PortDescription(
            name: audioPortName, kind: "audio in",
            carries: "with --connect-audio: a microphone or a DI, its strokes found by onset detection and scored"),
        PortDescription(
            name: playerPortName("NAME"), kind: "MIDI or audio in",
            carries: "with --player NAME=PORT: one player's input in a group session"),
    ]

    /// Connects the click to the first two physical playback ports.
    public func connectClickToSystemPlayback() throws(JackError) {
        let physical = try client.ports(type: .audio, flags: [.input, .physical])
        for name in physical.prefix(2) { try client.connect(clickPort.name, name) }
    }
}
