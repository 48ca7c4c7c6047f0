import Foundation
import TactusCore
import TactusEngine

/// The cost of one `Engine.process` call, as JACK would make it, measured
/// in-process cycle after cycle: the driver loop is written out here with
/// a clock read just before and just after `process` and nothing else in
/// between. The load is realistic: 97 BPM 7/8 with 4 clicks a beat,
/// ramping to 160 BPM, and MIDI input every 1–5 ms.
struct ProcessCostBenchmark {
    /// Seconds of audio driven at each period.
    let audioSeconds: Double

    static let sampleRate = 48_000
    static let periods = [32, 64, 256]

    /// Per-cycle costs in nanoseconds, sorted, and what the cycles did.
    struct Costs {
        var sorted: [UInt64]
        /// MIDI events the engine wrote (clock ticks, start).
        var midiOut = 0
        /// Events reported to the control side (stamped input among them).
        var reported = 0
        /// Cycles whose audio was not all silence.
        var sounding = 0

        func percentile(_ p: Double) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[Int((p * Double(sorted.count - 1)).rounded())]) / 1000
        }

        var median: Double { percentile(0.5) }
        var p99: Double { percentile(0.99) }
        var max: Double { Double(sorted.last ?? 0) / 1000 }
    }

    func run() -> [BenchRow] {
        let overhead = clockOverhead()
        var rows: [BenchRow] = []
        for period in Self.periods {
            guard let costs = measure(period: period) else {
                rows.append(BenchRow(measurement: "Engine.process, \(period) frames", tactus: "n/a", note: "could not build the engine"))
                continue
            }
            let budget = Double(period) * 1e6 / Double(Self.sampleRate)
            let values = [costs.median, costs.p99, costs.max].map { String(format: "%.2f", $0) }.joined(separator: " / ")
            rows.append(BenchRow(
                measurement: "Engine.process per cycle, \(period) frames: median / p99 / max (µs)",
                tactus: values,
                note: "\(costs.sorted.count) cycles (\(Int(audioSeconds)) s of audio, \(costs.sounding) sounding, "
                    + "\(costs.midiOut) MIDI out, \(costs.reported) events to the control side); median \(String(format: "%.3f", 100 * costs.median / budget)) % "
                    + "of the \(String(format: "%.0f", budget)) µs period; clock read ≈ \(Int(overhead)) ns"))
        }
        return rows
    }

    func measure(period: Int) -> Costs? {
        let spec = TimelineSpec(
            sampleRate: Self.sampleRate, tempo: Tempo(bpm: 97), meter: Meter(beats: 7, noteValue: 8), subdivision: 4,
            changes: [TempoChange(bar: 1, tempo: Tempo(bpm: 160), rampBars: 64)])
        guard let timeline = try? Timeline(spec: spec, startFrame: 0),
              let sound = try? ClickSound(named: "woodblock", sampleRate: Self.sampleRate)
        else { return nil }
        var engine = Engine(sounds: sound.buffers)
        let audio = UnsafeMutablePointer<Float>.allocate(capacity: period)
        audio.initialize(repeating: 0, count: period)
        defer { audio.deallocate() }
        var input = MIDIEventList(capacity: 256)
        let pedal = MIDIEventList(capacity: 16)
        let load = EngineCommand.load(timeline, play: true)
        let none: [EngineCommand] = []

        let cycles = Int(audioSeconds * Double(Self.sampleRate)) / period
        var costs = [UInt64](repeating: 0, count: cycles)
        var random = SplitMix64(seed: 97)
        var nextInput: Int64 = 100
        var noteOn = true
        var midiOut = 0
        var reported = 0
        var sounding = 0
        for cycle in 0..<cycles {
            let start = Int64(cycle * period)
            let end = start + Int64(period)
            input.removeAll()
            while nextInput < end {
                let status: UInt8 = noteOn ? 0x99 : 0x89
                input.append(RawMIDIEvent(frame: nextInput - start, size: 3, status: status, data1: 38, data2: noteOn ? 100 : 0))
                noteOn.toggle()
                nextInput += 48 + Int64(random.next() % 192)  // 1–5 ms
            }
            let commands = cycle == 0 ? load : none
            let cost: UInt64 = commands.withUnsafeBufferPointer { commands in
                var contract = EngineCycle()
                let before = Monotonic.nanoseconds()
                engine.process(
                    frames: period, at: start, audio: audio, input: input, pedal: pedal, commands: commands, cycle: &contract)
                return Monotonic.nanoseconds() - before
            }
            costs[cycle] = cost
            midiOut += engine.midiOut.count
            reported += engine.events.count
            if (0..<period).contains(where: { audio[$0] != 0 }) { sounding += 1 }
        }
        return Costs(sorted: costs.sorted(), midiOut: midiOut, reported: reported, sounding: sounding)
    }

    /// The median cost of reading the clock twice with nothing between.
    func clockOverhead() -> Double {
        var samples = [UInt64](repeating: 0, count: 10_001)
        for index in samples.indices {
            let before = Monotonic.nanoseconds()
            samples[index] = Monotonic.nanoseconds() - before
        }
        samples.sort()
        return Double(samples[samples.count / 2])
    }
}
