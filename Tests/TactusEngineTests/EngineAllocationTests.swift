import CAllocationCounter
import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

@Suite struct EngineAllocationTests {
    @Test func theCounterSeesAnAllocation() {
        tactus_count_allocations_begin()
        let array = [Int](repeating: 7, count: 1000)
        let counted = tactus_count_allocations_end()
        #expect(array.count == 1000)
        #expect(counted >= 1)
    }

    @Test func tenThousandCyclesAllocateNothing() throws {
        let spec = TimelineSpec(
            tempo: Tempo(bpm: 97), meter: Meter(parsing: "7/8")!, subdivision: 4, countInBars: 1,
            changes: [TempoChange(bar: 3, tempo: Tempo(bpm: 160), rampBars: 4)])
        let timeline = try Timeline(spec: spec, startFrame: 100)
        var engine = Engine(sounds: [[Float](repeating: 0.5, count: 2_000), [0.25], [0.1], [0.05]])
        let audio = UnsafeMutableBufferPointer<Float>.allocate(capacity: 64)
        defer { audio.deallocate() }
        var input = MIDIEventList(capacity: 64)
        let pedal = MIDIEventList(capacity: 64)
        let load = EngineCommand.load(timeline, play: true) + [EngineCommand.randomMute(percent: 30, seed: 5)]
        let tempo: [EngineCommand] = [.setTempo(milliBPM: 133_000, at: .nextBar)]
        let none: [EngineCommand] = []
        var events = 0
        var ticks = 0
        var mutedBeats = 0
        // This test's own list operations, in an unoptimised build, look up
        // the list's generic type by name on first use: done here, uncounted.
        input.append(RawMIDIEvent(frame: 0, size: 3, status: 0x99, data1: 38, data2: 90))
        input.removeAll()
        tactus_count_allocations_begin()
        for cycle in 0..<10_000 {
            input.removeAll()
            input.append(RawMIDIEvent(frame: Int64(cycle % 64), size: 3, status: 0x99, data1: 38, data2: 90))
            let commands = cycle == 0 ? load : cycle == 5_000 ? tempo : none
            var contract = EngineCycle()
            commands.withUnsafeBufferPointer { commands in
                engine.process(
                    frames: 64, at: Int64(cycle) * 64, audio: audio.baseAddress!, input: input, pedal: pedal,
                    commands: commands, cycle: &contract)
            }
            events += engine.events.count
            ticks += engine.midiOut.count
            var index = 0
            while index < engine.events.count {
                if case .beatMuted = engine.events[index] { mutedBeats += 1 }
                index += 1
            }
        }
        let counted = tactus_count_allocations_end()
        #expect(counted == 0)
        // Which beats exactly is checked in SessionProgramsTests; here the random-mute path ran.
        #expect(mutedBeats > 0)
        #expect(events >= 10_000)
        #expect(ticks > 200)
    }
}
