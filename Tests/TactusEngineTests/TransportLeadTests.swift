import Testing
import TactusCore
@testable import TactusEngine

@Suite struct TransportLeadTests {
    /// Runs cycles of 64 frames from 0, recording each cycle's request.
    struct LeadRig: ~Copyable {
        var driver = OfflineDriver(engine: Engine(sounds: impulseSounds), period: 64)
        var requests: [(cycleStart: Int64, request: TransportRequest)] = []
        var events: [EngineEvent] = []

        mutating func cycle(_ commands: [EngineCommand] = [], transport: TransportSample = .stopped) {
            var output = OfflineDriver.Output()
            let start = driver.frameTime
            driver.cycle(commands: commands, transport: transport, into: &output)
            events += output.events
            if driver.lastCycle.transportRequest != .none {
                requests.append((start, driver.lastCycle.transportRequest))
            }
        }

        mutating func run(until end: Int64) {
            while driver.frameTime < end { cycle() }
        }
    }

    @Test func theTransportIsAskedToRollSoThatFrameZeroIsBarOne() throws {
        // 120 BPM, one bar of count-in from 640: bar 1 at 96640, a cycle start.
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 1), startFrame: 640)
        var rig = LeadRig()
        rig.cycle([.leadTransport(true)] + EngineCommand.load(timeline, play: true))
        rig.run(until: 96_448)
        #expect(rig.requests.isEmpty)
        // Three cycles ahead of bar 1.
        rig.cycle()
        #expect(rig.requests.count == 1)
        #expect(rig.requests.first?.cycleStart == 96_448)
        #expect(rig.requests.first?.request == TransportRequest(locate: 0, start: true))
        rig.cycle()
        rig.cycle()
        rig.cycle(transport: TransportSample(rolling: true, frame: 0))
        let rolled = try #require(rig.events.last { $0.transport != nil }?.transport)
        #expect(rolled == TransportReport(frame: 96_640, sample: TransportSample(rolling: true, frame: 0, offset: 96_640)))
        rig.cycle([.stop(at: .immediately)], transport: TransportSample(rolling: true, frame: 64))
        #expect(rig.requests.count == 2)
        #expect(rig.requests.last?.cycleStart == 96_704)
        #expect(rig.requests.last?.request == TransportRequest(stop: true))
        rig.cycle(transport: TransportSample(rolling: false, frame: 128))
        #expect(rig.events.last { $0.transport != nil }?.transport?.sample.rolling == false)
        // Resuming moves bar 1; the transport is located to match, three cycles on.
        rig.run(until: 200_000)
        rig.cycle([.resume])
        let origin = rig.driver.engine.originFrame
        #expect(rig.requests.count == 3)
        #expect(rig.requests.last?.request == TransportRequest(locate: 200_000 + 192 - origin, start: true))
    }

    @Test func aBarOneBetweenCycleStartsIsReachedByLocatingPastZero() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 1_010)
        var rig = LeadRig()
        rig.cycle([.leadTransport(true)] + EngineCommand.load(timeline, play: true))
        rig.run(until: 2_000)
        // The first cycle with 1010 ≤ start + 192 is 832; it rolls at 1024, transport frame 14.
        #expect(rig.requests.count == 1)
        #expect(rig.requests.first?.cycleStart == 832)
        #expect(rig.requests.first?.request == TransportRequest(locate: 14, start: true))
    }

    @Test func theEnginePublishesItsGridForAnyTransportFrame() throws {
        var rig = LeadRig()
        let before = rig.driver.engine.transportBBT(atTransportFrame: 0)
        #expect(before == nil)
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120), countInBars: 2), startFrame: 500)
        rig.cycle(EngineCommand.load(timeline, play: true))
        // Bar 1 is at 192500: transport frame 24000 k is beat k.
        for k in Int64(0)..<12 {
            let position = rig.driver.engine.transportBBT(atTransportFrame: 24_000 * k)
            #expect(position == TransportBBT(
                bar: Int32(k / 4 + 1), beat: Int32(k % 4 + 1), tick: 0, barStartTick: Double(k / 4 * 7_680),
                beatsPerBar: 4, beatType: 4, ticksPerBeat: 1_920, beatsPerMinute: 120))
        }
        // 90 BPM from the next beat: the beat at 216500 (transport 24000) on.
        rig.run(until: 200_000)
        rig.cycle([.setTempo(milliBPM: 90_000, at: .nextBeat)])
        let tempos = [23_999, 24_000, 56_000].map { rig.driver.engine.transportBBT(atTransportFrame: $0)?.beatsPerMinute }
        #expect(tempos == [120, 90, 90])
        let barTwo = rig.driver.engine.transportBBT(atTransportFrame: 24_000 + 32_000 * 3)
        #expect(barTwo == TransportBBT(
            bar: 2, beat: 1, tick: 0, barStartTick: 7_680, beatsPerBar: 4, beatType: 4, ticksPerBeat: 1_920, beatsPerMinute: 90))
    }

    @Test func offLeavesTheTransportAlone() throws {
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 120)), startFrame: 1_000)
        var rig = LeadRig()
        rig.cycle(EngineCommand.load(timeline, play: true))
        rig.run(until: 100_000)
        rig.cycle([.stop(at: .immediately)], transport: TransportSample(rolling: true, frame: 5))
        rig.run(until: 110_000)
        #expect(rig.requests.isEmpty)
        #expect(rig.events.allSatisfy { $0.transport == nil })
    }
}
