import Foundation
import Testing
@testable import TactusCore

@Suite struct SessionJournalTests {
    @Test func linesAreCompactSortedAndExact() {
        let miss = MissedPosition(frame: 336_000, timeS: 5, position: GridPosition(bar: 3, beat: 3), preset: "Groove 1")
        #expect(SessionJournal.line(.miss(miss)) == """
            {"bar":3,"beat":3,"frame":336000,"preset":"Groove 1","subdivision":1,"timeS":5,"type":"miss"}

            """)
        let hit = ScoredHit(
            frame: 96_001, gridFrame: 96_000, timeS: 1.0 / 48_000, position: GridPosition(bar: 1, beat: 1),
            offsetMs: 1.0 / 48, note: 38, velocity: 100, channel: 10, grade: .perfect, muted: true)
        #expect(SessionJournal.line(.hit(hit)) == """
            {"bar":1,"beat":1,"channel":10,"frame":96001,"grade":"perfect","gridFrame":96000,"muted":true,"note":38,\
            "offsetMs":0.020833333333333332,"subdivision":1,"timeS":2.0833333333333333e-05,"type":"hit","velocity":100}

            """)
    }

    @Test func barAndPlayerLinesAreCompactSortedAndExact() {
        let bar = CompletedBar(frames: 96_000, summary: BarSummary(
            bar: 2, hits: 4, matched: 3, misses: 1, meanOffsetMs: 1.0 / 3, sdOffsetMs: nil, meanAbsOffsetMs: 2.5, muted: false))
        #expect(SessionJournal.line(.bar(bar)) == """
            {"bar":2,"frames":96000,"hits":4,"matched":3,"meanAbsOffsetMs":2.5,"meanOffsetMs":0.3333333333333333,\
            "misses":1,"muted":false,"sdOffsetMs":null,"type":"bar"}

            """)
        let stroke = ScoredHit(
            frame: 5, gridFrame: 4, timeS: 0.5, position: GridPosition(bar: 1, beat: 2), offsetMs: -1.25, note: 0,
            velocity: 0, channel: 0, levelDb: -20.3, grade: .good, countIn: true, preset: "Song \"A\"/é")
        #expect(SessionJournal.line(.playerHit(player: "anna", stroke)) == """
            {"bar":1,"beat":2,"countIn":true,"frame":5,"grade":"good","gridFrame":4,"levelDb":-20.3,"offsetMs":-1.25,\
            "player":"anna","preset":"Song \\"A\\"/é","source":"audio","subdivision":1,"timeS":0.5,"type":"playerHit"}

            """)
        let miss = MissedPosition(frame: -7, timeS: -0.25, position: GridPosition(bar: 0, beat: 4, subdivision: 2), muted: true)
        #expect(SessionJournal.line(.playerMiss(player: "b\\o", miss)) == """
            {"bar":0,"beat":4,"frame":-7,"muted":true,"player":"b\\\\o","subdivision":2,"timeS":-0.25,"type":"playerMiss"}

            """)
        var broken = stroke
        broken.offsetMs = .infinity
        #expect(SessionJournal.line(.hit(broken)) == "{\"type\":\"unwritable\"}\n")
    }

    @Test func plainEventLinesAreWhatTheEncoderWrites() {
        let events = [
            SessionEvent(kind: .xrun, frame: 123_456_789, detail: "xrun 17"),
            SessionEvent(kind: .doubleTrigger, frame: -5, detail: "note 42 ch 10, 10.3 ms after the last one"),
            SessionEvent(kind: .marker, frame: 0, detail: "a/b {c} ~"),
        ]
        for event in events {
            #expect(SessionJournal.plainEventLine(event) == SessionJournal.encodedLine(event, type: .event))
            #expect(SessionJournal.line(.event(event)) == SessionJournal.encodedLine(event, type: .event))
        }
        // Anything to escape, or an optional field, goes through the encoder.
        #expect(SessionJournal.plainEventLine(SessionEvent(kind: .marker, frame: 1, detail: "say \"hi\"")) == nil)
        #expect(SessionJournal.plainEventLine(SessionEvent(kind: .marker, frame: 1, detail: "tab\t")) == nil)
        #expect(SessionJournal.plainEventLine(SessionEvent(kind: .marker, frame: 1, detail: "é")) == nil)
        #expect(SessionJournal.plainEventLine(SessionEvent(kind: .reconnected, frame: 1, detail: "back", gapS: 1.5, shiftFrames: 9)) == nil)
    }

    /// The oracle: Foundation's encoder writing the hit's fields exactly, beside its type.
    static func encoded(_ hit: ScoredHit) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(FoundationReport.Hit(hit: hit, exact: true, type: "hit")), as: UTF8.self) + "\n"
    }

    @Test func hitLinesAreWhatTheEncoderWrites() throws {
        let offsets: [Double] = [-23.25, 0, -0.0, 5, 1e-05, -1.7e-15, 0.1 + 0.2, 1e20, 123_456.789, -49.979166666666664]
        for (index, offset) in offsets.enumerated() {
            let hit = ScoredHit(
                frame: 71_723_771 + Int64(index), gridFrame: 71_724_887, timeS: [1486.77675, 0, 2, 1e-7, -0.5][index % 5],
                position: GridPosition(bar: index - 2, beat: 1 + index % 4, subdivision: 1 + index % 2), offsetMs: offset,
                note: 42, velocity: 107, channel: 10, grade: [.perfect, .good, .ok, .extra][index % 4],
                countIn: index % 3 == 0, muted: index % 4 == 1)
            #expect(try SessionJournal.line(.hit(hit)) == Self.encoded(hit))
        }
        var named = ScoredHit(
            frame: 1, gridFrame: 1, timeS: 0, position: GridPosition(bar: 1, beat: 1), offsetMs: 0, note: 38,
            velocity: 90, channel: 10, grade: .perfect, countIn: false, muted: false)
        named.preset = "Song \"A\""
        #expect(try SessionJournal.line(.hit(named)) == Self.encoded(named))
        named.levelDb = -3.1
        #expect(try SessionJournal.line(.hit(named)) == Self.encoded(named))
    }

    @Test func recoveryRebuildsTheSameReport() throws {
        let run = try SampleSession.run()
        let (report, warnings) = try SessionJournal.recover(run.journal, file: "s.jsonl", createdAt: "2026-03-01T18:10:00Z")
        #expect(warnings == [])
        #expect(report.source == ReportSource(
            kind: .recovered, file: "s.jsonl",
            detail: "from a live session started 2026-03-01T18:00:00Z, server default, client tactus"))
        #expect(report.createdAt == "2026-03-01T18:10:00Z")
        var same = report
        same.source = run.report.source
        same.createdAt = run.report.createdAt
        #expect(same == run.report)
    }

    @Test func aCutLastLineIsLeftOutWithAWarning() throws {
        let run = try SampleSession.run()
        var lines = run.journal.split(separator: "\n").map(String.init)
        // Keep everything up to bar 2's last hit, and half of bar 3's first hit.
        let cut = try #require(lines.firstIndex { $0.contains("\"gridFrame\":288000") })
        lines = Array(lines[..<cut]) + [String(lines[cut].prefix(40))]
        let (report, warnings) = try SessionJournal.recover(lines.joined(separator: "\n"), file: "s.jsonl")
        #expect(warnings == ["s.jsonl: line \(cut + 1): cut short; left out"])
        #expect(report.summary.matched == 8)
        #expect(report.summary.durationS == 4)
        #expect(report.bars.map(\.bar) == [1, 2])
    }

    @Test func aSessionStoppedInsideABarIsNamed() throws {
        let run = try SampleSession.run()
        let lines = run.journal.split(separator: "\n").map(String.init)
        let end = try #require(lines.firstIndex { $0.contains("\"gridFrame\":312000") })
        let (report, warnings) = try SessionJournal.recover(lines[...end].joined(separator: "\n") + "\n")
        #expect(warnings == ["journal: ends inside bar 3; its length is left out of the duration"])
        #expect(report.summary.matched == 10)
    }

    @Test func unreadableLinesInTheMiddleAreSkipped() throws {
        let run = try SampleSession.run()
        var lines = run.journal.split(separator: "\n").map(String.init)
        lines[2] = lines[2].replacingOccurrences(of: "\"velocity\":100", with: "\"velocity\":\"ff\"")
        lines.insert("not json", at: 4)
        let (report, warnings) = try SessionJournal.recover(lines.joined(separator: "\n") + "\n")
        #expect(warnings == [
            "journal: line 3: velocity: expected a whole number, found a string; left out",
            "journal: line 5: is not valid JSON; left out",
        ])
        #expect(report.hits.count == run.report.hits.count - 1)
    }

    @Test func aJournalNeedsItsHeader() throws {
        let run = try SampleSession.run()
        let withoutHeader = run.journal.split(separator: "\n").dropFirst().joined(separator: "\n")
        #expect(throws: ReportError(file: "s.jsonl", message: "line 1: expected the journal header first")) {
            try SessionJournal.recover(withoutHeader, file: "s.jsonl")
        }
        #expect(throws: ReportError(file: "s.jsonl", message: "line 1: not a tactus journal header (is not valid JSON)")) {
            try SessionJournal.recover("{\"type\":\"head", file: "s.jsonl")
        }
        #expect(throws: ReportError(file: "s.jsonl", message: "is empty; expected a tactus journal header on line 1")) {
            try SessionJournal.recover("\n", file: "s.jsonl")
        }
        let future = run.journal.replacingOccurrences(of: "tactus.journal/1", with: "tactus.journal/9")
        #expect(throws: ReportError(file: "s.jsonl", message: "line 1: schema is \"tactus.journal/9\"; this tactus reads \"tactus.journal/1\"")) {
            try SessionJournal.recover(future, file: "s.jsonl")
        }
    }
}
