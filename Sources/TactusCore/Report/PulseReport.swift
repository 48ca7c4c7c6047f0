import Foundation

/// The player's own pulse in a take analysed in free time
/// (`settings.grid: "free"`): every beat, with its time, its place in the
/// bar and the local tempo; each whole bar's tempo; and how the beat's
/// level and the bar's first beat were chosen.
public struct PulseReport: Hashable, Sendable, Codable {
    public struct Beat: Hashable, Sendable, Codable {
        /// Seconds from the start of the take (in a report, to 0.1 ms).
        public var timeS: Double
        /// Bar 1 starts at the first downbeat the playing shows (bar 0 is a
        /// pickup before it).
        public var bar: Int
        /// Beat of the bar, from 1.
        public var beat: Int
        /// The local tempo, beats of the metre a minute (in a report, to 0.01 BPM).
        public var bpm: Double
    }

    /// A whole bar: its beats over its length.
    public struct Bar: Hashable, Sendable, Codable {
        public var bar: Int
        /// When it starts, seconds from the start of the file.
        public var timeS: Double
        public var bpm: Double

        public init(bar: Int, timeS: Double, bpm: Double) {
            self.bar = bar
            self.timeS = timeS
            self.bpm = bpm
        }
    }

    public var beats: [Beat]
    public var bars: [Bar]
    /// Why this level of the metre is the beat.
    public var level: String
    /// Whether the playing showed the bar's first beat; without, bar 1 is
    /// the first beat found.
    public var downbeatShown: Bool

    public init(beats: [Beat], bars: [Bar], level: String, downbeatShown: Bool) {
        self.beats = beats
        self.bars = bars
        self.level = level
        self.downbeatShown = downbeatShown
    }

    public init(_ pulse: Pulse) {
        func rounded(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
        beats = pulse.beats.map { Beat(timeS: rounded($0.timeS, 10_000), bar: $0.bar, beat: $0.beat, bpm: rounded($0.bpm, 100)) }
        var bars: [Bar] = []
        let downbeats = pulse.beats.enumerated().filter { $0.element.beat == 1 && $0.element.bar >= 1 }
        for (current, next) in zip(downbeats, downbeats.dropFirst()) {
            let beatsInBar = next.offset - current.offset
            let seconds = next.element.timeS - current.element.timeS
            guard seconds > 0 else { continue }
            bars.append(Bar(
                bar: current.element.bar, timeS: rounded(current.element.timeS, 10_000),
                bpm: rounded(60 * Double(beatsInBar) / seconds, 100)))
        }
        self.bars = bars
        level = pulse.level
        downbeatShown = pulse.downbeatShown
    }

    /// The first and last whole bar's tempo.
    public var startBpm: Double? { bars.first?.bpm }
    public var endBpm: Double? { bars.last?.bpm }
}
