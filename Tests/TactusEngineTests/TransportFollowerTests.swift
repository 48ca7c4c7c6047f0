import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession
import TactusTestSupport

/// A follow session without a server: a simulated transport whose timebase
/// master is a tactus timeline (bar 1 at transport frame 0), the engine
/// under the offline driver, the follower and the session control.
struct FollowRig: ~Copyable {
    var driver: OfflineDriver
    var control: SessionControl
    var follower: TransportFollower
    /// The master's grid, in transport frames.
    var master: Timeline
    var hasMaster = true
    /// A tempo the master claims instead of its grid's.
    var claimedBPM: Double?
    var rolling = false
    var transportFrame: Int64 = 0
    var clicks: [(frame: Int64, value: Float)] = []
    var midi: [RawMIDIEvent] = []
    var reports: [TransportReport] = []
    var feedback: [LiveFeedback] = []
    var journal = ""
    var pending: [EngineCommand] = [TransportFollower.start]
    /// How far JACK's wall-clock frame estimate runs ahead of the cycles
    /// when the control loop reads it (a loaded machine delays cycles, and
    /// the estimate keeps counting).
    var frameTimeLead: Int64 = 0

    init(master spec: TimelineSpec, own: TimelineSpec = TimelineSpec(tempo: Tempo(bpm: 120)), preferred: (meter: Meter, beatUnit: BeatUnit)? = nil) throws {
        let master = try Timeline(spec: spec)
        let control = try SessionControl(timeline: try Timeline(spec: own), scoring: ScoringSettings(subdivision: 1))
        self.master = master
        self.control = control
        follower = TransportFollower(spec: own, preferred: preferred)
        driver = OfflineDriver(engine: Engine(sounds: impulseSounds), period: 64)
    }

    /// One cycle; `readAhead`: its frame time is read one period ahead, as
    /// a process thread that runs late reads JACK's timer (the next cycle's
    /// frame time is then the same). What it plays is heard at its real frames.
    mutating func cycle(readAhead: Bool = false) {
        var bbt = master.transportBBT(atFrame: transportFrame)
        if let claimedBPM { bbt.beatsPerMinute = claimedBPM }
        let transport = TransportSample(rolling: rolling, frame: transportFrame, bbt: hasMaster ? bbt : nil)
        var output = OfflineDriver.Output()
        let start = driver.frameTime
        if readAhead { driver.frameTime += Int64(driver.period) }
        driver.cycle(commands: pending, transport: transport, into: &output)
        if readAhead { driver.frameTime -= Int64(driver.period) }
        pending = []
        clicks += onsets(output.audio, from: start)
        midi += output.midi
        reports += output.events.compactMap(\.transport)
        if rolling { transportFrame += Int64(driver.period) }
        var step = follower.handle(output.events, at: driver.frameTime + frameTimeLead, control: &control)
        step.absorb(control.advance(to: driver.frameTime))
        journal += step.journal
        if let message = step.feedback { feedback.append(message) }
        pending += step.commands
    }

    mutating func run(until end: Int64) {
        while driver.frameTime < end { cycle() }
    }
}

@Suite struct TransportFollowerTests {
    static let threeFour = TimelineSpec(tempo: Tempo(bpm: 100), meter: Meter(beats: 3, noteValue: 4))

    @Test func clicksOnTheMastersBeatsFromTheFirstOneAndStopsWithTheTransport() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 12_800)
        #expect(rig.clicks.isEmpty)
        #expect(rig.follower.generation == 1)
        rig.rolling = true
        // Rolls from transport frame 0 at frame 12800: beat k at 12800 + 28800 k.
        rig.run(until: 12_800 + 28_800 * 7 + 100)
        rig.rolling = false
        let stoppedAt = rig.driver.frameTime
        rig.run(until: stoppedAt + 100_000)
        #expect(rig.clicks.map(\.frame) == frames(from: 12_800, every: 28_800, count: 8))
        // Accents on the master's downbeats.
        #expect(rig.clicks.map(\.value) == [1, 0.5, 0.5, 1, 0.5, 0.5, 1, 0.5])
        #expect(!rig.control.playing)
        #expect(rig.control.timeline.originFrame == 12_800)
        #expect(rig.control.timeline.frame(ofBar: 3) == 12_800 + 28_800 * 6)
        // MIDI Start on the first tick, 24 ticks a quarter note, Stop where the transport stopped.
        #expect(rig.midi.first == RawMIDIEvent(frame: 12_800, realtime: .start))
        let ticks = rig.midi.filter { $0.status == MIDIRealtimeMessage.clock.byte }.map(\.frame)
        #expect(ticks.count == 7 * 24 + 1)
        #expect(ticks.prefix(3) == [12_800, 14_000, 15_200])
        #expect(rig.midi.last == RawMIDIEvent(frame: stoppedAt, realtime: .stop))
        #expect(rig.feedback.first == .message("following the transport: 3/4 at 100 BPM"))
    }

    @Test func aReportItWaitsOnSaysWhenToLookAgain() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 6_400)
        #expect(rig.follower.waitingUntil == nil)
        // Rolling before the master fills in its bar and beat: the follower
        // waits a tenth of a second for them from the report's cycle, and no
        // new report need come to wake the loop before then.
        rig.hasMaster = false
        rig.rolling = true
        rig.cycle()
        #expect(rig.reports.last?.frame == 6_400)
        let looksAgain: Int64 = 6_400 + 4_800
        #expect(rig.follower.waitingUntil == looksAgain)
        rig.hasMaster = true
        rig.cycle()
        #expect(rig.follower.waitingUntil == nil)
    }

    @Test func rollingOnContinuesTheGridAndTheBars() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 6_400 + 28_800 * 4 + 640)
        rig.rolling = false
        let stoppedFrame = rig.transportFrame
        rig.run(until: 500_000)
        rig.rolling = true
        let rolledAt = rig.driver.frameTime
        rig.run(until: rolledAt + 28_800 * 4)
        // The second take goes on from transport frame 115840: beat 5 is 28160 frames on.
        let second = rig.clicks.filter { $0.frame >= rolledAt }
        #expect(stoppedFrame == 115_840)
        #expect(second.map(\.frame) == frames(from: rolledAt + 28_160, every: 28_800, count: 4))
        #expect(second.map(\.value) == [0.5, 1, 0.5, 0.5])
        // Bar 2 beat 3 is where the first take left off; bar 3 starts the second.
        #expect(rig.control.timeline.frame(ofBar: 3) == rolledAt + 28_160 + 28_800)
        #expect(rig.follower.generation == 1)
        // Continue with the song position: 4.02 quarter notes, 16 sixteenths.
        let resumed = rig.midi.filter { $0.frame >= rolledAt }
        #expect(Array(resumed.prefix(2)) == [
            RawMIDIEvent(frame: rolledAt, songPosition: MIDISongPosition(clampingMIDIBeats: 16)),
            RawMIDIEvent(frame: rolledAt, realtime: .continue),
        ])
    }

    @Test func startingMidBarCountsThatBarIn() throws {
        var rig = try FollowRig(master: Self.threeFour)
        // Bar 2, beat 2 of the master: transport frame 4 × 28800.
        rig.transportFrame = 115_200
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 6_400 + 28_800 * 5)
        #expect(rig.clicks.map(\.frame) == frames(from: 6_400, every: 28_800, count: 5))
        #expect(rig.clicks.map(\.value) == [0.5, 0.5, 1, 0.5, 0.5])
        // Bar 0 is the master's bar 2 (not scored); bar 1 its bar 3.
        #expect(rig.control.timeline.originFrame == 6_400 + 28_800 * 2)
        #expect(rig.control.timeline.isCountIn(bar: 0))
        #expect(rig.midi.prefix(2) == [
            RawMIDIEvent(frame: 6_400, songPosition: MIDISongPosition(clampingMIDIBeats: 16)),
            RawMIDIEvent(frame: 6_400, realtime: .continue),
        ])
    }

    @Test func pedalsAndKeysCannotStopOrRetimeTheFollowedClick() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 20_000)
        rig.pending += [
            .stop(at: .immediately), .setTempo(milliBPM: 130_000, at: .nextBeat),
            .resume,
        ]
        rig.run(until: 6_400 + 28_800 * 3)
        #expect(rig.clicks.map(\.frame) == [6_400, 35_200, 64_000])
        #expect(rig.driver.engine.refusedCommands == 3)
        #expect(rig.control.playing)
    }

    /// A session that ends (its bars played) while the master rolls on:
    /// MIDI Stop, and neither a click nor a Continue after it.
    @Test func theSessionsEndSendsStopThoughTheMasterRollsOn() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 40_000)
        let end = rig.driver.frameTime
        rig.pending += TransportFollower.end
        rig.run(until: end + 28_800 * 3)
        let after = rig.midi.filter { $0.frame >= end }
        #expect(after.map(\.status) == [MIDIRealtimeMessage.stop.byte])
        #expect(after.first?.frame == end)
        #expect(rig.clicks.filter { $0.frame >= end }.isEmpty)
        #expect(rig.driver.engine.refusedCommands == 0)
    }

    @Test func aRelocationWhileStoppedIsPlannedBeforeTheTransportRolls() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 6_400 + 28_800 * 3 + 64)
        rig.rolling = false
        rig.run(until: 300_000)
        // To bar 5, beat 3 (beat 14), half a beat in.
        rig.transportFrame = 28_800 * 14 + 14_400
        rig.run(until: 400_000)
        #expect(rig.follower.generation == 2)
        rig.rolling = true
        let rolledAt = rig.driver.frameTime
        rig.run(until: rolledAt + 28_800 * 3)
        let second = rig.clicks.filter { $0.frame >= rolledAt }
        #expect(second.map(\.frame) == frames(from: rolledAt + 14_400, every: 28_800, count: 3))
        #expect(second.map(\.value) == [1, 0.5, 0.5])
        // The first take played bar 1 and the downbeat of bar 2; the second starts bar 3.
        #expect(rig.control.timeline.frame(ofBar: 3) == rolledAt + 14_400)
    }

    /// The same on a loaded machine, where the control loop reads a frame
    /// time that runs ahead of the cycles: the relocation still disarms
    /// the plan the engine held, and the follower plans again.
    @Test func aRelocationRightAfterAPlanIsPlannedWhateverTheLoopsClock() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.frameTimeLead = 48_000
        rig.run(until: 6_400)
        #expect(rig.follower.generation == 1)
        rig.transportFrame = 28_800 * 14 + 14_400
        rig.run(until: 12_800)
        #expect(rig.follower.generation == 2)
        rig.rolling = true
        let rolledAt = rig.driver.frameTime
        rig.run(until: rolledAt + 28_800 * 3)
        #expect(rig.clicks.map(\.frame) == frames(from: rolledAt + 14_400, every: 28_800, count: 3))
    }

    @Test func aTempoChangeOfTheMasterIsFollowedWithinABeat() throws {
        // 100 BPM, 120 from bar 3.
        var spec = Self.threeFour
        spec.changes = [TempoChange(bar: 3, tempo: Tempo(bpm: 120))]
        var rig = try FollowRig(master: spec)
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 6_400 + 28_800 * 6 + 24_000 * 6)
        let change: Int64 = 6_400 + 28_800 * 6
        let before = rig.clicks.filter { $0.frame < change }.map(\.frame)
        let masterBeats: [Int64] = frames(from: 6_400, every: 28_800, count: 6)
        #expect(before == masterBeats)
        // From the first beat after the change on, each beat is 24000 frames on
        // and within half a tick (6.25 frames) of the master's.
        let after = rig.clicks.filter { $0.frame > change }.map(\.frame)
        #expect(after.count == 6)
        #expect(rig.clicks.filter { $0.frame > change }.map(\.value) == [0.5, 0.5, 1, 0.5, 0.5, 1])
        #expect(zip(after, after.dropFirst()).allSatisfy { $1 - $0 == 24_000 })
        let distances = after.map { ($0 - change + 12_000) % 24_000 - 12_000 }
        #expect(distances.allSatisfy { abs($0) <= 6 })
        #expect(rig.control.tempo == Tempo(bpm: 120))
        #expect(rig.control.scorer.statistics.tempoChanges.map(\.tempo) == [Tempo(bpm: 100), Tempo(bpm: 120)])
    }

    @Test func aMasterTheClickCannotFollowStopsIt() throws {
        var rig = try FollowRig(master: TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 60_000)
        #expect(rig.control.playing)
        rig.claimedBPM = 500
        let claimedAt = rig.driver.frameTime
        rig.run(until: 200_000)
        #expect(rig.feedback.last == .message("transport master: tempo 500 beats of 4 a minute is outside 20–400 BPM"))
        #expect(!rig.control.playing)
        #expect(rig.clicks.map(\.frame) == [6_400, 30_400, 54_400])
        #expect(rig.midi.last == RawMIDIEvent(frame: claimedAt + 64, realtime: .stop))
        rig.claimedBPM = nil
        rig.run(until: 300_000)
        #expect(rig.control.playing)
        // Back on the master's beats from the first one after it made sense again.
        let frames: [Int64] = [6_400, 30_400, 54_400, 222_400, 246_400, 270_400, 294_400]
        #expect(rig.clicks.map(\.frame) == frames)
    }

    @Test func withoutATimebaseMasterItsOwnGridRunsFromTransportFrameZero() throws {
        var rig = try FollowRig(master: Self.threeFour, own: TimelineSpec(tempo: Tempo(bpm: 120)))
        rig.hasMaster = false
        rig.transportFrame = 36_000
        rig.run(until: 6_400)
        rig.rolling = true
        rig.run(until: 6_400 + 24_000 * 4)
        // Transport 36000 is beat 1.5 of 120 BPM 4/4: beats at transport 48000, 72000 …
        let expected: [Int64] = [18_400, 42_400, 66_400, 90_400]
        #expect(rig.clicks.map(\.frame) == expected)
        #expect(rig.clicks.map(\.value) == [0.5, 0.5, 1, 0.5])
        // Song position 1.5 quarter notes: 6 sixteenths.
        #expect(rig.midi.first == RawMIDIEvent(frame: 6_400, songPosition: MIDISongPosition(clampingMIDIBeats: 6)))
    }

    /// A late process thread reads JACK's frame time a period ahead for one
    /// cycle and the same frame time in the next; the transport, a period a
    /// cycle, says which cycle it really is. The beat at 70400 (on a cycle
    /// boundary) is heard there, not a period late.
    @Test func aFrameTimeReadAPeriodAheadForOneCycleLeavesTheClicksOnTheTransport() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 12_800)
        rig.rolling = true
        rig.run(until: 70_400 - 64)
        rig.cycle(readAhead: true)
        #expect(rig.driver.frameTime == 70_400)
        rig.run(until: 12_800 + 28_800 * 4 + 100)
        #expect(rig.clicks.map(\.frame) == frames(from: 12_800, every: 28_800, count: 5))
        #expect(rig.clicks.map(\.value) == [1, 0.5, 0.5, 1, 0.5])
        #expect(rig.control.timeline.originFrame == 12_800)
    }

    /// A cycle the server skipped leaves the transport a period behind frame
    /// time for good (it counts the cycles it ran): the grid moves with it,
    /// as the master's own clicks do, from the cycle after the skip.
    @Test func aSkippedCycleMovesTheGridWithTheTransport() throws {
        var rig = try FollowRig(master: Self.threeFour)
        rig.run(until: 12_800)
        rig.rolling = true
        rig.run(until: 70_400 - 64)
        rig.driver.skip(cycles: 1)
        rig.run(until: 12_800 + 28_800 * 4 + 100)
        #expect(rig.clicks.map(\.frame) == [12_800, 41_600, 70_464, 99_264, 128_064])
        #expect(rig.clicks.map(\.value) == [1, 0.5, 0.5, 1, 0.5])
        #expect(rig.driver.engine.transport.offset == 12_864)
    }
}
