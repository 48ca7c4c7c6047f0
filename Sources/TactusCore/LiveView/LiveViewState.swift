/// Everything the live view shows. The control side keeps it up to date;
/// `LiveView.render` turns it into lines.
public struct LiveViewState: Hashable, Sendable {
    public var isPlaying: Bool
    /// The click is muted (the grid runs on).
    public var isMuted: Bool
    /// The bar playing: from 1 at the grid origin, 0 and below in the count-in.
    public var bar: Int
    /// The beat playing, from 1; 0 when none (stopped).
    public var beat: Int
    public var beatsPerBar: Int
    /// One level per beat; empty for the default (accent on beat 1).
    public var accents: [AccentLevel]
    /// Bars of count-in before bar 1.
    public var countInBars: Int
    public var tempo: Tempo
    public var presetName: String?
    /// The latest hits, oldest first, at most `recentHitLimit`.
    public private(set) var recentHits: [LiveHitMark]
    public var recentHitLimit: Int
    /// Running numbers of the bar playing and of the whole session.
    public var currentBar: LiveStatistics
    public var session: LiveStatistics
    /// Window half-widths marked on the ±50 ms scale (perfect and good).
    public var windowMarksMs: [Double]
    public var feedback: LiveFeedback?
    /// Input events dropped because a ring was full, and JACK xruns, so far.
    public var droppedEvents: Int
    public var xruns: Int
    /// OSC packets dropped (not OSC, or too many waiting) so far; nil
    /// without an OSC port, to leave it out.
    public var droppedOSCPackets: Int?
    /// Audio input samples lost so far (the control thread fell behind, or
    /// the server ran cycles without tactus); nil without an audio input.
    public var lostAudioSamples: Int?
    /// The audio input's level and the last stroke's, on a line of their
    /// own; nil without an audio input.
    public var audioInput: LiveAudioInput?
    /// The latency compensation in force, in ms (JACK's port latencies plus
    /// calibration and --latency-ms); nil to leave it out.
    public var latencyMs: Double?
    public var timer: PracticeTimer.Status?
    /// A practice program's reminder ("time for a rest"), on its own line while set.
    public var reminder: String?
    /// How to score what is being played (`ScoringHint`), on its own line while set.
    public var hint: String?
    /// Group sessions: the players' names, and each one's latest matched
    /// offsets (at most `recentHitLimit`), for one early/late meter a player.
    public var playerNames: [String] = []
    /// Each voice of the kit's mean offset so far (a line of its own from two voices).
    public var voices: [LiveVoiceMean] = []
    public internal(set) var playerRecentMs: [[Double]] = []
    /// The tempo the player holds without the click (free time, a gap
    /// click's muted bar); nil to leave it out.
    public var heldTempo: LiveHeldTempo?

    public init(
        isPlaying: Bool = false, isMuted: Bool = false, bar: Int = 1, beat: Int = 0, beatsPerBar: Int = 4,
        accents: [AccentLevel] = [], countInBars: Int = 0, tempo: Tempo, presetName: String? = nil,
        recentHits: [LiveHitMark] = [], recentHitLimit: Int = 8, currentBar: LiveStatistics = LiveStatistics(),
        session: LiveStatistics = LiveStatistics(), windowMarksMs: [Double] = [10, 25], feedback: LiveFeedback? = nil,
        droppedEvents: Int = 0, xruns: Int = 0, timer: PracticeTimer.Status? = nil, reminder: String? = nil
    ) {
        self.isPlaying = isPlaying
        self.isMuted = isMuted
        self.bar = bar
        self.beat = beat
        self.beatsPerBar = beatsPerBar
        self.accents = accents
        self.countInBars = countInBars
        self.tempo = tempo
        self.presetName = presetName
        self.recentHits = Array(recentHits.suffix(max(recentHitLimit, 0)))
        self.recentHitLimit = recentHitLimit
        self.currentBar = currentBar
        self.session = session
        self.windowMarksMs = windowMarksMs
        self.feedback = feedback
        self.droppedEvents = droppedEvents
        self.xruns = xruns
        self.timer = timer
        self.reminder = reminder
    }

    /// Adds a hit, forgetting the oldest beyond `recentHitLimit`.
    public mutating func record(_ hit: LiveHitMark) {
        recentHits.append(hit)
        if recentHits.count > max(recentHitLimit, 0) {
            recentHits.removeFirst(recentHits.count - max(recentHitLimit, 0))
        }
    }

    public mutating func clearHits() {
        recentHits.removeAll()
    }

    /// The level of each beat of a bar as the click plays it: beat 1 accented
    /// and the others normal without a pattern; a pattern of beats cycled; a
    /// pattern of pulses (beats × subdivision long) read on the beats.
    public static func beatAccents(pattern: AccentPattern?, beatsPerBar: Int, subdivision: Int) -> [AccentLevel] {
        guard beatsPerBar > 0 else { return [] }
        guard let levels = pattern?.levels, !levels.isEmpty else {
            return [.accent] + Array(repeating: .normal, count: beatsPerBar - 1)
        }
        let perPulse = levels.count > beatsPerBar && levels.count == beatsPerBar * subdivision
        return (0..<beatsPerBar).map { beat in levels[(perPulse ? beat * subdivision : beat) % levels.count] }
    }
}
