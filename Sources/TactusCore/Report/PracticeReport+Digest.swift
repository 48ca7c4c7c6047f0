import Foundation

extension CodingUserInfoKey {
    /// Set (to true) when a report is decoded for its digest.
    static let reportDigest = CodingUserInfoKey(rawValue: "tactus.reportDigest")!
}

extension PracticeReport {
    /// The report without its lists, which grow with the session: no hits,
    /// misses, bars, tempo changes or events, and no player's hits.
    /// Everything else (settings, summaries, breakdowns, findings, the
    /// ensemble) is as it is: all a history of sessions reads, a few
    /// kilobytes however long the session.
    public var digest: PracticeReport {
        var digest = self
        digest.hits = []
        digest.misses = []
        digest.bars = []
        digest.tempoChanges = []
        digest.events = []
        digest.players = players?.map { player in
            var part = player
            part.hits = []
            return part
        }
        return digest
    }

    /// The digest of the report in `data`, its lists skipped, not decoded:
    /// reading it costs a fraction of reading the whole. A report too old
    /// to carry its findings and positions is decoded whole (they are
    /// worked out from its hits) and then digested.
    public static func decodeDigest(_ data: Data, file: String) throws(ReportError) -> PracticeReport {
        let decoder = JSONDecoder()
        decoder.userInfo[.reportDigest] = true
        return try decode(data, file: file, with: decoder)
    }
}
