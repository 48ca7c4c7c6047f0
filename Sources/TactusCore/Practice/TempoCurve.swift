/// A tempo that changes on purpose through a take: tempi at bars, the
/// tempo going evenly from one to the next beat by beat, and a step where a
/// bar is given twice (`17:100,17:110`: 100 up to bar 17, 110 from it).
/// Performances given one are what a free-time analysis is measured on.
public struct TempoCurve: Hashable, Sendable {
    public struct Point: Hashable, Sendable {
        public var bar: Int
        public var bpm: Double

        public init(bar: Int, bpm: Double) {
            self.bar = bar
            self.bpm = bpm
        }

        /// `BAR:BPM`, like `17:110`; bar from 1, tempo 20–400.
        public init?(parsing text: String) {
            let halves = text.split(separator: ":", omittingEmptySubsequences: false)
            guard halves.count == 2, let bar = Int(halves[0]), bar >= 1, let bpm = Double(halves[1]), (20...400).contains(bpm) else {
                return nil
            }
            self.init(bar: bar, bpm: bpm)
        }
    }

    /// In the order given (a bar twice is a step).
    public var points: [Point]

    public init(_ points: [Point]) {
        self.points = points
    }

    /// The tempo from beat `beat` (from 0 at bar 1) to the next, with
    /// `beatsPerBar` beats a bar: before the first point its tempo, after
    /// the last the last's, between two the straight line in beats.
    public func bpm(atBeat beat: Int, beatsPerBar: Int) -> Double {
        guard let first = points.first else { return 120 }
        let at = Double(beat)
        func position(_ point: Point) -> Double { Double((point.bar - 1) * beatsPerBar) }
        if at < position(first) { return first.bpm }
        var current = first
        for next in points.dropFirst() {
            if at < position(next) {
                let span = position(next) - position(current)
                return span > 0 ? current.bpm + (next.bpm - current.bpm) * (at - position(current)) / span : next.bpm
            }
            current = next
        }
        return current.bpm
    }

    /// The frames of beats 0 through `count - 1` (beat 0 at `origin`).
    public func beatFrames(count: Int, beatsPerBar: Int, sampleRate: Int, origin: Double = 0) -> [Double] {
        var frames = [origin]
        for beat in 0..<max(0, count - 1) {
            frames.append(frames[beat] + 60 * Double(sampleRate) / bpm(atBeat: beat, beatsPerBar: beatsPerBar))
        }
        return frames
    }
}
