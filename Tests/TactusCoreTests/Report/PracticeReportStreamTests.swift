import Testing
@testable import TactusCore

@Suite struct PracticeReportStreamTests {
    static func streamed(_ report: PracticeReport, chunkBytes: Int = 1 << 20) throws -> (text: String, chunks: [Int]) {
        var bytes: [UInt8] = []
        var chunks: [Int] = []
        try report.writeJSON(chunkBytes: chunkBytes) { chunk in
            bytes += chunk
            chunks.append(chunk.count)
        }
        return (String(decoding: bytes, as: UTF8.self), chunks)
    }

    /// The oracle: Foundation's encoder writing the whole report, lists and all.
    static func foundation(_ report: PracticeReport) throws -> String {
        String(decoding: try FileJSON.encoded(FoundationReport(report: report)), as: UTF8.self)
    }

    @Test func sampleSessionStreamsTheSameBytes() throws {
        let report = try SampleSession.run().report
        let expected = try Self.foundation(report)
        #expect(try Self.streamed(report).text == expected)
        #expect(try report.jsonText() == expected)
        let small = try Self.streamed(report, chunkBytes: 7)
        #expect(small.text == expected)
        // Every chunk but the last holds at least the chunk size.
        #expect(small.chunks.count > 20)
        #expect(small.chunks.dropLast().allSatisfy { $0 >= 7 })
        #expect(try Self.streamed(report).chunks == [expected.utf8.count])
    }

    @Test func emptyListsStreamTheSameBytes() throws {
        var scorer = try Scorer(grid: ConstantTempoGrid(), settings: ScoringSettings(subdivision: 2, swing: .triplet))
        _ = scorer.finish(at: 0)
        let settings = ReportSettings(tempo: Tempo(milliBPM: 97_000), meter: .fourFour, scoring: scorer.settings, sampleRate: 48_000)
        let report = scorer.report(createdAt: "2026-03-01T18:00:00Z", source: ReportSource(kind: .analyze, file: "take.mid"), settings: settings)
        let expected = try Self.foundation(report)
        #expect(try Self.streamed(report).text == expected)
    }

    @Test func awkwardValuesStreamTheSameBytes() throws {
        var report = try SampleSession.run().report
        var random = SplitMix64(seed: 3)
        let template = try #require(report.hits.first)
        report.hits = (0..<2_000).map { index in
            var hit = template
            let u = Double(random.next() >> 11) / Double(1 << 53)
            hit.offsetMs = (u - 0.5) * [1, 100, 1e-4, 1e6, 3][index % 5]
            hit.timeS = u * [1e-7, 1, 1e5, 3e4, 1e-3][index % 5]
            hit.frame = Int64(bitPattern: random.next()) >> Int64(index % 60)
            hit.countIn = index % 3 == 0
            hit.muted = index % 4 == 0
            hit.preset = [nil, "Song \"A\"\t/é", "Groove 1", "tab\u{1}"][index % 4]
            return hit
        }
        report.misses[0].preset = "back\\slash"
        report.bars[1].meanOffsetMs = -0.0004
        report.bars[2].sdOffsetMs = nil
        let expected = try Self.foundation(report)
        #expect(try Self.streamed(report, chunkBytes: 4096).text == expected)
    }

    @Test func playersAndTheirHitsStreamTheSameBytes() throws {
        var report = try SampleSession.run().report
        var hits = report.hits
        hits[1].preset = "Song \"B\""
        hits[2].levelDb = -20.25
        report.players = [
            PlayerReport(
                name: "kick", port: "layer 2", summary: report.summary, hits: hits, findings: report.findings, layer: 2,
                voices: ["kick", "snare/rim"]),
            PlayerReport(name: "anna", port: "system:midi_capture_1", summary: report.summary, hits: []),
        ]
        let expected = try Self.foundation(report)
        #expect(expected.contains("\"voices\" : ["))
        #expect(try Self.streamed(report, chunkBytes: 64).text == expected)
    }

    @Test func nonFiniteNumbersAreRefusedAlike() throws {
        var report = try SampleSession.run().report
        report.hits[2].offsetMs = .nan
        #expect(throws: ReportError.self) { try report.jsonText() }
        #expect(throws: ReportError.self) { try Self.streamed(report) }
        #expect(throws: EncodingError.self) { try FileJSON.encoded(FoundationReport(report: report)) }
    }
}
