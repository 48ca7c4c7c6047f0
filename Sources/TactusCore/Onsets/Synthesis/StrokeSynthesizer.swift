import Foundation

/// Renders strokes into mono audio with a room and a noise floor, seeded so
/// the same strokes give the same samples everywhere: the test and benchmark
/// material for stroke detection, whose onsets are known to the sample.
public struct StrokeSynthesizer: Hashable, Sendable {
    public var sampleRate: Int
    /// Level of the room's reverberation against the dry strokes (0 for none).
    public var room: Double
    /// RMS level of the noise floor in dBFS (nil for none).
    public var noiseDb: Double?
    public var seed: UInt64

    public init(sampleRate: Int, room: Double = 0.25, noiseDb: Double? = -60, seed: UInt64 = 1) {
        self.sampleRate = sampleRate
        self.room = room
        self.noiseDb = noiseDb
        self.seed = seed
    }

    /// `frameCount` samples holding every stroke, the room and the noise.
    public func render(_ strokes: [SynthesizedStroke], frameCount: Int) -> [Float] {
        var random = SplitMix64(seed: seed)
        var dry = [Double](repeating: 0, count: frameCount)
        for stroke in strokes {
            let sound = stroke.voice.render(sampleRate: sampleRate, pitchHz: stroke.pitchHz, random: &random)
            guard stroke.frame < Int64(frameCount) else { continue }
            for (index, value) in sound.enumerated() {
                let at = Int(stroke.frame) + index
                guard at >= 0 else { continue }
                guard at < frameCount else { break }
                dry[at] += stroke.gain * Double(value)
            }
        }
        var out = dry
        if room > 0 { addRoom(dry, to: &out) }
        if let noiseDb {
            // White noise, a first-order low pass of it (room rumble) beside it.
            let level = pow(10, noiseDb / 20) * sqrt(3.0)
            var rumble = 0.0
            for index in 0..<frameCount {
                let white = random.nextSignedUnit()
                rumble = 0.98 * rumble + 0.02 * random.nextSignedUnit() * 10
                out[index] += level * (0.7 * white + 0.7 * rumble)
            }
        }
        return out.map { Float(max(-1, min(1, $0))) }
    }

    /// A Schroeder room: an early reflection after 4 ms, then four combs
    /// (31–37 ms, decaying over about 0.6 s) through two all-passes.
    func addRoom(_ dry: [Double], to out: inout [Double]) {
        let scale = Double(sampleRate) / 44_100
        let reflection = Int(0.004 * Double(sampleRate))
        for index in reflection..<dry.count { out[index] += 0.3 * room * dry[index - reflection] }
        let combs = [1557, 1617, 1491, 1422].map { Int(Double($0) * scale) }
        var wet = [Double](repeating: 0, count: dry.count)
        for delay in combs {
            var line = [Double](repeating: 0, count: delay)
            var filtered = 0.0
            for index in 0..<dry.count {
                let delayed = line[index % delay]
                filtered = 0.7 * delayed + 0.3 * filtered
                line[index % delay] = dry[index] + 0.8 * filtered
                wet[index] += delayed * 0.25
            }
        }
        for delay in [225, 556].map({ Int(Double($0) * scale) }) {
            var line = [Double](repeating: 0, count: delay)
            for index in 0..<wet.count {
                let delayed = line[index % delay]
                let input = wet[index]
                line[index % delay] = input + 0.5 * delayed
                wet[index] = delayed - 0.5 * input
            }
        }
        for index in 0..<out.count { out[index] += room * wet[index] }
    }

    /// The onsets a listener hears as strokes: the first of each group of
    /// strokes that start within `mergeFrames` of the group's first (a flam,
    /// kick and hat together, two strings of one strum).
    public static func truth(_ strokes: [SynthesizedStroke], mergeFrames: Int64) -> [Int64] {
        var onsets: [Int64] = []
        for frame in strokes.map(\.frame).sorted() where onsets.last.map({ frame - $0 >= mergeFrames }) ?? true {
            onsets.append(frame)
        }
        return onsets
    }
}
