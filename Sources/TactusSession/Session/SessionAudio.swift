import TactusCore

/// The audio inputs of a session: a stroke detector on each source (the
/// source its captured blocks are stamped with: `tactus:audio-in` is 0, a
/// player who plays audio their index), the click each hears back
/// (``ClickBleedGate``), and what the report has been told of them. The
/// session control runs every captured block through it
/// (``SessionControl/takeAudio(_:at:source:)``).
public struct SessionAudio: Sendable {
    /// Each source's detector on its stream.
    public private(set) var streams: [Int: StrokeStream]
    var gates: [Int: ClickBleedGate] = [:]
    /// How the report names each source: `player NAME: `, or nothing.
    let names: [Int: String]
    /// The level of the last stroke played (not the click heard back).
    public internal(set) var lastStrokeDb: Double?

    /// A stream of `detector` for each of `sources`; `names` prefixes the
    /// report's lines about a source.
    public init(sources: [Int], detector: StrokeDetector, names: [Int: String] = [:]) {
        streams = Dictionary(uniqueKeysWithValues: sources.map { ($0, StrokeStream(detector: detector)) })
        self.names = names
    }

    /// The longest a detector holds a stroke back after its onset, in frames.
    public var maximumDelay: Int64 {
        Int64(streams.values.map(\.detector.maximumDelay).max() ?? 0)
    }

    /// The frames no block brought (cycles the server ran without tactus), all streams together.
    public var gapFrames: Int64 {
        streams.values.reduce(0) { $0 + $1.gapFrames }
    }

    /// The frame up to which every input has been scored: `processed`, or
    /// the frame before which every detector has reported every stroke if
    /// earlier; nil while a detector has had no block.
    public func scoredThrough(_ processed: Int64) -> Int64? {
        var through = processed
        for stream in streams.values {
            guard let complete = stream.completeBefore else { return nil }
            through = min(through, complete)
        }
        return through
    }

    /// Runs `samples` of `source`, the first at `frame`, through its
    /// detector in place (a copy would copy the detector's buffers on its
    /// first write): the strokes completed, and a gap before the block if
    /// there was one.
    mutating func process(
        _ samples: UnsafeBufferPointer<Float>, at frame: Int64, source: Int
    ) -> (strokes: [DetectedStroke], gap: (frame: Int64, frames: Int64)?) {
        guard let index = streams.index(forKey: source) else { return ([], nil) }
        let gapsBefore = streams.values[index].gapCount
        let strokes = streams.values[index].process(samples, at: frame)
        let gap = streams.values[index].gapCount > gapsBefore ? streams.values[index].lastGap : nil
        return (strokes, gap)
    }

    /// `strokes` of `source` without the click heard back in it (a
    /// microphone without headphones), learned in the count-in; and the
    /// report's line when this is what taught it.
    mutating func played(_ strokes: [DetectedStroke], source: Int, grid: Timeline) -> (strokes: [DetectedStroke], learned: String?) {
        var gate = gates[source] ?? ClickBleedGate(sampleRate: grid.sampleRate)
        let known = gate.bleed != nil
        let played = gate.played(strokes, grid: grid)
        gates[source] = gate
        let learned = !known && gate.bleed != nil ? name(source) + gate.learnedText : nil
        return (played, learned)
    }

    /// How the report names `source` at the start of a line.
    func name(_ source: Int) -> String {
        names[source] ?? ""
    }

    /// The strokes `source`'s detector still holds, at the end of the
    /// session: those of the last samples, which it reports only once
    /// samples after them arrive.
    mutating func finish(_ source: Int) -> [DetectedStroke] {
        streams[source]?.finish() ?? []
    }

    /// Starts every detector afresh (the server came back: its frames are new).
    mutating func reset() {
        for source in streams.keys { streams[source]?.reset() }
    }
}
