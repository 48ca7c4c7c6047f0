/// Tells the click a microphone hears (a session played without
/// headphones) from the strokes played. Every click comes back on the same
/// path: its onset reaches the input the same number of frames after the
/// click's frame, to within a fraction of a millisecond, while a player's
/// strokes wander by milliseconds. The gate learns that delay, and the
/// loudest the click came back, from the count-in, where the player waits:
/// strokes at one delay after at least half of the clicks they span (and
/// at least `fewestClicks`). From bar 1 on, a stroke at that delay after a click and
/// no more than `marginDb` louder than the click came back is the click, and
/// is left out; a louder one is a stroke played with the click. Without a
/// count-in, or when the count-in heard no such click, every stroke is played.
public struct ClickBleedGate: Sendable {
    /// The click as the input hears it.
    public struct Bleed: Hashable, Sendable {
        /// Frames from a click's frame to its onset in the input.
        public var delayFrames: Int64
        /// The loudest the count-in's clicks came back, in dBFS.
        public var levelDb: Double
    }

    /// How far the click's onset may wander from its delay: 0.5 ms.
    public static let toleranceMs = 0.5
    /// How much louder than the click came back a stroke at its delay may be
    /// and still be the click: 6 dB.
    public static let marginDb = 6.0
    /// The longest delay from a click to its onset in the input looked for:
    /// 150 ms (the interface both ways and a few metres of air).
    public static let longestDelayMs = 150.0
    /// The fewest count-in clicks that must come back to learn the bleed.
    public static let fewestClicks = 3
    /// Count-in strokes kept to learn from: the last 64.
    static let keptStrokes = 64

    public let sampleRate: Int
    /// The click as the input hears it; nil before bar 1 and when the
    /// count-in heard no click.
    public private(set) var bleed: Bleed?
    /// Whether the count-in has been judged (at the first stroke from bar 1).
    public private(set) var isLearned = false
    /// Strokes left out as the click.
    public private(set) var clickCount = 0
    private var countIn: [DetectedStroke] = []

    public init(sampleRate: Int) {
        self.sampleRate = sampleRate
    }

    var toleranceFrames: Int64 { max(Int64((Self.toleranceMs * Double(sampleRate) / 1000).rounded()), 1) }

    /// The strokes of `strokes` (in time order) that were played on `grid`:
    /// the count-in's all (learned from), and from bar 1 on all but the click.
    public mutating func played(_ strokes: [DetectedStroke], grid: Timeline) -> [DetectedStroke] {
        var kept: [DetectedStroke] = []
        kept.reserveCapacity(strokes.count)
        for stroke in strokes {
            if stroke.frame < grid.originFrame {
                if !isLearned {
                    if countIn.count == Self.keptStrokes { countIn.removeFirst() }
                    countIn.append(stroke)
                }
                kept.append(stroke)
                continue
            }
            if !isLearned { learn(grid) }
            if let bleed, isClick(stroke, bleed, grid) {
                clickCount += 1
            } else {
                kept.append(stroke)
            }
        }
        return kept
    }

    /// Learns the bleed from the count-in's strokes and clicks.
    mutating func learn(_ grid: Timeline) {
        isLearned = true
        defer { countIn = [] }
        guard let first = countIn.first else { return }
        let longest = Int64((Self.longestDelayMs * Double(sampleRate) / 1000).rounded())
        let clicks = grid.clicks(in: max(grid.startFrame, first.frame - longest)..<grid.originFrame).map(\.frame)
        var heard: [(delay: Int64, click: Int, levelDb: Double)] = []
        for stroke in countIn {
            for (index, click) in clicks.enumerated() where stroke.frame >= click && stroke.frame - click <= longest {
                heard.append((stroke.frame - click, index, stroke.levelDb))
            }
        }
        let tolerance = toleranceFrames
        var best: [(delay: Int64, click: Int, levelDb: Double)] = []
        var bestClicks = 0
        for candidate in heard {
            let near = heard.filter { abs($0.delay - candidate.delay) <= tolerance }
            let clicksNear = Set(near.map { $0.click }).count
            if clicksNear > bestClicks {
                best = near
                bestClicks = clicksNear
            }
        }
        guard bestClicks >= Self.fewestClicks, 2 * bestClicks >= clicks.count else { return }
        let delays = best.map { $0.delay }.sorted()
        bleed = Bleed(delayFrames: delays[delays.count / 2], levelDb: best.map { $0.levelDb }.max() ?? 0)
    }

    /// Whether `stroke` lies at the bleed's delay after a click and is no
    /// louder than the bleed allows.
    func isClick(_ stroke: DetectedStroke, _ bleed: Bleed, _ grid: Timeline) -> Bool {
        guard stroke.levelDb <= bleed.levelDb + Self.marginDb else { return false }
        let tolerance = toleranceFrames
        let earliest = stroke.frame - bleed.delayFrames - tolerance
        var found = false
        grid.forEachClick(in: earliest..<(earliest + 2 * tolerance + 1)) { _ in found = true }
        return found
    }

    /// `the click comes back in the audio input 12.3 ms after each click, at
    /// up to -31.0 dBFS: strokes that match it are not scored`, or that the
    /// count-in heard none.
    public var learnedText: String {
        guard let bleed else {
            return "no click heard back in the audio input's count-in: every stroke is scored"
        }
        let ms = NumberText.fixed(Double(bleed.delayFrames) * 1000 / Double(sampleRate), 1)
        return "the click comes back in the audio input \(ms) ms after each click, at up to \(NumberText.fixed(bleed.levelDb, 1)) dBFS: strokes that match it are not scored"
    }
}
