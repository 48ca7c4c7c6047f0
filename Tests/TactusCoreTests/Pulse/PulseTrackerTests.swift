import Foundation
import Testing
@testable import TactusCore

/// Takes played to a tempo curve given on purpose, the pulse found from
/// their notes alone, and its beats and tempi held against the curve.
struct PulseTrackerTests {
    /// Beat times of a curve: `bpm(beat)` is the tempo from beat `beat` to the next.
    static func beats(_ count: Int, start: Double = 0.5, bpm: (Int) -> Double) -> [Double] {
        var times = [start]
        for beat in 0..<(count - 1) { times.append(times[beat] + 60 / bpm(beat)) }
        return times
    }

    /// A groove on the beats: hi-hat eighths, kick on 1 and 3, snare on 2
    /// and 4, every note `noise` ms from its place (normal, seeded).
    static func groove(_ beats: [Double], noiseMs: Double, seed: UInt64 = 1) -> [PulseOnset] {
        var random = SplitMix64(seed: seed)
        var notes: [PulseOnset] = []
        for index in beats.indices.dropLast() {
            let beat = beats[index], next = beats[index + 1]
            notes.append(PulseOnset(time: beat + noiseMs / 1000 * random.nextNormal(), weight: 0.6))
            notes.append(PulseOnset(time: (beat + next) / 2 + noiseMs / 1000 * random.nextNormal(), weight: 0.5))
            let kick = index % 2 == 0
            notes.append(PulseOnset(time: beat + noiseMs / 1000 * random.nextNormal(), weight: kick ? (index % 4 == 0 ? 1 : 0.8) : 0.8, marksDownbeat: kick))
        }
        return notes.sorted { $0.time < $1.time }
    }

    /// Beat-time errors (ms) and tempo errors (BPM) of `pulse` against
    /// `truth`, each found beat matched with the true beat nearest it.
    static func errors(_ pulse: Pulse, truth: [Double], bpm: (Int) -> Double) -> (times: [Double], tempi: [Double]) {
        var times: [Double] = [], tempi: [Double] = []
        for beat in pulse.beats {
            guard let nearest = truth.indices.min(by: { abs(truth[$0] - beat.timeS) < abs(truth[$1] - beat.timeS) }),
                  nearest < truth.count - 1 else { continue }
            times.append(abs(beat.timeS - truth[nearest]) * 1000)
            tempi.append(abs(beat.bpm - bpm(nearest)))
        }
        return (times.sorted(), tempi.sorted())
    }

    @Test func aSteadyTakeWithoutNoiseGivesItsBeatsAndTempoExactly() throws {
        let truth = Self.beats(33) { _ in 100 }
        let pulse = try PulseTracker.track(Self.groove(truth, noiseMs: 0), settings: PulseSettings())
        #expect(pulse.beats.count == 32)
        for (index, beat) in pulse.beats.enumerated() {
            #expect(abs(beat.timeS - truth[index]) < 1e-9)
            #expect(abs(beat.bpm - 100) < 1e-6)
        }
        // The kick on 1 and 3 does not tell 1 from 3: bar 1 starts on the first beat.
        #expect(!pulse.downbeatShown)
        #expect(pulse.beats.prefix(5).map { [$0.bar, $0.beat] } == [[1, 1], [1, 2], [1, 3], [1, 4], [2, 1]])
    }

    @Test func aStepIsFollowedFromTheBeatItHappensOn() throws {
        // 100 BPM up to beat 32, 110 from it (the interval from beat 32 on).
        let curve: (Int) -> Double = { $0 < 32 ? 100 : 110 }
        let truth = Self.beats(65, bpm: curve)
        let pulse = try PulseTracker.track(Self.groove(truth, noiseMs: 0), settings: PulseSettings())
        #expect(pulse.beats.count == 64)
        for (index, beat) in pulse.beats.enumerated() {
            #expect(abs(beat.timeS - truth[index]) < 1e-9)
            #expect(abs(beat.bpm - curve(index)) < 1e-6, "beat \(index)")
        }
    }

    @Test func theBarStartsWhereTheCrashesAreEvenAfterAPickup() throws {
        // Seven bars of 4/4 at 120 starting on beat 3 (a pickup of two
        // beats); the crash on every downbeat shows bar 1.
        let truth = Self.beats(31, start: 0.25) { _ in 120 }
        var notes = Self.groove(truth, noiseMs: 0).map { PulseOnset(time: $0.time, weight: $0.weight) }
        for index in stride(from: 2, to: 30, by: 4) { notes.append(PulseOnset(time: truth[index], weight: 1, marksDownbeat: true)) }
        let pulse = try PulseTracker.track(notes, settings: PulseSettings())
        #expect(pulse.downbeatShown)
        #expect(pulse.beats.prefix(4).map { [$0.bar, $0.beat] } == [[0, 3], [0, 4], [1, 1], [1, 2]])
        #expect(abs(pulse.beats[2].timeS - truth[2]) < 1e-9)
    }

    @Test func theRangeGivenChoosesTheLevel() throws {
        let truth = Self.beats(33) { _ in 100 }
        let notes = Self.groove(truth, noiseMs: 0)
        // Eighths at 200 are the only level between 150 and 240.
        let pulse = try PulseTracker.track(notes, settings: PulseSettings(bpmRange: 150...240))
        #expect(pulse.beats.count == 64)
        #expect(abs(pulse.beats[10].bpm - 200) < 1e-6)
        #expect(pulse.level.hasPrefix("200.0 BPM"))
        #expect(try PulseTracker.track(notes, settings: PulseSettings()).level
            == "100.0 BPM: the notes repeat most strongly at that beat; chosen over 50 BPM (half) and 200 BPM (double) as the metre's beat nearer a typical tempo")
    }

    @Test func tooFewNotesCarryNoPulse() {
        let notes = (0..<7).map { PulseOnset(time: Double($0) * 0.5) }
        #expect(throws: SettingError("no pulse to score against: 7 notes cannot carry a pulse; free time needs at least 8")) {
            try PulseTracker.track(notes, settings: PulseSettings())
        }
        let close = (0..<8).map { PulseOnset(time: Double($0) * 0.1) }
        #expect(throws: SettingError("no pulse to score against: the notes span 0.70 s, too short to carry a pulse (at least four beats)")) {
            try PulseTracker.track(close, settings: PulseSettings())
        }
    }

    /// The targets of the free-time benchmark on played takes (every note
    /// 9 ms off at random, as a good drummer): local tempo within 0.5 BPM at
    /// the median and 2 BPM at p95, beats within 10 ms at p95, on each curve
    /// over five takes.
    static func curve(_ name: String) -> (Int) -> Double {
        switch name {
        case "accelerando 90 to 130": { 90 + 40 * Double($0) / 128 }
        case "step 100 to 110": { $0 < 64 ? 100 : 110 }
        case "drift 120 to 124": { 120 + 4 * Double($0) / 128 }
        default: { _ in 100 }
        }
    }

    @Test(arguments: ["steady 100", "accelerando 90 to 130", "step 100 to 110", "drift 120 to 124"])
    func aPlayedTakeIsFollowedWithinTheTargets(_ name: String) throws {
        let curve = Self.curve(name)
        var times: [Double] = [], tempi: [Double] = []
        for seed in 1...5 {
            let truth = Self.beats(129, bpm: curve)
            let pulse = try PulseTracker.track(Self.groove(truth, noiseMs: 9, seed: UInt64(seed)), settings: PulseSettings())
            #expect(pulse.beats.count == 128, "\(name), take \(seed)")
            let errors = Self.errors(pulse, truth: truth, bpm: curve)
            times += errors.times
            tempi += errors.tempi
        }
        times.sort()
        tempi.sort()
        #expect(tempi[tempi.count / 2] < 0.5, "\(name): median tempo error \(tempi[tempi.count / 2])")
        #expect(tempi[tempi.count * 95 / 100] < 2, "\(name): p95 tempo error \(tempi[tempi.count * 95 / 100])")
        #expect(times[times.count * 95 / 100] < 10, "\(name): p95 beat error \(times[times.count * 95 / 100]) ms")
    }
}
