import Foundation
@testable import TactusCore

/// The oracle of the report's writer: Foundation's encoder writing the whole
/// report, lists and all, each object's fields as listed here and its
/// numbers rounded as report JSON says (3 decimals, seconds 6, dB 1).
struct FoundationReport: Encodable {
    let report: PracticeReport

    struct Key: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init(stringLiteral value: String) { stringValue = value }
        init?(intValue: Int) { nil }
    }

    static func rounded(_ value: Double?, _ decimals: Int) -> Double? {
        value.map { ReportNumber.rounded($0, decimals: decimals) }
    }

    func encode(to encoder: any Encoder) throws {
        let r = report
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(r.schema, forKey: "schema")
        try c.encode(r.tactusVersion, forKey: "tactusVersion")
        try c.encode(r.createdAt, forKey: "createdAt")
        try c.encode(r.source, forKey: "source")
        try c.encode(r.settings, forKey: "settings")
        try c.encode(r.summary, forKey: "summary")
        try c.encode(r.withoutClick, forKey: "withoutClick")
        try c.encode(r.byBeat, forKey: "byBeat")
        try c.encode(r.bySubdivision, forKey: "bySubdivision")
        try c.encode(r.byPosition, forKey: "byPosition")
        try c.encode(r.byNote, forKey: "byNote")
        try c.encode(r.byVoice, forKey: "byVoice")
        try c.encode(r.bars.map { Bar(bar: $0) }, forKey: "bars")
        try c.encode(r.histogram, forKey: "histogram")
        try c.encode(r.hits.map { Hit(hit: $0) }, forKey: "hits")
        try c.encode(r.misses.map { Miss(miss: $0) }, forKey: "misses")
        try c.encode(r.tempoChanges, forKey: "tempoChanges")
        try c.encode(r.events, forKey: "events")
        try c.encode(r.byPreset, forKey: "byPreset")
        try c.encodeIfPresent(r.players?.map { Player(player: $0) }, forKey: "players")
        try c.encodeIfPresent(r.ensemble, forKey: "ensemble")
        try c.encodeIfPresent(r.pulse, forKey: "pulse")
        try c.encode(r.findings, forKey: "findings")
    }

    /// A hit as a report writes it, or as a journal line (`exact`, `type`).
    struct Hit: Encodable {
        let hit: ScoredHit
        var exact = false
        var type: String?

        func rounded(_ value: Double, _ decimals: Int) -> Double? {
            exact ? value : FoundationReport.rounded(value, decimals)
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encodeIfPresent(type, forKey: "type")
            try c.encode(hit.frame, forKey: "frame")
            try c.encode(hit.gridFrame, forKey: "gridFrame")
            try c.encode(rounded(hit.timeS, 6), forKey: "timeS")
            try c.encode(hit.position.bar, forKey: "bar")
            try c.encode(hit.position.beat, forKey: "beat")
            try c.encode(hit.position.subdivision, forKey: "subdivision")
            try c.encode(rounded(hit.offsetMs, 3), forKey: "offsetMs")
            if let levelDb = hit.levelDb {
                try c.encode(rounded(levelDb, 1), forKey: "levelDb")
                try c.encode("audio", forKey: "source")
            } else {
                try c.encode(hit.note, forKey: "note")
                try c.encode(hit.velocity, forKey: "velocity")
                try c.encode(hit.channel, forKey: "channel")
            }
            try c.encode(hit.grade, forKey: "grade")
            if hit.countIn { try c.encode(true, forKey: "countIn") }
            if hit.muted { try c.encode(true, forKey: "muted") }
            try c.encodeIfPresent(hit.preset, forKey: "preset")
        }
    }

    struct Miss: Encodable {
        let miss: MissedPosition

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(miss.frame, forKey: "frame")
            try c.encode(FoundationReport.rounded(miss.timeS, 6), forKey: "timeS")
            try c.encode(miss.position.bar, forKey: "bar")
            try c.encode(miss.position.beat, forKey: "beat")
            try c.encode(miss.position.subdivision, forKey: "subdivision")
            if miss.muted { try c.encode(true, forKey: "muted") }
            try c.encodeIfPresent(miss.preset, forKey: "preset")
        }
    }

    struct Bar: Encodable {
        let bar: BarSummary

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(bar.bar, forKey: "bar")
            try c.encode(bar.hits, forKey: "hits")
            try c.encode(bar.matched, forKey: "matched")
            try c.encode(bar.misses, forKey: "misses")
            try c.encode(FoundationReport.rounded(bar.meanOffsetMs, 3), forKey: "meanOffsetMs")
            try c.encode(FoundationReport.rounded(bar.sdOffsetMs, 3), forKey: "sdOffsetMs")
            try c.encode(FoundationReport.rounded(bar.meanAbsOffsetMs, 3), forKey: "meanAbsOffsetMs")
            try c.encode(bar.muted, forKey: "muted")
        }
    }

    struct Player: Encodable {
        let player: PlayerReport

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(player.name, forKey: "name")
            try c.encode(player.port, forKey: "port")
            try c.encode(player.summary, forKey: "summary")
            try c.encode(player.hits.map { Hit(hit: $0) }, forKey: "hits")
            try c.encode(player.findings, forKey: "findings")
            try c.encodeIfPresent(player.layer, forKey: "layer")
            try c.encodeIfPresent(player.voices, forKey: "voices")
        }
    }
}
