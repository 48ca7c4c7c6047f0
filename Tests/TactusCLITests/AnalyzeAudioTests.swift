import Foundation
import Testing
import TactusCore
import TactusTestSupport

@Suite struct AnalyzeAudioTests {
    typealias Result = TactusBinary.Result

    /// Four bars of a kit at 100 BPM in a room over noise, as a stereo 24-bit WAV.
    static func kit() throws -> [UInt8] {
        let synthesizer = StrokeSynthesizer(sampleRate: 48_000, room: 0.3, noiseDb: -60, seed: 7)
        let mono = synthesizer.render(synthesizer.kitTake(bars: 4), frameCount: 12 * 48_000)
        let stereo = mono.flatMap { [$0, $0 * 0.5] }
        return try WAVFile(sampleRate: 48_000, channelCount: 2, format: .pcm24, samples: stereo).bytes()
    }

    @Test func scoresARecordingStrokeByStroke() throws {
        let directory = try TactusBinary.scratchFolder()
        let bytes = try Self.kit()
        let createdAt = try AnalyzeCommandTests.write(bytes, as: "kit.wav", in: directory)
        // What tactus should find: the file's own samples through the same detector.
        let wav = try WAVFile(bytes: bytes)
        var detector = try StrokeDetector(settings: StrokeDetectorSettings(sampleRate: 48_000))
        let strokes = detector.process(wav.monoSamples) + detector.finish()
        #expect(strokes.count == 45)
        let analysis = try PerformanceAnalysis.analyze(
            strokes: strokes, frameCount: Int64(wav.frameCount),
            settings: AnalysisSettings(tempo: Tempo(milliBPM: 100_000), scoring: ScoringSettings(subdivision: 4), origin: .time(microseconds: 1_000_000)),
            createdAt: createdAt,
            source: ReportSource(kind: .analyze, file: "kit.wav", detail: "WAV, 48000 Hz 24-bit stereo, 45 strokes at sensitivity 5.0; steady 100 BPM"))
        let result = try TactusBinary.run(["analyze", "kit.wav", "--bpm", "100", "--subdivision", "4", "--origin-ms", "1000", "--json"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: try analysis.report.jsonText(), stderr: ""))
        #expect(result.stdout.contains("\"source\" : \"audio\""))
        #expect(analysis.report.summary.matched == 45)
    }

    @Test func aSimulatedKitRecordingScoresLikeItsNotes() throws {
        let directory = try TactusBinary.scratchFolder()
        let simulated = try TactusBinary.run(["simulate", "--bpm", "97", "--bars", "8", "--out", "kit.wav"], in: directory)
        #expect(simulated.exitCode == 0)
        #expect(simulated.stdout.hasPrefix("wrote kit.wav: 95 notes, 8 bars of 4/4 at 97 BPM"))
        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("kit.wav"))))
        #expect((wav.sampleRate, wav.channelCount, wav.format, wav.frameCount) == (48_000, 1, .pcm24, 1_079_668))
        let result = try TactusBinary.run(["analyze", "kit.wav", "--bpm", "97", "--subdivision", "2", "--origin-ms", "1000"], in: directory)
        let lines = result.stdout.split(separator: "\n")
        #expect(result.exitCode == 0)
        #expect(lines[1] == "97 BPM 4/4, subdivision 2, windows ±10/±25/±50 ms, 19.8 s scored")
        #expect(lines[2] == "hits 63 (63 matched, 0 extra), 1 missed")
        #expect(lines[3] == "mean +4.5 ms, spread ±10.8 ms (95 %: 9.2 to 13.1 ms), median +4.5 ms, mean |offset| 9.5 ms, p95 |offset| 23.0 ms")
    }

    @Test func aRecordingHasNoNotesOrPlayers() throws {
        let directory = try TactusBinary.scratchFolder()
        try AnalyzeCommandTests.write(Self.kit(), as: "kit.wav", in: directory)
        #expect(try TactusBinary.run(["analyze", "kit.wav", "--notes", "38"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --notes applies to MIDI files; a recording is scored as one instrument"))
        #expect(try TactusBinary.run(["analyze", "kit.wav", "--sensitivity", "11"], in: directory)
            == AnalyzeCommandTests.usageError("tactus analyze: --sensitivity: expected a number from 1 to 10, got '11'"))
    }

    /// A WAV file: a 16-byte 'fmt ' chunk, `extra` chunks, then the data chunk claiming `claim` bytes.
    static func wav(tag: UInt16 = 1, channels: UInt16 = 1, bits: UInt16 = 16, data: [UInt8] = [UInt8](repeating: 0, count: 9_600),
                    claim: UInt32? = nil, extra: [UInt8] = []) -> [UInt8] {
        var fmt: [UInt8] = []
        let align = channels * bits / 8
        fmt.append(littleEndian: tag)
        fmt.append(littleEndian: channels)
        fmt.append(littleEndian: UInt32(48_000))
        fmt.append(littleEndian: UInt32(48_000) * UInt32(align))
        fmt.append(littleEndian: align)
        fmt.append(littleEndian: bits)
        var body = Array("WAVEfmt ".utf8)
        body.append(littleEndian: UInt32(16))
        body += fmt + extra + Array("data".utf8)
        body.append(littleEndian: claim ?? UInt32(data.count))
        body += data
        var bytes = Array("RIFF".utf8)
        bytes.append(littleEndian: UInt32(body.count))
        return bytes + body
    }

    @Test(arguments: [
        ("truncated.wav", wav(claim: 96_000), "byte 40: the 'data' chunk claims 96000 bytes but only 9600 remain; the file is truncated"),
        ("unknown.wav", wav(tag: 0x55), "byte 20: format tag 85 is neither PCM (1) nor IEEE float (3); convert the file to PCM"),
        ("mu.wav", wav(tag: 7, bits: 8), "byte 20: format tag 7 is neither PCM (1) nor IEEE float (3); convert the file to PCM"),
        ("alaw.wav", wav(tag: 6, bits: 8), "byte 20: format tag 6 is neither PCM (1) nor IEEE float (3); convert the file to PCM"),
        ("none.wav", wav(channels: 0), "byte 22: 0 channels; only mono and stereo are read"),
        ("absurd.wav", wav(extra: Array("LIST".utf8) + [0xF0, 0xFF, 0xFF, 0xFF]),
         "byte 40: chunk 'LIST' claims 4294967280 bytes but only 9608 remain, before the 'data' chunk"),
        ("eight.wav", wav(bits: 8, data: [UInt8](repeating: 128, count: 4_800)),
         "byte 34: 8-bit samples are too coarse to find soft strokes in; record or convert to 16-bit or more"),
        ("cut.wav", Array(wav().prefix(30)), "byte 16: 'fmt ' chunk claims 16 bytes but only 10 remain"),
        ("silent.wav", wav(), "no strokes found: nothing in the recording stands out of its noise (check the level, or try a higher --sensitivity)"),
    ])
    func aBadRecordingIsOneLineAndNothingWritten(name: String, bytes: [UInt8], message: String) throws {
        let directory = try TactusBinary.scratchFolder()
        try AnalyzeCommandTests.write(bytes, as: name, in: directory)
        let result = try TactusBinary.run(["analyze", name, "--bpm", "100", "--report", "out.json"], in: directory)
        #expect(result == AnalyzeCommandTests.badInput("tactus analyze: \(name): \(message)"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }
}

private extension [UInt8] {
    mutating func append<T: FixedWidthInteger>(littleEndian value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
