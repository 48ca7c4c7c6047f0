import Foundation
import Testing
import TactusCore
import TactusEngine
import TactusTestSupport

@Suite struct RenderCommandTests {
    typealias Result = TactusBinary.Result

    static func write(_ text: String, to name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    static func badInput(_ line: String) -> Result {
        Result(exitCode: 4, stdout: "", stderr: line + "\n")
    }

    /// First samples of clicks: non-zero samples after at least 64 silent ones
    /// (a click can pass through zero, but never for that long).
    static func onsets(_ samples: [Float]) -> [Int64] {
        var onsets: [Int64] = []
        var silent = Int.max
        for (index, sample) in samples.enumerated() {
            if sample == 0 {
                silent += 1
            } else {
                if silent >= 64 { onsets.append(Int64(index)) }
                silent = 0
            }
        }
        return onsets
    }

    /// The click `tactus run` plays for `timeline` over `frames`: the engine
    /// in JACK's cycles of 64 frames, the timeline loaded at the first.
    static func liveClick(_ timeline: Timeline, sound: ClickSound, frames: Range<Int64>) -> [Float] {
        var driver = OfflineDriver(engine: Engine(sounds: sound.buffers), period: 64, startFrame: frames.lowerBound)
        var output = OfflineDriver.Output()
        driver.cycle(commands: EngineCommand.load(timeline, play: true), into: &output)
        driver.run(until: frames.upperBound, into: &output)
        return Array(output.audio.prefix(Int(frames.upperBound - frames.lowerBound)))
    }

    @Test func clickOnsetsAreTheTimelinesFrames() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["render", "--bpm", "97", "--meter", "7/8", "--subdivision", "2", "--accents", "X.x.x..", "--count-in", "1",
             "--bars", "4", "--sample-rate", "44100", "--out", "click.wav"], in: directory)
        #expect(result == Result(
            exitCode: 0,
            stdout: "wrote click.wav: 954742 frames (21.649 s at 44100 Hz, pcm16), 50 clicks, 1 count-in bar + 4 bars of 7/8 at 97 BPM\n",
            stderr: ""))

        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("click.wav"))))
        #expect(wav.sampleRate == 44_100)
        #expect(wav.channelCount == 1)
        #expect(wav.format == .pcm16)

        let spec = TimelineSpec(
            sampleRate: 44_100, tempo: Tempo(milliBPM: 97_000), meter: Meter(beats: 7, noteValue: 8), subdivision: 2,
            accents: AccentPattern(parsing: "X.x.x.."), countInBars: 1)
        let timeline = try Timeline(spec: spec)
        let end = timeline.frame(ofBar: 5)
        #expect(Int64(wav.frameCount) == end)
        let clicks = timeline.clicks(in: 0..<end)
        // 5 bars × (3 sounding beats + 7 subdivisions): silent beats keep their subdivisions.
        #expect(clicks.count == 50)
        #expect(Self.onsets(wav.samples) == clicks.map(\.frame))
        // Apart from the timeline's maths: sixteenth k at k/2 of 97 eighths a
        // minute, rounded once; of a bar's 14, the three sounding beats (0, 2, 4)
        // and the seven subdivisions.
        let sounding = (0..<Int64(70)).filter { $0 % 2 == 1 || [0, 4, 8].contains($0 % 14) }
        #expect(Self.onsets(wav.samples) == sounding.map { IdealGrid.steadyFrame(origin: 0, numerator: $0, denominator: 2, bpm: 97, rate: 44_100) })

        // And every sample is the live click, as 16-bit PCM.
        let sound = ClickSound(voice: .woodblock, sampleRate: 44_100)
        let expected = WAVFile(sampleRate: 44_100, format: .pcm16, samples: Self.liveClick(timeline, sound: sound, frames: 0..<end))
        #expect(try Data(contentsOf: directory.appendingPathComponent("click.wav")) == Data(try expected.bytes()))
        // Nothing left behind but the file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["click.wav"])
    }

    /// `--poly 3:4`: three beeps over each 4/4 bar at 120 BPM, on thirds of
    /// the bar (32 000 frames apart), the main click silenced to hear them
    /// alone; every sample is the live engine's in JACK's periods.
    @Test func aPolyLayerClicksOnThirdsOfTheBar() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["render", "--bpm", "120", "--poly", "3:4", "--volume", "0", "--bars", "2", "--out", "poly.wav"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("poly.wav"))
        let wav = try WAVFile(bytes: [UInt8](bytes))
        #expect(Self.onsets(wav.samples) == [0, 32_000, 64_000, 96_000, 128_000, 160_000])
        let spec = TimelineSpec(tempo: Tempo(bpm: 120), layers: [ClickLayer(count: 3)])
        let timeline = try Timeline(spec: spec)
        let silent = ClickSound(voice: .woodblock, sampleRate: 48_000).adjusted(volume: 0, pitch: 1)
        let beep = ClickSound(voice: .beep, sampleRate: 48_000)
        var driver = OfflineDriver(engine: Engine(sounds: silent.buffers, layerSounds: beep.buffers), period: 64)
        var output = OfflineDriver.Output()
        driver.cycle(commands: EngineCommand.load(timeline, play: true), into: &output)
        driver.run(until: 192_000, into: &output)
        let live = WAVFile(sampleRate: 48_000, format: .pcm16, samples: Array(output.audio.prefix(192_000)))
        #expect(bytes == Data(try live.bytes()))
    }

    @Test func polyLayersAreChecked() throws {
        func usage(_ line: String) -> Result { Result(exitCode: 2, stdout: "", stderr: line + "\n") }
        #expect(try TactusBinary.run(["render", "--poly", "3:3", "--out", "x.wav"])
            == usage("tactus render: --poly: 3:3 is against 3 beats, but a bar of 4/4 has 4; give 3:4"))
        #expect(try TactusBinary.run(["render", "--meter", "6/8", "--poly", "4:6", "--out", "x.wav"])
            == usage("tactus render: --poly: 4:6 is against 6 beats, but a bar of 6/8 has 2; give 4:2"))
        #expect(try TactusBinary.run(["render", "--poly", "3:4", "--poly-span", "beat", "--out", "x.wav"])
            == usage("tactus render: --poly: 3:4 with --poly-span beat divides one beat; give 3:1"))
        #expect(try TactusBinary.run(["render", "--poly-span", "beat", "--out", "x.wav"])
            == usage("tactus render: --poly-span: needs a layer: --poly N:M"))
        #expect(try TactusBinary.run(["render", "--poly", "17:4", "--out", "x.wav"])
            == usage("tactus render: --poly: expected N:M with N from 1 to 16 clicks and M beats, like 3:4, got '17:4'"))
        let directory = try TactusBinary.scratchFolder()
        try Self.write(#"{"bpm": 90, "layers": [{"count": 3, "volume": 11}]}"#, to: "poly.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "poly.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: poly.json: layers[0].volume: 11 is outside 0–10"))
        try Self.write(#"{"bpm": 90, "layers": [{"count": 3, "sound": "gong"}]}"#, to: "gong.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "gong.json", "--out", "x.wav"], in: directory).stderr.hasPrefix(
            "tactus render: gong.json: layers[0].sound: unknown sound 'gong'"))
    }

    /// 32nd-note clicks four times as long as a bell's ring over each other:
    /// the engine's voice limit cuts the oldest, in the render as live.
    @Test func denseClicksAreTheLiveClickWithItsVoiceLimit() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["render", "--bpm", "400", "--subdivision", "8", "--sound", "bell", "--pitch", "0.25", "--bars", "2",
             "--format", "float", "--out", "dense.wav"], in: directory)
        #expect(result == Result(
            exitCode: 0, stdout: "wrote dense.wav: 57600 frames (1.200 s at 48000 Hz, float), 64 clicks, 2 bars of 4/4 at 400 BPM\n",
            stderr: ""))
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(milliBPM: 400_000), subdivision: 8))
        let sound = ClickSound(voice: .bell, sampleRate: 48_000).adjusted(volume: 1, pitch: 0.25)
        // A bell accent rings 11 517 frames at a quarter of its pitch; a click comes every 900.
        #expect(sound[.accent].count == 11_517)
        let live = Self.liveClick(timeline, sound: sound, frames: 0..<57_600)
        let expected = WAVFile(sampleRate: 48_000, format: .float32, samples: live)
        #expect(try Data(contentsOf: directory.appendingPathComponent("dense.wav")) == Data(try expected.bytes()))
    }

    /// klick's -v and -w: the click track of the sound made softer and higher.
    @Test func volumeAndPitchAdjustTheClickSamples() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(
            ["render", "--bars", "1", "--sound", "beep", "--volume", "0.5", "--pitch", "1.5", "--format", "float", "--out", "v.wav"], in: directory)
        #expect(result.exitCode == 0)
        let timeline = try Timeline(spec: TimelineSpec(tempo: Tempo(milliBPM: 120_000)))
        let end = timeline.frame(ofBar: 2)
        let sound = ClickSound(voice: .beep, sampleRate: 48_000).adjusted(volume: 0.5, pitch: 1.5)
        let expected = WAVFile(sampleRate: 48_000, format: .float32, samples: Self.liveClick(timeline, sound: sound, frames: 0..<end))
        #expect(try Data(contentsOf: directory.appendingPathComponent("v.wav")) == Data(try expected.bytes()))
        // The first click: the accent's samples 0, 1.5, 3 … halved.
        let accent = ClickSound(voice: .beep, sampleRate: 48_000)[.accent]
        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("v.wav"))))
        #expect(wav.samples[2] == accent[3] * 0.5)
        #expect(wav.samples[1] == (accent[1] * 0.5 + accent[2] * 0.5) * 0.5)

        #expect(try TactusBinary.run(["render", "--volume", "11", "--out", "x.wav"], in: directory)
            == Result(exitCode: 2, stdout: "", stderr: "tactus render: --volume: expected a multiplier from 0 to 10, like 0.5, got '11'\n"))
        #expect(try TactusBinary.run(["render", "--pitch", "0.1", "--out", "x.wav"], in: directory)
            == Result(exitCode: 2, stdout: "", stderr: "tactus render: --pitch: expected a multiplier from 0.25 to 4, like 0.5, got '0.1'\n"))
        try Self.write(#"{"volume": 20}"#, to: "loud.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "loud.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: loud.json: volume: 20 is outside 0–10"))
    }

    /// A klick tempo map with labels, comments, a blank line, meters of
    /// quarters, eighths and halves, patterns and a volume.
    static let klickSong = """
        # a song for klick
        intro:  2 120          # 4/4
        verse:  1 3/4 90 X.x

                2 6/8 100 X..x.. 0.5
                1 7/8 60
        bridge: 1 2/2 75 Xx

        """

    /// The click onsets of `klick -W song.wav -f song.txt` (klick 0.12.2, 48 kHz).
    static let klickSongOnsets: [Int64] = [
        0, 24000, 48000, 72000, 96000, 120000, 144000, 168000, 192000, 256000, 288000, 331200, 374400, 417600,
        460800, 484800, 508800, 532800, 556800, 580800, 604800, 628800, 705600,
    ]

    @Test func klickTempoMapsClickWhereKlickClicks() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.write(Self.klickSong, to: "song.txt", in: directory)
        let result = try TactusBinary.run(["render", "--config", "song.txt", "--out", "song.wav"], in: directory)
        #expect(result == Result(
            exitCode: 0,
            stdout: "wrote song.wav: 782400 frames (16.300 s at 48000 Hz, pcm16), 23 clicks, 7 bars of 4/4, 3/4, 6/8, 7/8, 2/2 at 37.5–200 BPM\n",
            stderr: "tactus render: warning: song.txt: line 5: the volume 0.5 is left out; tactus plays the whole map at one --volume\n"))
        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("song.wav"))))
        #expect(wav.frameCount == 782_400)
        #expect(Self.onsets(wav.samples) == Self.klickSongOnsets)

        // And against klick itself where it is installed.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/klick") else { return }
        let klick = try ChildProcess("/usr/bin/klick", ["-W", "klick.wav", "-f", "song.txt"], in: directory.path, stderr: .null)
        try #require(try klick.wait(for: "klick's render of song.txt", within: .seconds(120)) == 0)
        let theirs = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("klick.wav"))))
        #expect(theirs.frameCount == wav.frameCount)
        #expect(Self.onsets(theirs.samples) == Self.klickSongOnsets)
    }

    /// The engine holds 1024 timeline segments; a map with more is refused,
    /// not cut short.
    @Test func aMapLongerThanTheEngineHoldsIsRefused() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.write((0..<1100).map { "1 \(120 + $0 % 2)\n" }.joined(), to: "long.txt", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "long.txt", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: long.txt: its changes make 1100 timeline segments; the engine plays at most 1024: split the piece"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["long.txt"])
    }

    @Test func klickTempoMapProblemsNameTheLine() throws {
        let directory = try TactusBinary.scratchFolder()
        func problem(_ map: String) throws -> Result {
            try Self.write(map, to: "map.txt", in: directory)
            return try TactusBinary.run(["render", "--config", "map.txt", "--out", "x.wav"], in: directory)
        }
        #expect(try problem("8 120\n4 3/4 100 X.x.\n") == Self.badInput("tactus render: map.txt: line 2: the pattern 'X.x.' has 4 beats; a bar of 3/4 has 3"))
        #expect(try problem("8 120\n4 120,121\n") == Self.badInput("tactus render: map.txt: line 2: a tempo for each beat ('120,121') is not supported; give one tempo or a ramp FROM-TO"))
        #expect(try problem("2 6/8 250\n") == Self.badInput("tactus render: map.txt: line 1: 250 quarter notes a minute in 6/8 (500 beats of 1/8 a minute) is outside 20–400 beats a minute"))
        #expect(try problem("# nothing\n") == Self.badInput("tactus render: map.txt: no entries; a klick tempo map has lines like '8 4/4 120'"))
    }

    /// klick's `METER TEMPO`: the same file as --meter and --bpm make.
    @Test func meterAndTempoAsKlickWritesThem() throws {
        let directory = try TactusBinary.scratchFolder()
        let short = try TactusBinary.run(["render", "7/8", "133", "--bars", "2", "--out", "short.wav"], in: directory)
        #expect(short == Result(exitCode: 0, stdout: "wrote short.wav: 303158 frames (6.316 s at 48000 Hz, pcm16), 14 clicks, 2 bars of 7/8 at 133 BPM\n", stderr: ""))
        let long = try TactusBinary.run(["render", "--meter", "7/8", "--bpm", "133", "--bars", "2", "--out", "long.wav"], in: directory)
        #expect(long.exitCode == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("short.wav")) == Data(contentsOf: directory.appendingPathComponent("long.wav")))
        let tempoOnly = try TactusBinary.run(["render", "90", "--bars", "1", "--out", "t.wav"], in: directory)
        #expect(tempoOnly.stdout.hasSuffix("4 clicks, 1 bar of 4/4 at 90 BPM\n"))

        func usage(_ arguments: [String], _ line: String) throws {
            #expect(try TactusBinary.run(["render"] + arguments + ["--out", "x.wav"], in: directory)
                == Result(exitCode: 2, stdout: "", stderr: "tactus render: \(line)\n"))
        }
        try usage(["4/4"], "a METER argument needs the TEMPO after it, like '4/4 120'")
        try usage(["4/4", "500"], "TEMPO: expected a number from 20 to 400, got '500'")
        try usage(["4/5", "120"], "METER: expected N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8 (as in '4/4 120'), got '4/5'")
        try usage(["--bpm", "100", "120"], "--bpm and a TEMPO argument exclude each other; give one")
        try usage(["120", "--bpm", "100"], "--bpm and a TEMPO argument exclude each other; give one")
        try usage(["4/4", "120", "3/4"], "unexpected argument '3/4'")
    }

    @Test func configWithFlagOverrides() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.write(#"{"bpm": 100, "meter": "3/4", "bars": 8, "sound": "beep", "countIn": 2}"#, to: "drill.json", in: directory)
        let result = try TactusBinary.run(
            ["render", "--config", "drill.json", "--bpm=150", "--duration", "2", "--format", "float", "--sample-rate", "8000", "--out", "d.wav"],
            in: directory)
        // 2 count-in bars of 3/4 at 150 (2.4 s), then 2 s: bar 1 and bar 2 (at 1.2 s) start inside.
        #expect(result == Result(
            exitCode: 0,
            stdout: "wrote d.wav: 35200 frames (4.400 s at 8000 Hz, float), 11 clicks, 2 count-in bars + 2 bars of 3/4 at 150 BPM\n",
            stderr: ""))
        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("d.wav"))))
        #expect(wav.format == .float32)
        let timeline = try Timeline(spec: TimelineSpec(sampleRate: 8000, tempo: Tempo(milliBPM: 150_000), meter: Meter(beats: 3, noteValue: 4), countInBars: 2))
        #expect(Self.onsets(wav.samples) == timeline.clicks(in: 0..<35_200).map(\.frame))
        // 150 BPM at 8000 Hz: a beat every 3200 frames.
        #expect(Self.onsets(wav.samples) == Array(stride(from: 0, to: 35_200, by: 3_200)))
        let sound = ClickSound(voice: .beep, sampleRate: 8000)
        #expect(wav.samples[0..<sound[.accent].count].elementsEqual(sound[.accent]))
    }

    @Test func badConfigField() throws {
        let directory = try TactusBinary.scratchFolder()
        try Self.write(#"{"bpm": 500, "bars": 4}"#, to: "drill.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "drill.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: drill.json: bpm: 500 is outside 20–400"))
        // The flag replaces the bad value.
        #expect(try TactusBinary.run(["render", "--config", "drill.json", "--bpm", "90", "--out", "x.wav"], in: directory).exitCode == 0)

        try Self.write(#"{"bpm": 90, "bars": 4, "tempoMap": [{"bar": 9, "bpm": 120}, {"bar": 5, "meter": "3/4"}]}"#, to: "map.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "map.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: map.json: tempoMap[1].bar: must be after bar 9"))

        try Self.write(#"{"bpm": 90, "bars": 4, "subdivison": 2}"#, to: "typo.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "typo.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: typo.json: subdivison: unknown field (did you mean 'subdivision'?); expected one of bpm, meter, beatUnit, subdivision, accents, countIn, bars, durationSeconds, sampleRate, sound, volume, pitch, ramp, gap, tempoMap, latencyMs, speedTrainer, randomMute, practiceMinutes, restMinutes, layers"))

        try Self.write("{\n  \"bpm\": 90,\n  \"bars\": 4,\n}\n", to: "comma.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "comma.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: comma.json: line 4, column 1: expected a key in double quotes after ',', found '}' (a trailing comma?)"))

        try Self.write(#"{"meter": "7/8", "accents": "X.x", "bars": 4}"#, to: "accents.json", in: directory)
        #expect(try TactusBinary.run(["render", "--config", "accents.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: accents.json: accents: 'X.x' has 3 marks; a bar of 7/8 needs 7"))

        #expect(try TactusBinary.run(["render", "--config", "missing.json", "--out", "x.wav"], in: directory)
            == Self.badInput("tactus render: missing.json: cannot read the config: No such file or directory"))
    }

    @Test func soundFromAWAVFile() throws {
        let directory = try TactusBinary.scratchFolder()
        let tick = WAVFile(sampleRate: 22_050, channelCount: 2, format: .pcm16, samples: [0, 0, 0.5, 0.5, 0.25, 0.25, 0, 0])
        try Data(try tick.bytes()).write(to: directory.appendingPathComponent("tick.wav"))
        try Self.write(#"{"bpm": 120, "bars": 1, "sound": "tick.wav"}"#, to: "sample.json", in: directory)
        let result = try TactusBinary.run(["render", "--config", "sample.json", "--sample-rate", "44100", "--out", "s.wav"], in: directory)
        #expect(result.exitCode == 0)
        #expect(result.stderr == "")
        let wav = try WAVFile(bytes: [UInt8](Data(contentsOf: directory.appendingPathComponent("s.wav"))))
        #expect(Self.onsets(wav.samples) == [0, 22_050, 44_100, 66_150])

        try Data("RIFF".utf8).write(to: directory.appendingPathComponent("broken.wav"))
        #expect(try TactusBinary.run(["render", "--bars", "1", "--sound", "broken.wav", "--out", "s.wav"], in: directory)
            == Self.badInput("tactus render: broken.wav: byte 4: file ends after 4 bytes, inside the 12-byte RIFF header"))
    }

    @Test func unwritableOutput() throws {
        let directory = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["render", "--bars", "1", "--out", "no/such/folder/x.wav"], in: directory)
            == Result(exitCode: 1, stdout: "", stderr: "tactus render: no/such/folder/x.wav: cannot write: No such file or directory (--out)\n"))
    }
}
