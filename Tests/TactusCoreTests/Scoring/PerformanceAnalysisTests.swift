import Testing
@testable import TactusCore

@Suite struct PerformanceAnalysisTests {
    static let source = ReportSource(kind: .analyze, file: "take.mid")

    static func signature(_ beats: Int, _ power: Int) -> MIDITimeSignature {
        MIDITimeSignature(numerator: beats, denominatorPower: power)
    }

    static func analyze(_ file: MIDIFile, _ settings: AnalysisSettings = AnalysisSettings()) throws -> PerformanceAnalysis {
        try PerformanceAnalysis.analyze(file, settings: settings, createdAt: "2026-03-01T18:00:00Z", source: source)
    }

    /// 480 PPQ at 120 BPM: a tick is 1041.6 µs, 50 frames at 48 kHz.
    @Test func steadyFileScoresToTheTick() throws {
        // Eighths for two bars of 4/4; offsets in ticks cycle 0, +2, -1, +4.
        let offsets = [0, 2, -1, 4]
        let notes = (0..<16).map { index in
            MIDIFileNote(tick: 240 * index + offsets[index % 4], duration: 60, channel: 9, note: 38, velocity: 90)
        }
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
                            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: Self.signature(4, 2))], notes: notes)
        let analysis = try Self.analyze(file, AnalysisSettings(scoring: ScoringSettings(subdivision: 2)))
        let report = analysis.report
        #expect(analysis.warnings == [])
        #expect(report.hits.map(\.offsetMs) == (0..<16).map { Double(offsets[$0 % 4] * 50) * 1000 / 48_000 })
        #expect(report.hits.map(\.position) == (0..<16).map { GridPosition(bar: $0 / 8 + 1, beat: $0 % 8 / 2 + 1, subdivision: $0 % 2 + 1) })
        #expect(report.hits.map(\.channel) == Array(repeating: 10, count: 16))
        #expect(report.settings.tempo == Tempo(milliBPM: 120_000))
        #expect(report.settings.meter == .fourFour)
        #expect(report.summary.misses == 0)
        // The file ends with the last note-off, after bar 2's last eighth: both bars count in full.
        #expect(report.summary.durationS == 4)
        #expect(report.tempoChanges == [])
    }

    /// A tempo change on beat 3 of bar 2 and a 3/4 bar from bar 3: every beat
    /// falls on the frame the file's own tempo map gives it.
    @Test func gridFollowsMidBarTempoChangesAndTimeSignatures() throws {
        let tempos = [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000), MIDITempoChange(tick: 480 * 6, microsecondsPerQuarter: 400_000)]
        let meters = [MIDIMeterChange(tick: 0, timeSignature: Self.signature(4, 2)), MIDIMeterChange(tick: 480 * 8, timeSignature: Self.signature(3, 2))]
        let beatTicks = Array(stride(from: 0, to: 480 * 14, by: 480))   // bars 1–2 of 4/4, then bars 3–4 of 3/4
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: tempos, meterChanges: meters,
                            notes: beatTicks.map { MIDIFileNote(tick: $0, duration: 10, note: 36, velocity: 100) })
        let analysis = try Self.analyze(file)
        let report = analysis.report
        #expect(report.hits.allSatisfy { $0.offsetMs == 0 })
        #expect(report.hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 2), GridPosition(bar: 1, beat: 3), GridPosition(bar: 1, beat: 4),
            GridPosition(bar: 2, beat: 1), GridPosition(bar: 2, beat: 2), GridPosition(bar: 2, beat: 3), GridPosition(bar: 2, beat: 4),
            GridPosition(bar: 3, beat: 1), GridPosition(bar: 3, beat: 2), GridPosition(bar: 3, beat: 3),
            GridPosition(bar: 4, beat: 1), GridPosition(bar: 4, beat: 2), GridPosition(bar: 4, beat: 3),
        ])
        let timeline = analysis.timeline
        #expect(timeline.segments.map(\.firstBar) == [1, 2, 3])
        #expect(timeline.segments.map(\.firstBeatInBar) == [0, 2, 0])
        #expect(timeline.segments.map(\.startMilliBPM) == [120_000, 150_000, 150_000])
        #expect(timeline.beatsPerBar(bar: 3) == 3)
        for (index, tick) in beatTicks.enumerated() {
            #expect(report.hits[index].gridFrame == file.tempoMap.frame(atTick: tick, sampleRate: 48_000))
        }
        #expect(report.tempoChanges == [ReportTempoChange(frame: 144_000, bar: 2, tempo: Tempo(milliBPM: 150_000), cause: "file")])
        #expect(report.bars.map(\.bar) == [1, 2, 3, 4])
    }

    /// A tempo change half way through beat 3: from beat 4 on the grid is the
    /// file's exact timing again; the beat it falls in keeps its start.
    @Test func tempoChangeOffTheBeatTakesOverOnTheNextBeat() throws {
        let tempos = [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000), MIDITempoChange(tick: 1200, microsecondsPerQuarter: 400_000)]
        let beatTicks = Array(stride(from: 0, to: 480 * 12, by: 480))
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: tempos,
                            notes: beatTicks.map { MIDIFileNote(tick: $0, duration: 10, note: 36, velocity: 100) })
        let analysis = try Self.analyze(file)
        #expect(analysis.timeline.segments.map(\.firstBeatInBar) == [0, 3])
        #expect(analysis.report.hits.map(\.gridFrame) == beatTicks.map { file.tempoMap.frame(atTick: $0, sampleRate: 48_000) })
        #expect(analysis.report.hits.allSatisfy { $0.offsetMs == 0 })
        #expect(analysis.report.tempoChanges.map(\.bar) == [1])
    }

    /// 97 BPM as a DAW writes it (618 557 µs) is not a whole thousandth of a
    /// BPM: the grid is re-anchored so no beat strays a frame over a long take.
    @Test func inexactTempoStaysOnTheFilesTiming() throws {
        let file = MIDIFile(ticksPerQuarter: 960, tempoChanges: [MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(milliBPM: 97_000))],
                            notes: [MIDIFileNote(tick: 960 * 20_000, duration: 1, note: 36, velocity: 100)])
        let analysis = try Self.analyze(file)
        let timeline = analysis.timeline
        var worst: Int64 = 0
        for beat in stride(from: 0, through: 20_000, by: 7) {
            let position = GridPosition(bar: beat / 4 + 1, beat: beat % 4 + 1)
            let exact = file.tempoMap.frame(atTick: 960 * beat, sampleRate: 48_000)
            worst = max(worst, abs(timeline.frame(of: position, subdivision: 1, swing: nil) - exact))
        }
        #expect(worst <= 1)
        // 20 000 beats (3.4 hours) in anchored runs, not one per beat.
        #expect(timeline.segments.count < 2_000)
        #expect(analysis.report.hits.first?.offsetMs == 0)
        #expect(analysis.report.hits.first?.position == GridPosition(bar: 5001, beat: 1))
    }

    @Test func originAfterACountIn() throws {
        // One bar of count-in clicks, then a bar played 1 tick (50 frames) late.
        let notes = (0..<8).map { (beat: Int) in MIDIFileNote(tick: 480 * beat + (beat >= 4 ? 1 : 0), duration: 10, note: 38, velocity: 100) }
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)], notes: notes)
        for origin in [AnalysisOrigin.beats(thousandths: 4_000), .time(microseconds: 2_000_000)] {
            let report = try Self.analyze(file, AnalysisSettings(origin: origin)).report
            #expect(report.hits.map(\.countIn) == [true, true, true, true, false, false, false, false])
            #expect(report.hits.map(\.position.bar) == [0, 0, 0, 0, 1, 1, 1, 1])
            #expect(report.summary.matched == 4)
            #expect(report.summary.meanOffsetMs == Double(50 * 1000) / 48_000)
            #expect(report.hits[4].timeS == Double(50) / 48_000)
        }
        // Half a beat in: the eighth-note grid puts the downbeat between clicks.
        let half = try Self.analyze(file, AnalysisSettings(scoring: ScoringSettings(subdivision: 2), origin: .beats(thousandths: 500))).report
        #expect(half.hits[1].position == GridPosition(bar: 1, beat: 1, subdivision: 2))
        #expect(half.hits[1].offsetMs == 0)
    }

    @Test func steadyTempoIgnoresTheTempoMap() throws {
        // Played at 100 BPM, scored against a steady 100 BPM grid although the file says 120.
        let notes = (0..<8).map { MIDIFileNote(tick: $0 * 576, duration: 10, note: 38, velocity: 100) }   // 0.6 s apart at 120 BPM
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
                            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: Self.signature(3, 2)), MIDIMeterChange(tick: 1440, timeSignature: Self.signature(2, 2))],
                            notes: notes)
        let analysis = try Self.analyze(file, AnalysisSettings(tempo: Tempo(milliBPM: 100_000)))
        #expect(analysis.report.hits.allSatisfy { $0.offsetMs == 0 })
        #expect(analysis.report.hits.map(\.position.beat) == [1, 2, 3, 1, 2, 3, 1, 2])
        #expect(analysis.warnings == ["with a steady tempo the grid keeps one meter, 3/4; the file's other time signatures are left out (give --meter)"])
        let fixed = try Self.analyze(file, AnalysisSettings(tempo: Tempo(milliBPM: 100_000), meter: .fourFour))
        #expect(fixed.warnings == [])
        #expect(fixed.report.hits.map(\.position.beat) == [1, 2, 3, 4, 1, 2, 3, 4])
    }

    @Test func timeSignatureInsideABarStartsAtTheNextBarLine() throws {
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [],
                            meterChanges: [MIDIMeterChange(tick: 480 * 5, timeSignature: Self.signature(3, 2))],
                            notes: (0..<14).map { MIDIFileNote(tick: 480 * $0, duration: 10, note: 38, velocity: 100) })
        let analysis = try Self.analyze(file)
        #expect(analysis.warnings == ["time signature 3/4 at tick 2400 falls inside bar 2; it starts at bar 3"])
        #expect(analysis.report.hits.map(\.position.bar) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    }

    @Test func compoundMetersBeatInDottedQuarters() throws {
        // 6/8 at 480 PPQ: a beat is 720 ticks, two to the bar.
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)],
                            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: Self.signature(6, 3))],
                            notes: (0..<6).map { MIDIFileNote(tick: 240 * $0, duration: 10, note: 42, velocity: 100) })
        let report = try Self.analyze(file, AnalysisSettings(scoring: ScoringSettings(subdivision: 3))).report
        #expect(report.settings.tempo == Tempo(milliBPM: 80_000))
        #expect(report.settings.meter == Meter(beats: 6, noteValue: 8))
        #expect(report.hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1, subdivision: 1), GridPosition(bar: 1, beat: 1, subdivision: 2), GridPosition(bar: 1, beat: 1, subdivision: 3),
            GridPosition(bar: 1, beat: 2, subdivision: 1), GridPosition(bar: 1, beat: 2, subdivision: 2), GridPosition(bar: 1, beat: 2, subdivision: 3),
        ])
        #expect(report.hits.allSatisfy { $0.offsetMs == 0 })
    }

    @Test func filtersAndEmptyFiles() throws {
        let notes = [MIDIFileNote(tick: 0, duration: 10, channel: 9, note: 36, velocity: 100),
                     MIDIFileNote(tick: 480, duration: 10, channel: 0, note: 60, velocity: 100)]
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [], notes: notes)
        let drums = try Self.analyze(file, AnalysisSettings(scoring: ScoringSettings(noteFilter: NoteFilter(channels: [10]))))
        #expect(drums.report.hits.map(\.note) == [36])
        // The file runs on to the piano's note-off, so beat 2 was expected of the drums too.
        #expect(drums.report.summary.misses == 1)
        let nothing = try Self.analyze(file, AnalysisSettings(scoring: ScoringSettings(noteFilter: NoteFilter(notes: [38...38]))))
        #expect(nothing.warnings == ["none of the file's 2 note-ons passes the note and channel filter"])
        #expect(nothing.report.hits == [])
        let empty = try Self.analyze(MIDIFile(ticksPerQuarter: 480, tempoChanges: [], notes: []))
        #expect(empty.warnings == ["the file has no notes to score"])
        #expect(empty.report.summary.hits == 0)
    }

    @Test func tempoOutsideTheRangeNeedsASteadyGrid() throws {
        let file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [MIDITempoChange(tick: 1920, microsecondsPerQuarter: 100_000)],
                            notes: [MIDIFileNote(tick: 3840, duration: 10, note: 36, velocity: 100)])
        #expect(throws: SettingError(field: "tempo at tick 1920", message: "600 BPM is outside 20–400; give --bpm to score against a steady tempo")) {
            try Self.analyze(file)
        }
        #expect(try Self.analyze(file, AnalysisSettings(tempo: Tempo(milliBPM: 120_000))).report.hits.count == 1)
        let odd = MIDIFile(ticksPerQuarter: 480, tempoChanges: [], meterChanges: [MIDIMeterChange(tick: 0, timeSignature: Self.signature(5, 6))], notes: [])
        #expect(throws: SettingError(field: "time signature at tick 0", message: "5/64 is not a meter tactus can play (1–32 beats of 1, 2, 4, 8, 16 or 32)")) {
            try Self.analyze(odd)
        }
    }

    @Test func smpteFilesScoreAgainstAGivenTempo() throws {
        // 25 fps × 40 ticks: a tick is a millisecond.
        var file = MIDIFile(ticksPerQuarter: 480, tempoChanges: [], notes: (0..<4).map { MIDIFileNote(tick: 500 * $0 + 3, duration: 10, note: 38, velocity: 100) })
        file.division = .smpte(framesPerSecond: 25, ticksPerFrame: 40)
        let guessed = try Self.analyze(file)
        #expect(guessed.warnings == ["the file counts time in SMPTE frames and has no tempo; scoring against 120 BPM (give --bpm)"])
        #expect(guessed.report.hits.map(\.offsetMs) == [3, 3, 3, 3])
        let given = try Self.analyze(file, AnalysisSettings(tempo: Tempo(milliBPM: 240_000)))
        #expect(given.warnings == [])
        #expect(given.report.hits.map(\.position) == [
            GridPosition(bar: 1, beat: 1), GridPosition(bar: 1, beat: 3), GridPosition(bar: 2, beat: 1), GridPosition(bar: 2, beat: 3),
        ])
    }
}
