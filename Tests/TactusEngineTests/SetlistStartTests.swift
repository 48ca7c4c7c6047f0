import Testing
import TactusCore
@testable import TactusSession

@Suite struct SetlistStartTests {
    /// "Four" at 120 BPM, "Three" at 90 BPM in 3/4 for 8 bars, "Ramp" from 100 to 140.
    static let setlist = Setlist(name: "Gig", presets: [
        SetlistPreset(name: "Four", config: PracticeConfig(bpm: Tempo(bpm: 120))),
        SetlistPreset(name: "Three", config: PracticeConfig(bpm: Tempo(bpm: 90), meter: Meter(beats: 3, noteValue: 4), bars: 8)),
        SetlistPreset(name: "Ramp", config: PracticeConfig(ramp: TempoRamp(from: Tempo(bpm: 100), to: Tempo(bpm: 140), bars: 4))),
    ])
    static let path = "/home/p/gig.json"

    static func start(preset: String? = nil, state: PracticeState? = nil) throws -> SetlistStart {
        try SetlistStart(setlist: setlist, path: path, preset: preset, state: state)
    }

    @Test func thePresetAskedForElseTheOneRememberedElseTheFirst() throws {
        let remembered = PracticeState(setlist: Self.path, preset: "Three", tempo: Tempo(bpm: 96))
        #expect(try Self.start(preset: "ramp", state: remembered).index == 2)
        #expect(try Self.start(state: remembered).index == 1)
        #expect(try Self.start(state: PracticeState(setlist: "/home/p/other.json", preset: "Three")).index == 0)
        #expect(try Self.start(state: PracticeState(setlist: Self.path, preset: "Gone")).index == 0)
        #expect(try Self.start().index == 0)
        #expect(throws: SetlistSelectionError.self) { try Self.start(preset: "Five", state: remembered) }
    }

    @Test func theTempoRememberedForThePresetAppliesUnlessBPMIsGivenOrTheTempoIsPlanned() throws {
        let three = try Self.start(state: PracticeState(setlist: Self.path, preset: "Three", tempo: Tempo(bpm: 96)))
        // The preset's own 8 bars do not end the session.
        #expect(three.config(bpmGiven: false) == PracticeConfig(bpm: Tempo(bpm: 96), meter: Meter(beats: 3, noteValue: 4)))
        #expect(three.config(bpmGiven: true).bpm == Tempo(bpm: 90))
        let ramp = try Self.start(state: PracticeState(setlist: Self.path, preset: "Ramp", tempo: Tempo(bpm: 96)))
        #expect(ramp.config(bpmGiven: false).bpm == nil)
        // A tempo remembered for another preset is not this one's.
        let four = try Self.start(preset: "Four", state: PracticeState(setlist: Self.path, preset: "Three", tempo: Tempo(bpm: 96)))
        #expect(four.config(bpmGiven: false).bpm == Tempo(bpm: 120))
    }

    @Test func thePlaybackHoldsEveryPresetsGridAtTheSessionsRate() throws {
        let start = TimelineSpec(tempo: Tempo(bpm: 132), countInBars: 1)
        let playback = try Self.start(preset: "Four").playback(sampleRate: 44_100, start: start, soundBanks: [0, 1, 0])
        #expect(playback.index == 0)
        #expect(playback.soundBanks == [0, 1, 0])
        #expect(playback.specs.map(\.sampleRate) == [44_100, 44_100, 44_100])
        #expect(playback.specs.map(\.tempo) == [Tempo(bpm: 132), Tempo(bpm: 90), Tempo(bpm: 100)])
        #expect(playback.specs.map(\.countInBars) == [1, 0, 0])
        #expect(playback.specs[1].meter == Meter(beats: 3, noteValue: 4))
    }

    @Test func aPresetWithoutAGridIsNamedByItsPlace() throws {
        let broken = Setlist(name: "Gig", presets: [
            SetlistPreset(name: "Four", config: PracticeConfig()),
            SetlistPreset(name: "Both", config: PracticeConfig(bpm: Tempo(bpm: 90), ramp: TempoRamp(from: Tempo(bpm: 100), to: Tempo(bpm: 140), bars: 4))),
        ])
        let start = try SetlistStart(setlist: broken, path: Self.path, preset: nil, state: nil)
        #expect(throws: SettingError("presets[1].ramp: give bpm or ramp, not both; the ramp starts at its 'from' tempo")) {
            try start.playback(sampleRate: 48_000, start: TimelineSpec(tempo: Tempo(bpm: 120)), soundBanks: [0, 0])
        }
    }
}
