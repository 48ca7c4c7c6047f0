import CAllocationCounter
import Foundation
import Testing
import TactusCore
@testable import TactusEngine
@testable import TactusSession

/// Eight hours of practice through the server-less driver, faster than real
/// time: the grid stays exact to the end, memory stays flat apart from the
/// per-hit list, and the report is of a sane size.
@Suite struct SoakTests {
    /// Heap bytes this thread holds (other tests run in parallel in the process).
    static func residentBytes() -> Int {
        Int(tactus_thread_live_bytes())
    }

    @Test func eightHoursStayExactAndFlat() throws {
        let rate: Int64 = 48_000, period = 1_024
        let hours: Int64 = 8
        let end = hours * 3_600 * rate
        let spec = TimelineSpec(tempo: Tempo(bpm: 97), subdivision: 2)
        let timeline = try Timeline(spec: spec)
        var control = try SessionControl(timeline: timeline, scoring: ScoringSettings(subdivision: 2))
        var engine = Engine(sounds: [[1.0], [0.5], [0.25], [0.125]], maxEventsPerCycle: 256)
        let audio = UnsafeMutableBufferPointer<Float>.allocate(capacity: period)
        defer { audio.deallocate() }
        var input = MIDIEventList(capacity: 16)
        let pedal = MIDIEventList(capacity: 1)
        let load = EngineCommand.load(timeline, play: true)
        let none: [EngineCommand] = []

        // A hit 3 ms late on every beat: beat n lands at round(n · 2880000/97) + 144.
        var nextBeat: Int64 = 0
        func beatFrame(_ n: Int64) -> Int64 { (2 * n * 2_880_000 + 97) / 194 }
        var memoryAfterOneHour = 0
        var lastHourOnsets: [Int64] = []
        var frame: Int64 = 0
        var cycle = 0
        var events: [EngineEvent] = []
        events.reserveCapacity(256)
        while frame < end {
            input.removeAll()
            let cycleEnd = frame + Int64(period)
            while beatFrame(nextBeat) + 144 < cycleEnd {
                let hit = beatFrame(nextBeat) + 144
                if hit >= frame {
                    input.append(RawMIDIEvent(frame: hit - frame, size: 3, status: 0x99, data1: 38, data2: 100))
                }
                nextBeat += 1
            }
            var contract = EngineCycle()
            (cycle == 0 ? load : none).withUnsafeBufferPointer { commands in
                engine.process(
                    frames: period, at: frame, audio: audio.baseAddress!, input: input, pedal: pedal, commands: commands,
                    cycle: &contract)
            }
            if frame >= end - 3_600 * rate {
                for index in 0..<period where audio[index] != 0 { lastHourOnsets.append(frame + Int64(index)) }
            }
            events.removeAll(keepingCapacity: true)
            for index in 0..<engine.events.count { events.append(engine.events[index]) }
            _ = control.handle(events)
            if cycle % 16 == 0 { _ = control.advance(to: frame) }
            frame = cycleEnd
            cycle += 1
            if frame == 3_600 * rate / Int64(period) * Int64(period) { memoryAfterOneHour = Self.residentBytes() }
        }
        _ = control.finish(at: end)
        let memoryAtEnd = Self.residentBytes()

        // The grid is exact after eight hours.
        // Eighths at 97 BPM: click k at round(k · 1440000/97), in whole numbers.
        let lastHour = (end - 3_600 * rate)..<end
        let firstClick: Int64 = lastHour.lowerBound * 97 / 1_440_000
        let clicks: [Int64] = (firstClick...(firstClick + 12_000)).map { (k: Int64) -> Int64 in (2 * k * 1_440_000 + 97) / 194 }
        let ideal = clicks.filter { lastHour.contains($0) }
        #expect(lastHourOnsets == ideal)
        let summary = control.scorer.statistics.summary
        #expect(summary.hits == Int(nextBeat))
        #expect(summary.meanOffsetMs == 3)
        #expect(summary.sdOffsetMs == 0)
        // Seven more hours of hits (about 40,000) may take memory; everything else is flat.
        #expect(memoryAtEnd - memoryAfterOneHour < 64 << 20)
        let report = control.scorer.report(
            createdAt: "2026-11-21T00:00:00Z", source: ReportSource(kind: .live),
            settings: ReportSettings(spec: spec, scoring: ScoringSettings(subdivision: 2)))
        let json = try report.jsonText()
        #expect(json.utf8.count > 1 << 20 && json.utf8.count < 64 << 20)
    }
}
