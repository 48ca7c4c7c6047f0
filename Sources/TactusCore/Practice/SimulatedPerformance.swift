/// A ``SimulatedPlayer`` performance written down as a Standard MIDI File,
/// with the offsets it was meant to have: a recording whose truth is known,
/// for demos and end-to-end tests of whatever scores it.
///
/// Tick 0 of the file is bar 1 beat 1 (any count-in is before the file
/// starts, where `tactus run` sends MIDI Start). The file holds one tempo,
/// in whole microseconds per quarter note as the format requires, so its
/// own beat grid is off the exact tempo by up to half a microsecond a quarter
/// note (97 BPM is stored as 618557 µs, 96.99995 BPM). The notes do not
/// inherit that error: each simulated frame is turned into seconds from bar 1
/// and then into the tick the file's own tempo map puts at that time, so a
/// reader that follows the tempo map (as `tactus play` does) hears each note
/// within half a tick of its simulated time. Notes the player rushed ahead of
/// bar 1 would need negative ticks and are left out.
public struct SimulatedPerformance: Sendable {
    /// One written note: what was simulated and where the file has it.
    public struct Note: Hashable, Sendable {
        public var played: SimulatedPlayer.Note
        /// The note's tick in the file.
        public var tick: Int
        /// Its offset as the file places it: the tempo map's time of `tick`
        /// minus the time of the grid frame, in milliseconds.
        public var fileOffsetMs: Double
    }

    public static let ticksPerQuarter = 960
    /// How long a note lasts in the file, unless the same note comes sooner.
    public static let noteTicks = 120

    public let timeline: Timeline
    /// The notes written, in tick order.
    public let notes: [Note]
    /// Notes played before bar 1 beat 1, which the file cannot hold.
    public let notesBeforeBarOne: Int
    public let file: MIDIFile

    /// Plays bars 1 through `bars` of `timeline`, which keeps one meter.
    /// The file holds one tempo: `fileTempo`, else the timeline's first. A
    /// timeline whose tempo changes (a curve played without a click) is
    /// written as a DAW records such a take: at its one tempo, each note at
    /// its time.
    public init(timeline: Timeline, player: SimulatedPlayer, bars: Int, fileTempo: Tempo? = nil) {
        self.timeline = timeline
        var spec = timeline.spec
        if let fileTempo { spec.tempo = fileTempo }
        let tempo = Self.tempoChange(spec)
        let meter = MIDITimeSignature(meter: spec.meter).map { [MIDIMeterChange(tick: 0, timeSignature: $0)] } ?? []
        let map = MIDITempoMap(division: .ticksPerQuarter(Self.ticksPerQuarter), changes: [tempo])
        let rate = Double(timeline.sampleRate)
        let played = bars >= 1 ? player.perform(on: timeline, bars: 1...bars) : []
        var notes: [Note] = []
        var early = 0
        for note in played {
            let tick = map.tick(atSeconds: Double(note.frame - timeline.originFrame) / rate)
            guard tick >= 0 else {
                early += 1
                continue
            }
            let gridSeconds = Double(note.frame - note.offsetFrames - timeline.originFrame) / rate
            notes.append(Note(played: note, tick: tick, fileOffsetMs: (map.seconds(atTick: tick) - gridSeconds) * 1000))
        }
        notes.sort { ($0.tick, $0.played.note) < ($1.tick, $1.played.note) }
        self.notes = notes
        notesBeforeBarOne = early
        var fileNotes: [MIDIFileNote] = []
        for (index, note) in notes.enumerated() {
            // A note ends before the next strike of the same drum.
            let next = notes[(index + 1)...].first { $0.played.note == note.played.note }?.tick
            let duration = next.map { min(Self.noteTicks, $0 - note.tick - 1) } ?? Self.noteTicks
            fileNotes.append(MIDIFileNote(
                tick: note.tick, duration: max(duration, 1), channel: (note.played.channel &- 1) & 0x0F,
                note: note.played.note, velocity: note.played.velocity))
        }
        file = MIDIFile(
            ticksPerQuarter: Self.ticksPerQuarter, tempoChanges: [tempo], meterChanges: meter, notes: fileNotes)
    }

    /// The timeline's tempo as a MIDI tempo: the beat unit converted to
    /// quarter notes, rounded to whole microseconds per quarter note.
    static func tempoChange(_ spec: TimelineSpec) -> MIDITempoChange {
        let unit = spec.beatUnit ?? spec.meter.defaultBeatUnit
        // µs per quarter = 60e6 / (BPM × quarters per beat), quarters per beat = 4 × num / den.
        let numerator = Int64(60_000_000_000) * Int64(unit.denominator)
        let denominator = max(spec.tempo.milliBPM, 1) * 4 * Int64(max(unit.numerator, 1))
        return MIDITempoChange(tick: 0, microsecondsPerQuarter: Int((numerator + denominator / 2) / denominator))
    }

    /// The truth as JSON lines, one object per written note in tick order:
    /// `{"bar":1,"beat":1,"subdivision":1,"note":36,"velocity":110,"channel":10,
    /// "tick":11,"frame":288,"offsetFrames":288,"offsetMs":6.000,"fileOffsetMs":5.986}`.
    /// `subdivision` is the part of the beat in the player's subdivision (1 on
    /// the beat; in 8ths 2 between, in 16ths 2 to 4);
    /// `frame` counts from the timeline's start (the first count-in downbeat);
    /// `offsetMs` is the intended offset, `fileOffsetMs` what the file holds.
    public var truthLines: String {
        let rate = Double(timeline.sampleRate)
        var text = ""
        for note in notes {
            let played = note.played
            text += "{\"bar\":\(played.position.bar),\"beat\":\(played.position.beat),"
                + "\"subdivision\":\(played.position.subdivision),\"note\":\(played.note),"
                + "\"velocity\":\(played.velocity),\"channel\":\(played.channel),\"tick\":\(note.tick),"
                + "\"frame\":\(played.frame - timeline.startFrame),\"offsetFrames\":\(played.offsetFrames),"
                + "\"offsetMs\":\(NumberText.fixed(Double(played.offsetFrames) * 1000 / rate, 3)),"
                + "\"fileOffsetMs\":\(NumberText.fixed(note.fileOffsetMs, 3))}\n"
        }
        return text
    }
}
