/// One track (MTrk chunk) of a MIDI file.
public struct MIDIFileTrack: Hashable, Sendable {
    /// The events in file order, ticks never decreasing. The end-of-track meta
    /// event is not among them: its tick is `endTick`.
    public var events: [MIDIFileEvent]
    /// Where the track ends, at or after its last event.
    public var endTick: Int

    public init(events: [MIDIFileEvent], endTick: Int? = nil) {
        self.events = events
        self.endTick = endTick ?? events.map(\.tick).max() ?? 0
    }

    /// The first track name (meta event 03), decoded as UTF-8.
    public var name: String? {
        for event in events {
            if case .meta(.text(type: MIDIMetaEvent.trackNameType, let bytes)) = event.message {
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return nil
    }
}
