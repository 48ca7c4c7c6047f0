import Foundation
import TactusCore
import TactusEngine
import TactusLive

/// `tactus render`: the click for the count-in and the requested bars (or
/// seconds), written to a WAV file offline — the same timeline and sound the
/// live click uses.
struct RenderCommand: Command {
    static let name = "render"
    static let abstract = "Render the click to a WAV file, offline."
    static let positionals: [Positional<Self>] = TimelineOptions.positionals.within(\.timeline)
    static let usage = "--out [--bars | --duration] [options]"
    static let optionTable: [Option<Self>] = [
        Option("--out", "FILE.wav", "The WAV file to write (replaced only when complete).", .text) { $0.out = $1 },
        Option("--format", "pcm16|pcm24|float", "Sample format.", .parsed(expected: "pcm16, pcm24 or float", describe: { $0.rawValue }) {
            (text: String) -> WAVSampleFormat? in
            switch text {
            case "pcm16": .pcm16
            case "pcm24": .pcm24
            case "float", "float32": .float32
            default: nil
            }
        }, default: defaults.format) { $0.format = $1 },
        .quiet { $0.quiet = true },
    ] + TimelineOptions.optionTable.within(\.timeline)
    static let discussion = """
        Example: tactus render --bpm 97 --meter 7/8 --subdivision 2 --bars 64 --out click.wav
        As in klick, 'tactus render 3/4 90 --out f.wav' is '--meter 3/4 --bpm 90'.
        The file starts on the first count-in downbeat and ends on the downbeat after
        the last bar (or after --duration seconds from bar 1).
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var timeline = TimelineOptions()
    var out: String?
    var format = WAVSampleFormat.pcm16
    var quiet = false

    /// Frames rendered and encoded at a time.
    static let blockFrames = WAVStream.blockFrames

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        guard let out, !out.isEmpty else {
            throw .option("--out", "missing; give the WAV file to write")
        }
        try timeline.validate()
    }

    func run() throws(CommandLineError) -> ExitCode {
        let practice = try Practice(options: timeline)
        for warning in practice.warnings { StandardStreams.warn("tactus \(Self.name)", warning) }
        let timeline = practice.timeline
        let frames = try Self.frames(of: practice)
        let path = out ?? ""
        // The live engine, driven offline as klick's file backend drives its
        // metronome: what is written is what `tactus run` plays.
        var driver = OfflineDriver(
            engine: Engine(sounds: practice.sound.buffers, layerSounds: practice.layerSounds), period: Self.blockFrames, startFrame: frames.lowerBound)
        do {
            var stream = try WAVStream(path: path, format: format, sampleRate: timeline.sampleRate, frameCount: Int(frames.upperBound - frames.lowerBound))
            let countIn = timeline.spec.countInBars
            let lastBar = Self.bars(of: timeline, before: frames.upperBound)
            let progress = ProgressMeter(label: "rendering", unit: "bars", total: lastBar + countIn, quiet: quiet)
            defer { progress.finish() }
            var written = frames.lowerBound
            var bar = 1 - countIn
            try driver.render(until: frames.upperBound, commands: EngineCommand.load(timeline, play: true)) {
                (block) throws(FileSystem.Failure) in
                try stream.write(block)
                written += Int64(block.count)
                while bar <= lastBar, timeline.frame(ofBar: bar + 1) <= written { bar += 1 }
                progress.update(bar - 1 + countIn)
            }
            progress.update(lastBar + countIn)
            try stream.finish()
        } catch let error as WAVError {
            throw .failure("\(path): \(error.message)")
        } catch let error as FileSystem.Failure {
            throw .cannotWrite(path, error)
        } catch {
            throw .failure("\(path): \(error)")
        }
        if !quiet {
            let clicks = driver.engine.clicksStarted
            Tactus.note(Self.summary(path: path, practice: practice, frames: frames, clicks: clicks, format: format) + "\n", about: [path])
        }
        return .success
    }

    /// From the first count-in downbeat to the downbeat after the last bar,
    /// or to `durationSeconds` after bar 1.
    static func frames(of practice: Practice) throws(CommandLineError) -> Range<Int64> {
        let timeline = practice.timeline
        if let bars = practice.config.sessionBars {
            return timeline.startFrame..<timeline.frame(ofBar: bars + 1)
        }
        if let seconds = practice.config.durationSeconds {
            let length = Int64((seconds * Double(timeline.sampleRate)).rounded())
            return timeline.startFrame..<(timeline.originFrame + max(1, length))
        }
        throw .usage("give --bars N or --duration SECONDS (or \"bars\" or \"durationSeconds\" in the config)")
    }

    /// Bars whose downbeat falls before `end`, after the count-in.
    static func bars(of timeline: Timeline, before end: Int64) -> Int {
        var bars = 0
        while bars < PracticeConfig.allowedBars.upperBound, timeline.frame(ofBar: bars + 1) < end {
            bars += 1
        }
        return bars
    }

    /// `wrote click.wav: 1975680 frames (41.160 s at 48000 Hz, pcm16), 910 clicks, 1 count-in bar + 64 bars of 7/8 at 97 BPM`
    static func summary(path: String, practice: Practice, frames: Range<Int64>, clicks: Int, format: WAVSampleFormat) -> String {
        let timeline = practice.timeline
        let frameCount = frames.upperBound - frames.lowerBound
        let seconds = String(format: "%.3f", Double(frameCount) / Double(timeline.sampleRate))
        let bars = Self.bars(of: timeline, before: frames.upperBound)
        let countIn = timeline.spec.countInBars
        let countInText = countIn == 0 ? "" : "\(countIn) count-in bar\(countIn == 1 ? "" : "s") + "
        var meters: [String] = []
        var tempos: [Tempo] = []
        for bar in 1...max(1, bars) {
            let meter = "\(timeline.spec.changes.last { $0.bar <= bar && $0.meter != nil }?.meter ?? timeline.spec.meter)"
            if meters.last != meter { meters.append(meter) }
            tempos.append(timeline.tempo(atBar: bar))
        }
        if practice.config.ramp != nil || timeline.spec.changes.contains(where: { $0.rampBars > 0 }) {
            tempos.append(timeline.tempo(atBar: bars + 1))
        }
        let slowest = tempos.min() ?? timeline.spec.tempo
        let fastest = tempos.max() ?? timeline.spec.tempo
        let tempo = slowest == fastest ? "\(slowest) BPM" : "\(slowest)–\(fastest) BPM"
        let formatName = format == .float32 ? "float" : format.rawValue
        return "wrote \(path): \(frameCount) frames (\(seconds) s at \(timeline.sampleRate) Hz, \(formatName)), \(clicks) clicks, "
            + "\(countInText)\(bars) bar\(bars == 1 ? "" : "s") of \(meters.joined(separator: ", ")) at \(tempo)"
    }
}
