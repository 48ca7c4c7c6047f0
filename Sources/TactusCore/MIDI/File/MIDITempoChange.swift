/// A tempo from a tick on, as MIDI files give it: microseconds per quarter note.
public struct MIDITempoChange: Hashable, Sendable {
    public var tick: Int
    /// 1…16777215; 500000 is 120 quarter notes a minute.
    public var microsecondsPerQuarter: Int

    public init(tick: Int, microsecondsPerQuarter: Int) {
        self.tick = tick
        self.microsecondsPerQuarter = microsecondsPerQuarter
    }

    /// `quarterNotesPerMinute` converted to whole microseconds per quarter note
    /// (rounded to the nearest, so 97 BPM becomes 618557 µs).
    public init(tick: Int, quarterNotesPerMinute tempo: Tempo) {
        let milliBPM = max(tempo.milliBPM, 1)
        self.init(tick: tick, microsecondsPerQuarter: Int((60_000_000_000 + milliBPM / 2) / milliBPM))
    }

    /// Quarter notes per minute, to the nearest thousandth.
    public var quarterNotesPerMinute: Tempo {
        let microseconds = Int64(max(microsecondsPerQuarter, 1))
        return Tempo(milliBPM: (60_000_000_000 + microseconds / 2) / microseconds)
    }
}
