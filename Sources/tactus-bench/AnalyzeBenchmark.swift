import Foundation
import TactusCore
import TactusTestSupport

/// `tactus analyze` on a generated performance: a Standard MIDI File of
/// `noteCount` notes from `SimulatedPlayer` at 97 BPM 4/4, written with
/// TactusCore's MIDI file writer. Reports notes per second of wall time and
/// the peak resident memory `/usr/bin/time -v` reports.
struct AnalyzeBenchmark {
    let tactus: String
    let noteCount: Int
    let workDirectory: String

    static let ticksPerQuarter = 960

    func run() -> BenchRow {
        let title = "analyze \(noteCount.formatted(.number.grouping(.automatic))) notes: notes/s, peak RSS (MiB)"
        guard let help = ChildProcess.output(tactus, ["analyze", "--help"], workDirectory: workDirectory), help.status == 0 else {
            return BenchRow(measurement: title, tactus: "not available", note: "this tactus has no analyze command")
        }
        guard let time = ChildProcess.find("/usr/bin/time") else {
            return BenchRow(measurement: title, tactus: "n/a", note: "/usr/bin/time is missing (apt-get install time)")
        }
        let file = "\(workDirectory)/performance.mid"
        let report = "\(workDirectory)/analyze-report.json"
        let log = "\(workDirectory)/analyze.log"
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? FileManager.default.removeItem(atPath: report)
        }
        Console.progress("analyze: generating \(noteCount) notes")
        guard let notes = writePerformance(to: file) else {
            return BenchRow(measurement: title, tactus: "n/a", note: "could not write \(file)")
        }
        let run = ChildProcess.timed(
            time, [tactus, "analyze", file, "--subdivision", "2", "--report", report], log: log, timeout: 900
        ) { "tactus analyze failed (exit \($0)); see \(log)" }
        guard let seconds = run.seconds else {
            return BenchRow(measurement: title, tactus: "n/a", note: run.problem ?? "")
        }
        let rss = run.rssKiB.map { String(format: "%.0f", $0 / 1024) } ?? "?"
        return BenchRow(
            measurement: title,
            tactus: "\(String(format: "%.0f", Double(notes) / seconds)) notes/s, \(rss) MiB",
            note: String(format: "%.2f s wall for %d notes, report written", seconds, notes))
    }

    /// Writes the performance; returns its note count.
    func writePerformance(to path: String) -> Int? {
        guard let timeline = try? Timeline(spec: TimelineSpec(tempo: Tempo(bpm: 97))) else { return nil }
        // About 2.94 notes a beat (hi-hat eighths, kick or snare on the beat, 2 % missed).
        let bars = noteCount / 11 + 16
        // No drift: over hours of playing it would carry the notes off the grid.
        var played = SimulatedPlayer(driftMsPerMinute: 0).perform(on: timeline, bars: 1...bars)
        if played.count > noteCount { played.removeLast(played.count - noteCount) }
        let framesPerTick = 60 * 48_000 / (97 * Double(Self.ticksPerQuarter))
        let notes = played.map { note in
            MIDIFileNote(
                tick: max(0, Int((Double(note.frame - timeline.originFrame) / framesPerTick).rounded())), duration: 60,
                channel: note.channel - 1, note: note.note, velocity: note.velocity)
        }
        let file = MIDIFile(
            format: .singleTrack, ticksPerQuarter: Self.ticksPerQuarter,
            tempoChanges: [MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(bpm: 97))],
            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 4, denominatorPower: 2))],
            notes: notes)
        guard FileManager.default.createFile(atPath: path, contents: Data(file.encoded())) else { return nil }
        return notes.count
    }
}
