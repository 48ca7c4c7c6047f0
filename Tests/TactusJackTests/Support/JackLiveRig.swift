import Foundation
import TactusCore
import TactusEngine
import TactusSession
import TactusJack

/// `tactus run`'s control loop in miniature, on a real server: the engine
/// host, the session control, a sender playing the pedal into `tactus:pedal`
/// and a recorder on `tactus:click` and `tactus:clock`.
final class JackLiveRig {
    let host: JackEngineHost
    var control: SessionControl
    let sender: JackMIDISender
    let recorder: JackRecorder
    /// Every report the engine sent, in order.
    var events: [EngineEvent] = []

    static let impulses: [[Float]] = [[1.0], [0.5], [0.25], [0.125], [0.9], [0.4], [0.2], [0.1]]

    /// Loads `spec` to start 9600 frames from now and starts playing.
    init(server: JackTestServer, spec: TimelineSpec, pedalMap: PedalMap, setlist: SetlistPlayback? = nil) async throws {
        let host = try JackEngineHost(name: "tactus", server: server.name, sounds: Self.impulses)
        try host.activate()
        guard host.waitForFirstCycle(timeout: .seconds(10)) else { throw JackTestServerError("tactus: no first cycle") }
        let sender = try JackMIDISender(server: server.name)
        recorder = try JackRecorder(server: server.name, capacity: 16_384, minimumSilence: 32)
        try recorder.connect(audio: ["tactus:click"], midi: ["tactus:clock"])
        try sender.client.connect(sender.midiOutput.name, "tactus:pedal")
        self.host = host
        self.sender = sender
        var timelineSpec = spec
        timelineSpec.sampleRate = server.sampleRate
        // JACK waits while the timeline is handed over, so it is in place
        // before its first frame however loaded the machine.
        let timeline = try await sender.holding(after: 9_600) { start in
            let timeline = try Timeline(spec: timelineSpec, startFrame: start)
            host.send(EngineCommand.load(timeline, play: true))
            return timeline
        }
        control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 1), pedalMap: pedalMap, setlist: setlist)
        control.commandLeadFrames = 9_600
    }

    var start: Int64 { control.timeline.startFrame }

    /// Presses (127) and releases (0) controller `number` at each frame.
    func press(_ number: UInt8, at frames: [Int64]) throws {
        try sender.schedule(frames.flatMap {
            [JackRecordedEvent(frame: $0, bytes: [0xB0, number, 127]), JackRecordedEvent(frame: $0 + 960, bytes: [0xB0, number, 0])]
        })
    }

    /// Runs the control loop, as `tactus run` does, until tactus' cycles pass `end`.
    func run(until end: Int64) async throws {
        let frames = max(end - host.cycleFrame, 0) + 4 * Int64(host.bufferSize)
        try await TestWait.frames(frames, of: host).until("the live rig's cycles past frame \(end)") {
            let processed = host.lastCycleEnd
            guard (processed ?? 0) < end else { return true }
            let drained = host.drainEvents()
            events += drained
            var step = control.handle(drained)
            if let processed { step.absorb(control.advance(to: processed)) }
            if !step.commands.isEmpty { host.send(step.commands) }
            return false
        }
        try await recorder.waitUntilProcessed(through: end)
    }

    /// Cycles missed by tactus or the recorder: none on the synchronous test server.
    var gaps: Int { recorder.gaps + host.skippedCycles }

    func onsets(in range: Range<Int64>) -> [Int64] { recorder.onsets.filter { range.contains($0) } }

    func clockTicks(in range: Range<Int64>) -> [Int64] {
        recorder.events.filter { $0.bytes == [0xF8] && range.contains($0.frame) }.map(\.frame)
    }
}
