extension MIDIFile {
    /// A file that plays `notes` with `tempoChanges` and `meterChanges`, at
    /// `ticksPerQuarter` (PPQ) — for instance a simulated performance for a
    /// demo or a test. Format 0 puts everything in one track; formats 1 and 2
    /// put tempo and meter in the first track and the notes in a second. At
    /// one tick, tempo and meter come first, then note-offs, then note-ons;
    /// a note lasts at least one tick. Every track ends with the last note-off.
    public init(
        format: Format = .singleTrack, ticksPerQuarter: Int, tempoChanges: [MIDITempoChange],
        meterChanges: [MIDIMeterChange] = [], notes: [MIDIFileNote]
    ) {
        var conductor: [(rank: Int, event: MIDIFileEvent)] = []
        for change in tempoChanges {
            conductor.append((0, MIDIFileEvent(tick: change.tick, message: .meta(.tempo(microsecondsPerQuarter: change.microsecondsPerQuarter)))))
        }
        for change in meterChanges {
            conductor.append((0, MIDIFileEvent(tick: change.tick, message: .meta(.timeSignature(change.timeSignature)))))
        }
        var played: [(rank: Int, event: MIDIFileEvent)] = []
        for note in notes {
            let on = MIDIChannelVoiceMessage.noteOn(channel: note.channel, note: note.note, velocity: note.velocity)
            let off = MIDIChannelVoiceMessage.noteOff(channel: note.channel, note: note.note, velocity: 0)
            played.append((2, MIDIFileEvent(tick: note.tick, message: .channelVoice(on))))
            played.append((1, MIDIFileEvent(tick: note.tick + max(note.duration, 1), message: .channelVoice(off))))
        }
        func ordered(_ events: [(rank: Int, event: MIDIFileEvent)]) -> [MIDIFileEvent] {
            events.enumerated()
                .sorted { ($0.element.event.tick, $0.element.rank, $0.offset) < ($1.element.event.tick, $1.element.rank, $1.offset) }
                .map(\.element.event)
        }
        let end = (conductor + played).map(\.event.tick).max() ?? 0
        let tracks = format == .singleTrack
            ? [MIDIFileTrack(events: ordered(conductor + played), endTick: end)]
            : [MIDIFileTrack(events: ordered(conductor), endTick: end), MIDIFileTrack(events: ordered(played), endTick: end)]
        self.init(format: format, division: .ticksPerQuarter(ticksPerQuarter), tracks: tracks)
    }
}
