import Testing
@testable import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// Whole sessions started from a `SessionSetup`, as `tactus run` starts
/// them, and played on the offline driver. At 48 kHz and 120 BPM in 4/4 a
/// beat is 24 000 frames, a bar 96 000, and 48 frames are 1 ms.
@Suite struct SessionSetupTests {
    static func setup(_ spec: TimelineSpec, bars: Int) -> SessionSetup {
        SessionSetup(spec: spec, config: PracticeConfig(bars: bars), sampleRate: 48_000)
    }

    /// `--score-layer 2` on three clicks against the bar's four beats: the
    /// layer's clicks, every 32 000 frames from the lead of 250 ms (12 000
    /// frames), are the beats, scored whole though the click plays eighths.
    @Test func aScoredLayersClicksAreItsBeatsScoredWhole() throws {
        var setup = Self.setup(TimelineSpec(tempo: Tempo(bpm: 120), subdivision: 2, layers: [ClickLayer(count: 3)]), bars: 2)
        setup.scoreLayer = 2
        var rig = try SessionRig(setup: setup)
        #expect(rig.control.timeline.originFrame == 12_000)
        #expect(rig.control.scoring.subdivision == 1 && rig.control.scoring.layer == 0)
        // 1 ms late on each of the layer's six clicks in two bars.
        rig.run(until: 250_000, input: PlayerScoringTests.snare((0..<6).map { 12_000 + Int64($0) * 32_000 + 48 }))
        #expect(rig.ending == .barsPlayed)
        #expect(rig.hits.map(\.offsetMs) == Array(repeating: 1, count: 6))
        #expect(rig.control.scorer.statistics.misses.isEmpty)
    }

    /// `--free`: the click counts in and stops, and the player's own pulse
    /// (quarters 23 040 frames apart, 125 BPM, from bar 1 at 96 000) is followed.
    @Test func freeTimeCountsInAndFollowsThePlayersPulse() throws {
        var setup = Self.setup(TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), bars: 8)
        setup.free = true
        setup.leadMs = 0
        var rig = try SessionRig(setup: setup)
        rig.run(until: 900_000, input: PlayerScoringTests.snare((0..<40).map { 96_000 + Int64($0) * 23_040 }))
        #expect(rig.clicks == [0, 24_000, 48_000, 72_000])
        #expect(rig.control.timeline.spec.gap == .free)
        let pulse = try #require(rig.control.pulse)
        #expect(pulse.free)
        #expect(abs(try #require(pulse.pulse.bpm) - 125) < 1e-9)
        // Bar 9 starts at 864 000: notes 0 to 33 are the session's.
        #expect(rig.ending == .barsPlayed)
        #expect(rig.hits.count == 34)
    }

    /// A gap click's muted bars follow the pulse against the grid; a plain click follows none.
    @Test func aGapClickFollowsThePulseAndAPlainClickNone() throws {
        let gap = try Self.setup(TimelineSpec(tempo: Tempo(bpm: 120), gap: GapPattern(playBars: 1, muteBars: 1)), bars: 2).start()
        #expect(gap.control.pulse?.free == false)
        let plain = try Self.setup(TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2).start()
        #expect(plain.control.pulse == nil)
    }

    /// Leading the transport, the start (250 ms after frame 1 000, 13 000)
    /// moves to the next cycle's first frame: cycles of 1 024 from 500 start
    /// at 13 812.
    @Test func leadingTheTransportStartsBarOneOnACyclesFirstFrame() throws {
        var setup = Self.setup(TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2)
        setup.frameNow = 1_000
        setup.lastCycleStart = 500
        setup.periodFrames = 1_024
        #expect(try setup.start().control.timeline.originFrame == 13_000)
        setup.leadsTransport = true
        let control = try setup.start().control
        #expect(control.timeline.originFrame == 13_812)
        // A fresh grid is placed two periods and 20 ms ahead: 2 048 + 960 frames.
        #expect(control.commandLeadFrames == 3_008)
        setup.periodFrames = 64
        // At least 50 ms: 2 400 frames.
        #expect(try setup.start().control.commandLeadFrames == 2_400)
    }

    /// Leading the transport, a roll 96 frames after bar 1 (13 000) is 96
    /// frames off it; one on bar 1, or one a session not leading sees, is none.
    @Test func leadingTheTransportFindsHowFarItRolledOffBarOne() throws {
        var setup = Self.setup(TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2)
        setup.frameNow = 1_000
        setup.leadsTransport = true
        let control = try setup.start().control
        func rolled(at offset: Int64) -> [EngineEvent] {
            [.transport(TransportReport(frame: offset, sample: TransportSample(rolling: true, frame: 0, offset: offset)))]
        }
        #expect(control.transportRolledOff(rolled(at: 13_096)) == 96)
        #expect(control.transportRolledOff(rolled(at: 13_000)) == nil)
        setup.leadsTransport = false
        #expect(try setup.start().control.transportRolledOff(rolled(at: 13_096)) == nil)
    }

    /// A group of two: keys on MIDI, compensated 1 ms (given), and a kit on
    /// audio, compensated 240 + 480 frames and 1 ms given (16 ms, 768
    /// frames). Keys play on each beat (1 ms early once compensated), the
    /// kit 2 ms late (864 frames after each beat), from bar 1 at 48 000 (a
    /// lead of a second).
    @Test func aGroupOfTwoWithAudioScoresEachPlayerWithTheirOwnCompensation() throws {
        var setup = Self.setup(TimelineSpec(tempo: Tempo(bpm: 120)), bars: 2)
        setup.leadMs = 1_000
        setup.noCalibration = true
        setup.latencyMs = 1
        setup.players = [
            SessionSetup.Player(name: "keys", source: "a2j:keys", isAudio: false, port: "tactus:player-keys"),
            SessionSetup.Player(
                name: "kit", source: "audio:system:capture_1", isAudio: true, port: "tactus:player-kit",
                input: SessionSetup.Input(latencies: PortLatencies.Input(clickOutputFrames: 240, inputCaptureFrames: 480))),
        ]
        let started = try setup.start()
        #expect(started.playerLines == [
            "keys (tactus:player-keys): latency compensation 1.000 ms: JACK 0 frames out + 0 in, no calibration (--no-calibration), +1.000 ms given",
            "kit (tactus:player-kit): latency compensation 16.000 ms: JACK 240 frames out + 480 in, no calibration (--no-calibration), +1.000 ms given",
        ])
        let audio = try #require(started.control.audio)
        #expect(audio.streams.keys.sorted() == [1])
        #expect(audio.name(1) == "player kit: ")
        #expect(started.control.players.journalPlayers?.map(\.name) == ["keys", "kit"])

        let beats = (0..<8).map { 48_000 + Int64($0) * 24_000 }
        let keys = beats.map { RawMIDIEvent(frame: $0, size: 3, status: 0x99, data1: 38, data2: 100, player: 0) }
        let take = StrokeSynthesizer(sampleRate: 48_000, room: 0, noiseDb: nil, seed: 9)
            .render(beats.map { SynthesizedStroke(frame: $0 + 864, voice: .snare, gain: 0.6) }, frameCount: 300_000)
        var rig = try SessionRig(setup: setup)
        rig.run(until: 300_000, input: keys, audio: take, source: 1)
        #expect(rig.ending == .barsPlayed)
        let players = rig.control.players.players
        #expect(players[0].scorer.statistics.hits.map(\.offsetMs) == Array(repeating: -1, count: 8))
        // The detector finds each stroke within 2 frames of where it was synthesised.
        let kit = players[1].scorer.statistics.hits
        #expect(kit.count == 8 && kit.allSatisfy { $0.isAudio && abs($0.offsetMs - 2) <= 2.0 / 48 })
        #expect(players.allSatisfy { $0.scorer.statistics.misses.isEmpty })
        #expect(rig.control.scorer.statistics.hits.count == 16)
    }
}
