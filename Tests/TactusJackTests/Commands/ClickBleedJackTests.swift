import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// A session without headphones: the microphone hears the click. Here the
/// click comes back into `tactus:audio-in` through a delay line, 600 frames
/// late, and nothing else is played. The count-in teaches tactus
/// the click's delay, and from bar 1 on no click is scored: the report says
/// what the count-in taught and how many strokes were the click, and has
/// only misses. The test server runs synchronously and skips no cycle, so
/// every click comes back on the same frame after it.
@Suite(.serialized)
struct ClickBleedJackTests {
    @Test func theClickHeardBackIsLearnedInTheCountInAndNotScored() async throws {
        try await JackTestServer.with { server in
            let folder = try TactusBinary.scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let report = folder.appendingPathComponent("report.json").path
            let line = try JackDelayLine(server: server.name, delay: 600)
            let run = try await TactusChild.run([
                "run", "--server", server.name, "--bpm", "120", "--count-in", "1", "--bars", "4", "--no-ui", "--lead-ms", "1000",
                "--connect-click", "delay:in", "--connect-audio", "delay:out", "--report", report,
            ], within: .frames(5 * 96_000 + 11 * 48_000, of: server))
            #expect(run.exitCode == 0, "\(run.stderr)")
            #expect(line.gaps == 0)
            let read = try PracticeReport.read(report)
            // The count-in's four clicks are heard (and not scored, as a count-in's strokes never are).
            #expect(read.hits.filter(\.countIn).count == 4)
            #expect(read.hits.filter { !$0.countIn }.isEmpty)
            #expect(read.summary.misses == 16)
            let said = read.events.filter { $0.kind == .clickBleed }.map(\.detail)
            // 600 frames in the delay line and the period (64 frames) JACK
            // adds to break the loop tactus → delay line → tactus: 13.8 ms.
            // The loudest is the accent's. Bars 1 to 4 have 16 clicks; bar 5's
            // downbeat sounds too before tactus stops, but comes back after
            // the session's end and is not the session's.
            #expect(said == [
                "the click comes back in the audio input 13.8 ms after each click, at up to -1.5 dBFS: strokes that match it are not scored",
                "16 strokes heard were the click coming back, not scored",
            ])
        }
    }
}
