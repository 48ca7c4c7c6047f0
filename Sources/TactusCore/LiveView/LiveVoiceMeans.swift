/// Each voice's running mean offset over the matched hits with click, for
/// the live view's voices line: constant work a hit.
public struct LiveVoiceMeans: Sendable {
    private var index: VoiceIndex
    private var moments: [RunningMoments] = []

    public init(map: DrumMap) {
        index = VoiceIndex(map: map)
    }

    public mutating func record(_ hit: ScoredHit) {
        guard hit.grade.isMatched, !hit.countIn, !hit.muted, let voice = index.index(of: hit) else { return }
        while moments.count <= voice { moments.append(RunningMoments()) }
        moments[voice].add(hit.offsetMs)
    }

    /// The voices played so far in report order, with their mean offsets.
    public var entries: [LiveVoiceMean] {
        index.ordered.compactMap { voice in
            guard voice < moments.count, let mean = moments[voice].mean else { return nil }
            return LiveVoiceMean(voice: index.names[voice], meanOffsetMs: mean, hits: moments[voice].count)
        }
    }
}

public struct LiveVoiceMean: Hashable, Sendable {
    public var voice: String
    public var meanOffsetMs: Double
    public var hits: Int
}

extension LiveView {
    /// `voices  kick +6.1  snare +0.4  hi-hat +0.3 ms`: each voice's mean
    /// offset so far; none with fewer than two voices.
    static func voicesLine(_ state: LiveViewState) -> [[LiveSpan]] {
        guard state.voices.count >= 2 else { return [] }
        let means = state.voices.map { "\($0.voice) \(NumberText.signed($0.meanOffsetMs, 1))" }.joined(separator: "  ")
        return [[LiveSpan("voices", .dim), LiveSpan("  \(means) ms")]]
    }
}
