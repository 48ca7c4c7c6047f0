/// What a remote control surface is told about the session: the answer to
/// `/tactus/query` and, for registered clients, every change.
public struct RemoteState: Hashable, Sendable {
    public var playing: Bool
    public var tempo: Tempo
    public var bar: Int
    public var beat: Int
    public var meter: Meter
    public var subdivision: Int
    public var accents: AccentPattern?
    public var muted: Bool
    public var preset: String?

    public init(
        playing: Bool, tempo: Tempo, bar: Int, beat: Int, meter: Meter, subdivision: Int, accents: AccentPattern? = nil,
        muted: Bool = false, preset: String? = nil
    ) {
        self.playing = playing
        self.tempo = tempo
        self.bar = bar
        self.beat = beat
        self.meter = meter
        self.subdivision = subdivision
        self.accents = accents
        self.muted = muted
        self.preset = preset
    }

    /// `/tactus/state`: playing (T/F), tempo (f BPM), bar (i), beat (i),
    /// meter (s N/D), subdivision (i), accents (s, empty: beat 1 accented),
    /// muted (T/F), preset (s, empty: none).
    public var message: OSCMessage {
        OSCMessage("/tactus/state", [
            .bool(playing), .float(Float(tempo.bpm)), .int(Int32(clamping: bar)), .int(Int32(clamping: beat)),
            .string(meter.description), .int(Int32(clamping: subdivision)), .string(accents?.description ?? ""),
            .bool(muted), .string(preset ?? ""),
        ])
    }

    /// What registered clients are sent when the state changes from
    /// `previous`: `/tactus/state/playing`, `/tactus/state/tempo`,
    /// `/tactus/state/preset`, `/tactus/state/muted`, `/tactus/state/meter`,
    /// `/tactus/state/subdivision`, `/tactus/state/accents` (empty: beat 1
    /// accented) and `/tactus/state/bar` (each new bar while playing), in
    /// that order.
    public func changes(from previous: RemoteState) -> [OSCMessage] {
        var messages: [OSCMessage] = []
        if playing != previous.playing { messages.append(OSCMessage("/tactus/state/playing", [.bool(playing)])) }
        if tempo != previous.tempo { messages.append(OSCMessage("/tactus/state/tempo", [.float(Float(tempo.bpm))])) }
        if preset != previous.preset { messages.append(OSCMessage("/tactus/state/preset", [.string(preset ?? "")])) }
        if muted != previous.muted { messages.append(OSCMessage("/tactus/state/muted", [.bool(muted)])) }
        if meter != previous.meter { messages.append(OSCMessage("/tactus/state/meter", [.string(meter.description)])) }
        if subdivision != previous.subdivision {
            messages.append(OSCMessage("/tactus/state/subdivision", [.int(Int32(clamping: subdivision))]))
        }
        if accents != previous.accents { messages.append(OSCMessage("/tactus/state/accents", [.string(accents?.description ?? "")])) }
        if playing, bar != previous.bar { messages.append(OSCMessage("/tactus/state/bar", [.int(Int32(clamping: bar))])) }
        return messages
    }
}
