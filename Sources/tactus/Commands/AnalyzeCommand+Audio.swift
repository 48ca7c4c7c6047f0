import Foundation
import TactusCore
import TactusLive

extension AnalyzeCommand {
    /// True when `bytes` start like a WAV file or `path` is named like one.
    static func isAudio(_ bytes: [UInt8], path: String) -> Bool {
        bytes.starts(with: Array("RIFF".utf8)) || path.lowercased().hasSuffix(".wav")
    }

    /// `tactus analyze FILE.wav`: finds the strokes in the recording and
    /// scores them as `run` scores MIDI notes.
    func analyzeAudio(_ bytes: [UInt8], path: String) throws(CommandLineError) -> PerformanceAnalysis {
        if let option = notesOption ?? (players.isEmpty ? nil : "--player") {
            throw .usage("\(option) applies to MIDI files; a recording is scored as one instrument")
        }
        let wav = try Self.readRecording(bytes, path: path)
        // A recording is one instrument: no note or channel filter.
        var settings = analysisSettings
        settings.scoring.noteFilter = .all
        settings.sampleRate = wav.sampleRate
        let scoring = settings.scoring
        var detector = try StrokeDetector(sampleRate: wav.sampleRate, sensitivity: sensitivity, scoring: scoring, source: path)
        let meter = ProgressMeter(label: "finding strokes", unit: "s", total: 0, quiet: quiet)
        let samples = wav.monoSamples
        var strokes: [DetectedStroke] = []
        let block = wav.sampleRate * 10
        var start = 0
        while start < samples.count {
            meter.update(start / wav.sampleRate, of: samples.count / wav.sampleRate)
            strokes += detector.process(samples[start..<min(start + block, samples.count)])
            start += block
        }
        strokes += detector.finish()
        meter.finish()
        guard !strokes.isEmpty else {
            throw .badInput(path, "no strokes found: nothing in the recording stands out of its noise (check the level, or try a higher --sensitivity)")
        }

        if free {
            settings.pulse = try pulse(PulseOnset.strokes(strokes, sampleRate: wav.sampleRate), meter: self.meter ?? .fourFour, path: path)
        }
        let format = wav.format.isFloat ? "\(wav.format.bitsPerSample)-bit float" : "\(wav.format.bitsPerSample)-bit"
        var detail = "WAV, \(wav.sampleRate) Hz \(format) \(wav.channelCount == 1 ? "mono" : "stereo"), \(strokes.count) stroke\(strokes.count == 1 ? "" : "s")"
        detail += " at sensitivity \(String(format: "%.1f", detector.settings.sensitivity))"
        switch (free ? nil : tempo, self.meter) {
        case _ where free: detail += "; free time, the player's own pulse in \(self.meter ?? .fourFour)"
        case (let tempo?, let meter?): detail += "; steady \(tempo) BPM in \(meter)"
        case (let tempo?, nil): detail += "; steady \(tempo) BPM"
        case (nil, let meter?): detail += "; 120 BPM in \(meter)"
        case (nil, nil): detail += "; 120 BPM"
        }
        do {
            return try PerformanceAnalysis.analyze(
                strokes: strokes, frameCount: Int64(wav.frameCount), settings: settings, createdAt: Self.modificationTime(of: path),
                source: ReportSource(kind: .analyze, file: path, detail: detail))
        } catch {
            if error.field == "meter", self.meter != nil { throw .option("--meter", error.message) }
            if error.field == "poly" { throw .option("--poly", error.message) }
            throw .badInput(path, error.description)
        }
    }

    /// The recording, refused when it is not one tactus can find soft strokes in.
    static func readRecording(_ bytes: [UInt8], path: String) throws(CommandLineError) -> WAVFile {
        let (wav, header) = try CommandLineError.catching(exitCode: .badInput, file: path) {
            (try WAVFile(bytes: bytes), try WAVHeader(prefix: bytes))
        }
        let available = bytes.count - header.dataOffset
        guard header.dataByteCount <= available else {
            throw .badInput(path, "byte \(header.dataOffset - 4): the 'data' chunk claims \(header.dataByteCount) bytes but only \(available) remain; the file is truncated")
        }
        guard wav.format != .pcm8 else {
            throw .badInput(path, "byte 34: 8-bit samples are too coarse to find soft strokes in; record or convert to 16-bit or more")
        }
        guard wav.frameCount > 0 else {
            throw .badInput(path, "the 'data' chunk holds no samples")
        }
        return wav
    }
}
