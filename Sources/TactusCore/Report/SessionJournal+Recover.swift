import Foundation

extension SessionJournal {
    /// Rebuilds the report of an interrupted session from its journal text.
    ///
    /// Lines are replayed in order through the same statistics the scorer
    /// keeps, so a complete journal gives the report the session would have
    /// written (source `recovered`). A line that cannot be read — typically a
    /// last line cut short — is left out with a warning naming its line
    /// number; a missing or unreadable header is an error, since the settings
    /// are needed. `file` names the journal in messages and in the report's
    /// source; `createdAt` defaults to the session's start.
    public static func recover(
        _ text: String, file: String = "journal", createdAt: String? = nil
    ) throws(ReportError) -> (report: PracticeReport, warnings: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        var header: JournalHeader?
        var statistics: SessionStatistics?
        var warnings: [String] = []
        var closedBars: Set<Int> = []
        var lastHitBar = 0
        /// A group session's players' own statistics, by name.
        var players: [String: SessionStatistics] = [:]

        for (index, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            let number = index + 1
            let isLast = index == lines.count - 1
            let entry: JournalEntry
            do {
                entry = try decoder.decode(JournalEntry.self, from: Data(line.utf8))
            } catch {
                let reason = (error as? DecodingError).map(PracticeReport.describe) ?? "cannot be read"
                guard header != nil else {
                    throw ReportError(file: file, message: "line \(number): not a tactus journal header (\(reason))")
                }
                warnings.append(isLast
                    ? "\(file): line \(number): cut short; left out"
                    : "\(file): line \(number): \(reason); left out")
                continue
            }
            if case .header(let found) = entry {
                guard header == nil else {
                    warnings.append("\(file): line \(number): a second header; left out")
                    continue
                }
                guard found.schema == schemaName else {
                    throw ReportError(file: file, message: "line \(number): schema is \"\(found.schema)\"; this tactus reads \"\(schemaName)\"")
                }
                header = found
                statistics = SessionStatistics(sampleRate: found.settings.sampleRate, originFrame: found.originFrame)
                for player in found.players ?? [] {
                    players[player.name] = SessionStatistics(sampleRate: found.settings.sampleRate, originFrame: found.originFrame)
                }
                continue
            }
            guard statistics != nil else {
                throw ReportError(file: file, message: "line \(number): expected the journal header first")
            }
            switch entry {
            case .header:
                break
            case .hit(let hit):
                statistics?.record(hit)
                if !hit.countIn { lastHitBar = max(lastHitBar, hit.position.bar) }
            case .miss(let miss):
                statistics?.record(miss)
            case .event(let event):
                statistics?.record(event)
            case .tempoChange(let change):
                statistics?.record(change)
            case .bar(let bar):
                statistics?.closeBar(bar.summary.bar, frames: bar.frames, muted: bar.summary.muted)
                for name in players.keys { players[name]?.closeBar(bar.summary.bar, frames: bar.frames, muted: bar.summary.muted) }
                closedBars.insert(bar.summary.bar)
            case .playerHit(let player, let hit):
                guard players[player] != nil else {
                    warnings.append("\(file): line \(number): a hit of player '\(player)', whom the header does not list; left out")
                    continue
                }
                players[player]?.record(hit)
            case .playerMiss(let player, let miss):
                guard players[player] != nil else {
                    warnings.append("\(file): line \(number): a miss of player '\(player)', whom the header does not list; left out")
                    continue
                }
                players[player]?.record(miss)
            }
        }

        guard let header, let statistics else {
            throw ReportError(file: file, message: "is empty; expected a tactus journal header on line 1")
        }
        if lastHitBar > 0, !closedBars.contains(lastHitBar) {
            warnings.append("\(file): ends inside bar \(lastHitBar); its length is left out of the duration")
        }
        var detail = "from a \(header.source.kind.rawValue) session started \(header.createdAt)"
        if let original = header.source.detail { detail += ", \(original)" }
        let source = ReportSource(kind: .recovered, file: file, detail: detail)
        let report = statistics.report(createdAt: createdAt ?? header.createdAt, source: source, settings: header.settings)
        guard let group = header.players, !group.isEmpty else { return (report, warnings) }
        let parts = group.compactMap { player in
            players[player.name].map { own in
                var settings = header.settings
                if let layer = player.layer { settings.scoring.layer = layer - 2 }
                var part = PlayerReport(
                    name: player.name, port: player.port, report: own.report(createdAt: report.createdAt, source: source, settings: settings))
                part.layer = player.layer
                part.voices = player.voices
                return part
            }
        }
        return (report.withPlayers(parts), warnings)
    }
}
