import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// JACK's latencies change during a session: the session control takes
/// them, its own input's and each player's, and every scorer follows.
/// 120 BPM at 48 kHz from frame 0: 24 000 frames a beat, 48 frames a ms.
@Suite struct SessionLatencyTests {
    static func snare(_ frame: Int64, player: UInt8 = 0) -> RawMIDIEvent {
        RawMIDIEvent(frame: frame, size: 3, status: 0x99, data1: 38, data2: 100, player: player)
    }

    static func ports(_ click: Int64, _ input: Int64) -> PortLatencies.Input {
        PortLatencies.Input(clickOutputFrames: click, inputCaptureFrames: input)
    }

    /// A hit on beat 2 96 frames late is 2 ms late; after 48 + 48 frames
    /// of port latency from frame 36 000, one on beat 3 as late is on time.
    @Test func aSoloSessionFollowsALatencyChange() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        rig.run(until: 36_000, input: [Self.snare(24_096)])
        let step = rig.control.portLatencies(PortLatencies(session: Self.ports(48, 48)), from: 36_000)
        let detail = "latency compensation 2.000 ms: JACK 48 frames out + 48 in"
        #expect(step.feedback == .message(detail))
        #expect(step.journal == SessionJournal.line(.event(SessionEvent(kind: .latency, frame: 36_000, detail: detail))))
        // The same again is no change.
        let again = rig.control.portLatencies(PortLatencies(session: Self.ports(48, 48)), from: 40_000)
        #expect(again.journal.isEmpty && again.feedback == nil)
        rig.run(until: 60_000, input: [Self.snare(48_096)])
        #expect(rig.control.scorer.statistics.hits.map(\.offsetMs) == [2, 0])
        #expect(rig.control.latency == LatencyCompensation(clickOutputFrames: 48, inputCaptureFrames: 48))
        #expect(rig.control.scorer.statistics.events.filter { $0.kind == .latency }.map(\.detail) == [detail])
    }

    /// Each player follows their own port's latencies, keeping their own
    /// offset; the session's own, unchanged, list nothing. Anna (1 ms
    /// offset) hears the click 48 frames late: her hit 96 frames after
    /// beat 3 is on time. What feeds Ben's port takes 96 frames: his 192
    /// after beat 4 is 2 ms late. Together they are 2 and 4 ms late.
    @Test func aGroupFollowsEachPlayersLatencyChange() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120)), bars: nil)
        let scoring = ScoringSettings(subdivision: 2)
        var anna = scoring
        anna.latency = LatencyCompensation(userOffsetMs: 1)
        rig.control.players = try PlayerScoring(
            names: ["anna", "ben"], ports: ["a", "b"], grid: rig.control.timeline, settings: [anna, scoring])
        let step = rig.control.portLatencies(
            PortLatencies(session: Self.ports(0, 0), players: [Self.ports(48, 0), Self.ports(0, 96)]), from: 36_000)
        #expect(step.journal.isEmpty && step.feedback == nil)
        rig.run(until: 100_000, input: [Self.snare(48_096, player: 0), Self.snare(72_192, player: 1)])
        let players = rig.control.players.players
        #expect(players.map(\.scorer.latencyInForce) == [
            LatencyCompensation(clickOutputFrames: 48, inputCaptureFrames: 0, userOffsetMs: 1),
            LatencyCompensation(clickOutputFrames: 0, inputCaptureFrames: 96),
        ])
        #expect(players.map { $0.scorer.statistics.hits.map(\.offsetMs) } == [[0], [2]])
        #expect(rig.control.scorer.statistics.hits.map(\.offsetMs) == [2, 4])
        #expect(rig.control.latency == .none)
    }

    /// Parts of the kit on their own layers play through the session's
    /// input: they follow its latencies.
    @Test func voicePartsFollowTheSessionsLatencies() throws {
        var rig = try SessionRig(spec: TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)]), bars: nil)
        let parts = [try VoiceLayer.parse("snare=2", map: .generalMIDI)]
        rig.control.players = try PlayerScoring(
            parts: VoiceLayerRouting(parts, map: .generalMIDI), grid: rig.control.timeline, settings: ScoringSettings(subdivision: 1))
        _ = rig.control.portLatencies(PortLatencies(session: Self.ports(48, 96)), from: 36_000)
        let compensation = LatencyCompensation(clickOutputFrames: 48, inputCaptureFrames: 96)
        #expect(rig.control.latency == compensation)
        #expect(rig.control.players.players.map(\.scorer.latencyInForce) == [compensation])
    }
}
