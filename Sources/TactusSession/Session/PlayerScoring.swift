import TactusCore
import TactusEngine

/// The players of a session, each scored by a scorer of their own against
/// the session's grid: the engine stamps every input event with the index
/// of the player port it came through, and this routes it. The session
/// control keeps scoring all players' hits together as well (the report's
/// headline figures); this adds each player's part. One player is a group
/// of one: the session's scorer is theirs, and they have none of their own.
public struct PlayerScoring: Sendable {
    public struct Player: Sendable {
        public let name: String
        /// The port (or pattern) given for the player.
        public let port: String
        public internal(set) var scorer: Scorer<Timeline>
    }

    public private(set) var players: [Player]
    /// Parts of one kit on their own click layers (`--voice-layer`): the
    /// player a note-on goes to is the part its voice is in, not a port.
    public private(set) var routing: VoiceLayerRouting?

    /// One player: the session's scorer is theirs.
    public init() {
        players = []
    }

    /// One scorer per player on `grid`, with `settings[i]` (each player's
    /// own latency compensation) for `names[i]`.
    public init(names: [String], ports: [String], grid: Timeline, settings: [ScoringSettings]) throws(SettingError) {
        players = try names.indices.map { index throws(SettingError) in
            Player(name: names[index], port: ports[index], scorer: try Scorer(grid: grid, settings: settings[index]))
        }
    }

    /// One scorer per part of the kit, each on its layer of `grid` with
    /// `settings` (the session's latency; the layer's notes scored whole).
    public init(parts routing: VoiceLayerRouting, grid: Timeline, settings: ScoringSettings) throws(SettingError) {
        players = try routing.layers.map { part throws(SettingError) in
            var own = settings
            own.layer = part.layer
            return Player(name: part.name, port: "layer \(part.layer + 2)", scorer: try Scorer(grid: grid, settings: own))
        }
        self.routing = routing
    }

    /// Whether the session has players of their own (`--player`, or
    /// `--voice-layer`'s parts): what the report, the journal header and the
    /// live view list as players.
    public var isGroup: Bool {
        !players.isEmpty
    }

    /// The player `hit` is scored for: the part its voice is in (nil: the
    /// main click's), else the player of the port it came through.
    public func player(of hit: InputHit, port: Int) -> Int? {
        guard let routing else { return port }
        return routing.part(note: hit.note, channel: hit.channel)
    }

    /// Scores `hit` (a note-on or an audio stroke) for player `index`, on
    /// `grid` (the session's); nil when it scored nothing for them.
    public mutating func score(_ hit: InputHit, player index: Int, grid: Timeline) -> PlayerHit? {
        guard players.indices.contains(index) else { return nil }
        players[index].scorer.grid = grid
        guard case .scored(let result) = players[index].scorer.score(hit) else { return nil }
        return PlayerHit(player: index, hit: result)
    }

    /// Compensates every player's hits from `frame` on with the port
    /// latencies now in force: a player's of a group with their own port's,
    /// a part's of the kit with the session input's.
    mutating func portLatencies(_ latencies: PortLatencies, from frame: Int64) {
        let inputs = routing == nil ? latencies.players : players.map { _ in latencies.session }
        for (index, input) in zip(players.indices, inputs) {
            _ = players[index].scorer.portLatencies(
                clickOutputFrames: input.clickOutputFrames, inputCaptureFrames: input.inputCaptureFrames, from: frame)
        }
    }

    /// Settles every player's positions up to `frame` on `grid`; returns the
    /// journal lines of the misses settled.
    mutating func advance(to frame: Int64, grid: Timeline) -> String {
        settle(on: grid) { $0.advance(to: frame) }
    }

    /// Does to every player's scorer what the session control did to its
    /// own, `grid` being the session's grid after it. Returns the journal
    /// lines of the misses settled.
    mutating func follow(_ change: ScoringChange, grid: Timeline) -> String {
        var journal = ""
        for index in players.indices {
            switch change {
            case .restart(let frame, let bar):
                // Settled on the grid played until the stop.
                journal += lines(player: index, players[index].scorer.stop(at: frame).progress)
                players[index].scorer.restart(atBar: bar)
                players[index].scorer.grid = grid
            case .fresh:
                let old = players[index].scorer
                guard var scorer = try? Scorer(grid: grid, settings: old.settings, preset: old.preset) else { continue }
                scorer.keepLatencyChanges(of: old)
                players[index].scorer = scorer
            case .skip(let position, let frame):
                players[index].scorer.grid = grid
                journal += lines(player: index, players[index].scorer.skip(to: position, playedUntil: frame))
            }
        }
        return journal
    }

    /// Closes every player's scoring at `frame` on `grid`; returns the
    /// journal lines of the misses settled.
    mutating func finish(at frame: Int64, grid: Timeline) -> String {
        settle(on: grid) { $0.finish(at: frame) }
    }

    /// Runs `settling` on every player's scorer, put on `grid` first;
    /// returns the journal lines of the misses settled.
    private mutating func settle(on grid: Timeline, _ settling: (inout Scorer<Timeline>) -> ScorerProgress) -> String {
        var journal = ""
        for index in players.indices {
            players[index].scorer.grid = grid
            journal += lines(player: index, settling(&players[index].scorer))
        }
        return journal
    }

    /// The journal lines of players' hits.
    public func journalLines(_ hits: [PlayerHit]) -> String {
        SessionJournal.lines(hits.map { JournalEntry.playerHit(player: players[$0.player].name, $0.hit) })
    }

    /// The journal header's list of the players; nil for one player.
    public var journalPlayers: [JournalPlayer]? {
        guard isGroup else { return nil }
        return players.indices.map { index in
            let part = routing?.layers[index]
            return JournalPlayer(name: players[index].name, port: players[index].port, layer: part.map { $0.layer + 2 }, voices: part?.voices)
        }
    }

    /// The journal lines of what one player's scorer settled: their misses
    /// (the bars are the session's own).
    func lines(player index: Int, _ progress: ScorerProgress) -> String {
        SessionJournal.lines(progress.misses.map { JournalEntry.playerMiss(player: players[index].name, $0) })
    }

    /// Each player's part of the group report.
    public func reports(createdAt: String, source: ReportSource, settings: ReportSettings) -> [PlayerReport] {
        players.indices.map { index in
            let player = players[index]
            var own = settings
            own.scoring = player.scorer.settings
            let report = player.scorer.report(createdAt: createdAt, source: source, settings: own)
            if let part = routing?.layers[index] { return PlayerReport(part: part, report: report) }
            return PlayerReport(name: player.name, port: player.port, report: report)
        }
    }
}

/// A hit scored for one player of a group session.
public struct PlayerHit: Hashable, Sendable {
    /// The player's index (the order of `--player`).
    public let player: Int
    public let hit: ScoredHit
}
