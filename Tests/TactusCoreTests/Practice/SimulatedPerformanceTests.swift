import Testing
import TactusCore

@Suite struct SimulatedPerformanceTests {
    static func performance(
        bpm: Double = 97, meter: String = "4/4", countIn: Int = 0, bars: Int = 16, player: SimulatedPlayer = SimulatedPlayer()
    ) throws -> SimulatedPerformance {
        let spec = TimelineSpec(tempo: Tempo(bpm: bpm), meter: try #require(Meter(parsing: meter)), countInBars: countIn)
        return SimulatedPerformance(timeline: try Timeline(spec: spec), player: player, bars: bars)
    }

    @Test func theTempoIsWholeMicrosecondsPerQuarterOfTheBeatUnit() throws {
        func microseconds(_ bpm: Double, _ meter: String) throws -> [Int] {
            try Self.performance(bpm: bpm, meter: meter, bars: 1).file.tempoMap.changes.map(\.microsecondsPerQuarter)
        }
        // 60000000 / 97 = 618556.7
        #expect(try microseconds(97, "4/4") == [618_557])
        // 133 eighths a minute are 66.5 quarters: 902255.6 µs.
        #expect(try microseconds(133, "7/8") == [902_256])
        // 60 dotted quarters are 90 quarters.
        #expect(try microseconds(60, "6/8") == [666_667])
        #expect(try microseconds(60, "2/2") == [500_000])
        #expect(try Self.performance(meter: "7/8", bars: 1).file.meterChanges
            == [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 7, denominatorPower: 3, clocksPerClick: 12))])
    }

    /// Each note is written at the tick whose time is nearest its simulated
    /// time from bar 1, so it plays within half a tick (322 µs, 15.5 frames
    /// at 97 BPM) of it, even though the file's tempo is not exactly 97.
    @Test func notesPlayWithinHalfATickOfTheirSimulatedFrames() throws {
        let performance = try Self.performance(countIn: 1, bars: 64)
        let timeline = performance.timeline
        let map = performance.file.tempoMap
        #expect(timeline.originFrame == 118_763)
        #expect(performance.notes.count > 700)
        var worst: Int64 = 0
        for note in performance.notes {
            let simulated = note.played.frame - timeline.originFrame
            worst = max(worst, abs(map.frame(atTick: note.tick, sampleRate: 48_000) - simulated))
            let grid = timeline.frame(of: note.played.position, subdivision: 2, swing: nil)
            #expect(note.played.frame - grid == note.played.offsetFrames)
            #expect(abs(note.fileOffsetMs - Double(note.played.offsetFrames) / 48) <= 0.323)
        }
        #expect(worst <= 15)
        #expect(worst >= 14)
    }

    @Test func theFileReadsBackNoteForNote() throws {
        let performance = try Self.performance(bars: 8)
        let file = try MIDIFile.read(performance.file.encoded()).file
        let noteOns = file.noteOns
        #expect(noteOns.map(\.tick) == performance.notes.map(\.tick))
        #expect(noteOns.map(\.note) == performance.notes.map(\.played.note))
        #expect(noteOns.map(\.velocity) == performance.notes.map(\.played.velocity))
        #expect(noteOns.allSatisfy { $0.channel == 9 })
        #expect(file.division == .ticksPerQuarter(960))
        // Every drum's note-offs come before its next note-on.
        for drum in [SimulatedPlayer.hiHat, SimulatedPlayer.kick, SimulatedPlayer.snare] {
            var sounding = false
            for event in file.tracks[0].events {
                switch event.message {
                case .channelVoice(.noteOn(_, let note, _)) where note == drum:
                    #expect(!sounding)
                    sounding = true
                case .channelVoice(.noteOff(_, let note, _)) where note == drum:
                    #expect(sounding)
                    sounding = false
                default:
                    break
                }
            }
        }
    }

    @Test func notesRushedAheadOfBarOneAreLeftOut() throws {
        let player = SimulatedPlayer(seed: 5, meanOffsetMs: -20, spreadMs: 0, driftMsPerMinute: 0, beatBiasMs: [], missProbability: 0)
        let performance = try Self.performance(bpm: 120, bars: 2, player: player)
        // Hi-hat and kick on bar 1 beat 1 come 20 ms (± a little) early.
        #expect(performance.notesBeforeBarOne == 2)
        #expect(performance.notes.count == 2 * 4 * 3 - 2)
        #expect(performance.notes.first?.played.position == GridPosition(bar: 1, beat: 1, subdivision: 2))
        #expect(performance.notes.allSatisfy { $0.tick > 0 })
    }

    @Test func truthLinesNameEveryWrittenNote() throws {
        let performance = try Self.performance(countIn: 1, bars: 2)
        let lines = performance.truthLines.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == performance.notes.count + 1)
        #expect(lines.last == "")
        #expect(lines[0] == #"{"bar":1,"beat":1,"subdivision":1,"note":42,"velocity":116,"channel":10,"tick":6,"frame":118953,"offsetFrames":190,"offsetMs":3.958,"fileOffsetMs":3.866}"#)
        #expect(lines[2] == #"{"bar":1,"beat":1,"subdivision":2,"note":42,"velocity":86,"channel":10,"tick":469,"frame":133280,"offsetFrames":-328,"offsetMs":-6.833,"fileOffsetMs":-7.080}"#)
    }
}
