import Foundation

extension StrokeSynthesizer {
    /// A drummer's take: sixteenths at `bpm` in 4/4 from one second in, with
    /// hats on the eighths, kick and snare, ghost notes 20–26 dB down, a crash
    /// every fourth bar, a tom fill before it, and a snare flam now and then.
    /// Each position is off the grid by up to ±12 ms, each limb by up to
    /// ±0.5 ms more.
    public func kitTake(bars: Int, bpm: Double = 100) -> [SynthesizedStroke] {
        var random = SplitMix64(seed: seed &+ 0x4B17)
        let sixteenth = Double(sampleRate) * 60 / bpm / 4
        let start = Double(sampleRate)
        var strokes: [SynthesizedStroke] = []
        for bar in 0..<bars {
            let fill = bar % 4 == 3
            for slot in 0..<16 {
                let grid = start + Double(bar * 16 + slot) * sixteenth + random.nextSignedUnit() * 0.012 * Double(sampleRate)
                func add(_ voice: StrokeVoice, _ gain: Double, pitch: Double = 110, early: Double = 0) {
                    let limb = random.nextSignedUnit() * 0.0005 * Double(sampleRate)
                    strokes.append(SynthesizedStroke(
                        frame: Int64((grid + limb - early * Double(sampleRate)).rounded()), voice: voice,
                        gain: gain * (1 + 0.1 * random.nextSignedUnit()), pitchHz: pitch))
                }
                if slot == 0, bar % 4 == 0 { add(.cymbal, 0.45) }
                if slot % 2 == 0, !(fill && slot >= 8) { add(.hat, slot % 4 == 0 ? 0.35 : 0.22) }
                if [0, 8, 10].contains(slot), !(fill && slot > 8) { add(.kick, 0.85) }
                if slot == 4 || slot == 12, !(fill && slot == 12) {
                    if bar % 3 == 1, slot == 12 {
                        // A flam: the grace note 8–12 ms before the main stroke.
                        add(.snare, 0.12, early: 0.010 + 0.002 * random.nextSignedUnit())
                    }
                    add(.snare, 0.75)
                }
                if [7, 15].contains(slot), !fill { add(.snare, pow(10, (-20 - 6 * abs(random.nextSignedUnit())) / 20) * 0.75) }
                if fill, slot >= 9 { add(.tom, 0.7, pitch: [190, 150, 120, 95][(slot - 9) % 4]) }
            }
        }
        return strokes
    }

    /// A guitarist's or bassist's take: plucks on the eighths at `bpm` from one
    /// second in, on pitches from 82 to 330 Hz, a tenth of them soft (20 dB
    /// down), some as two strings struck 1–3 ms apart, each left to ring.
    /// Each pluck is off the grid by up to ±12 ms.
    public func stringTake(notes: Int, bpm: Double = 90) -> [SynthesizedStroke] {
        var random = SplitMix64(seed: seed &+ 0x57E1)
        let eighth = Double(sampleRate) * 60 / bpm / 2
        let pitches = [82.4, 110, 146.8, 196, 246.9, 329.6, 98, 130.8, 164.8, 220]
        var strokes: [SynthesizedStroke] = []
        for index in 0..<notes {
            let frame = Double(sampleRate) + Double(index) * eighth + random.nextSignedUnit() * 0.012 * Double(sampleRate)
            let soft = random.next() % 10 == 0
            let gain = (soft ? 0.07 : 0.6) * (1 + 0.2 * random.nextSignedUnit())
            let pitch = pitches[Int(random.next() % UInt64(pitches.count))]
            strokes.append(SynthesizedStroke(frame: Int64(frame.rounded()), voice: .string, gain: gain, pitchHz: pitch))
            if random.next() % 4 == 0 {
                let later = (0.001 + 0.001 * abs(random.nextSignedUnit()) * 2) * Double(sampleRate)
                strokes.append(SynthesizedStroke(frame: Int64((frame + later).rounded()), voice: .string, gain: gain * 0.8, pitchHz: pitch * 1.5))
            }
        }
        return strokes
    }
}
