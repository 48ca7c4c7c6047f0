import Foundation
import Testing
import TactusTestSupport

@Suite struct CommandLineTests {
    typealias Result = TactusBinary.Result

    static func usageError(_ line: String) -> Result {
        Result(exitCode: 2, stdout: "", stderr: line + "\n")
    }

    @Test func version() throws {
        #expect(try TactusBinary.run(["--version"]) == Result(exitCode: 0, stdout: "tactus 0.1.0\n", stderr: ""))
    }

    /// docs/tactus.1 is what `tactus help --man` prints, which is built from
    /// the commands' own help: regenerate it with `Scripts/manpage`.
    @Test func theManPageIsInStepWithHelp() throws {
        let page = try String(contentsOf: Repository.url("docs/tactus.1"), encoding: .utf8)
        let printed = try TactusBinary.run(["help", "--man"])
        #expect(printed.exitCode == 0)
        #expect(printed.stdout == page, "docs/tactus.1 is out of date: run Scripts/manpage")
        for command in ["run", "render", "report show", "analyze", "play", "simulate", "calibrate", "learn", "listen", "ports"] {
            #expect(page.contains(".SS tactus \(command)\n"), "no section for \(command)")
        }
    }

    @Test func topLevelHelp() throws {
        let expected = """
            OVERVIEW: A realtime practice tool: metronome click, MIDI clock and timing scores over JACK.

            USAGE: tactus <command> [options]

            COMMANDS:
              run        Play the click and MIDI clock over JACK and score what you play.
              learn      Make a pedal map by pressing the pedals.
              listen     Print the strokes found on an audio input with their level, to set gain and sensitivity.
              render     Render the click to a WAV file, offline.
              report     Review practice reports: show, compare, trend, csv, recover, html.
              analyze    Score a recorded performance (a MIDI file or a WAV recording) against its beat grid.
              calibrate  Measure the latency to compensate: tap along with the click, or loop it back.
              play       Play a MIDI file into JACK, sample-accurately.
              ports      List the JACK ports (and the ALSA MIDI sources).
              simulate   Write a simulated drum performance to a MIDI file or a WAV recording (for demos and tests).

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            See 'tactus <command> --help' for a command's options, 'tactus help --man' for the manual page,
            'tactus help --completion bash|zsh|fish' for a shell's completions.

            """
        #expect(try TactusBinary.run(["--help"]) == Result(exitCode: 0, stdout: expected, stderr: ""))
        #expect(try TactusBinary.run(["-h"]).stdout == expected)
        #expect(try TactusBinary.run(["help"]).stdout == expected)
    }

    @Test func renderHelp() throws {
        let expected = """
            OVERVIEW: Render the click to a WAV file, offline.

            USAGE: tactus render [METER] [TEMPO] --out FILE.wav [--bars N | --duration SECONDS] [options]

            OPTIONS:
              --out FILE.wav          The WAV file to write (replaced only when complete).
              --format pcm16|pcm24|float
                                      Sample format (default: pcm16).
              --quiet                 Print nothing when all went well (no progress line either).
              --config FILE           Practice config (JSON) or klick tempo map; flags override its settings.
              --bpm N                 Tempo in beats per minute, 20–400 (default: 120).
              --meter N/D             Time signature (default: 4/4).
              --beat-unit 4|8|4.|…    The note one beat lasts (default: the meter's; 6/8 beats in 4.).
              --subdivision N         Clicks per beat: 1, 2, 3, 4, 5, 6 or 8 (default: 1).
              --accents PATTERN       X accent, x beat, o soft, . silent: one per beat or per click.
              --count-in BARS         Bars of count-in before bar 1, 0–64 (default: 0).
              --ramp FROM-TO/BARS     Glide the tempo from bar 1, e.g. 80-140/32 (instead of --bpm).
              --gap PLAY,MUTE         Gap click: bars with the click, bars without, e.g. 4,2.
              --bars N                Bars to play after the count-in, 1–100000.
              --duration SECONDS      Seconds to play after the count-in, up to 86400 (instead of --bars).
              --sample-rate HZ        Sample rate, 8000–384000 (default: 48000).
              --sound NAME|FILE.wav   woodblock, beep, bell, hat or a WAV file (default: woodblock).
              --volume MULT           Click volume multiplier, 0–10, as klick -v (default: 1).
              --pitch MULT            Click pitch multiplier, 0.25–4, as klick -w; higher is also shorter (default: 1).
              --poly N:M              A click layer: N even clicks against the bar's M beats, e.g. 3:4 (repeatable, up to 4).
              --poly-span bar|beat    What --poly's clicks divide: each bar (default) or each beat (then M is 1).
              -h, --help              Show help information.

            Example: tactus render --bpm 97 --meter 7/8 --subdivision 2 --bars 64 --out click.wav
            As in klick, 'tactus render 3/4 90 --out f.wav' is '--meter 3/4 --bpm 90'.
            The file starts on the first count-in downbeat and ends on the downbeat after
            the last bar (or after --duration seconds from bar 1).

            """
        #expect(try TactusBinary.run(["render", "--help"]) == Result(exitCode: 0, stdout: expected, stderr: ""))
        #expect(try TactusBinary.run(["render", "--bpm", "fast", "-h"]).stdout == expected)
        #expect(try TactusBinary.run(["help", "render"]).stdout == expected)
    }

    /// Every command listed by `tactus --help` has help of its own.
    @Test func everyCommandHasHelp() throws {
        let top = try TactusBinary.run(["--help"]).stdout
        let section = top.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let names = section.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ["run", "learn", "listen", "render", "report", "analyze", "calibrate", "play", "ports", "simulate"])
        for name in names {
            let help = try TactusBinary.run([name, "--help"])
            #expect(help.exitCode == 0)
            #expect(help.stderr == "")
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
            #expect(help.stdout.contains("\nUSAGE: tactus \(name) "))
            #expect(help.stdout.contains("  -h, --help              Show help information.\n"))
        }
    }

    @Test func missingAndUnknownCommands() throws {
        #expect(try TactusBinary.run([]) == Self.usageError("tactus: missing command; see 'tactus --help'"))
        #expect(try TactusBinary.run(["rendr"]) == Self.usageError("tactus: unknown command 'rendr' (did you mean 'render'?); see 'tactus --help'"))
        #expect(try TactusBinary.run(["--verbose"]) == Self.usageError("tactus: unknown option '--verbose'; see 'tactus --help'"))
    }

    @Test func unknownFlag() throws {
        #expect(try TactusBinary.run(["render", "--bmp", "90", "--out", "x.wav"]) == Self.usageError("tactus render: unknown option '--bmp' (did you mean '--bpm'?)"))
        #expect(try TactusBinary.run(["render", "--loud"]) == Self.usageError("tactus render: unknown option '--loud'"))
        #expect(try TactusBinary.run(["render", "-q"]) == Self.usageError("tactus render: unknown option '-q'"))
        #expect(try TactusBinary.run(["render", "extra"]) == Self.usageError("tactus render: unexpected argument 'extra'"))
    }

    @Test func badBPM() throws {
        let expected = Self.usageError("tactus render: --bpm: expected a number from 20 to 400, got 'fast'")
        #expect(try TactusBinary.run(["render", "--bpm", "fast", "--out", "x.wav"]) == expected)
        #expect(try TactusBinary.run(["render", "--bpm=fast", "--out", "x.wav"]) == expected)
        #expect(try TactusBinary.run(["render", "--bpm=500"]) == Self.usageError("tactus render: --bpm: expected a number from 20 to 400, got '500'"))
        #expect(try TactusBinary.run(["render", "--bpm", "-5"]) == Self.usageError("tactus render: --bpm: expected a number from 20 to 400, got '-5'"))
        #expect(try TactusBinary.run(["render", "--bpm"]) == Self.usageError("tactus render: --bpm: missing value (N)"))
        #expect(try TactusBinary.run(["render", "--bpm", "--out", "x.wav"]) == Self.usageError("tactus render: --bpm: missing value (N)"))
    }

    @Test func repeatedOptionsTakeTheLastValue() throws {
        let directory = try TactusBinary.scratchFolder()
        let result = try TactusBinary.run(["render", "--bpm", "90", "--bars=1", "--bpm=120", "--sample-rate", "8000", "--out", "a.wav", "--out=b.wav"], in: directory)
        #expect(result == Result(exitCode: 0, stdout: "wrote b.wav: 16000 frames (2.000 s at 8000 Hz, pcm16), 4 clicks, 1 bar of 4/4 at 120 BPM\n", stderr: ""))
    }

    @Test func badMeter() throws {
        #expect(try TactusBinary.run(["render", "--meter", "7-8", "--out", "x.wav"])
            == Self.usageError("tactus render: --meter: expected N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8, got '7-8'"))
        #expect(try TactusBinary.run(["render", "--meter=7/6"])
            == Self.usageError("tactus render: --meter: expected N/D with N from 1 to 32 and D 1, 2, 4, 8, 16 or 32, like 7/8, got '7/6'"))
    }

    /// `--beat-unit`'s message says what it takes: each note value a meter
    /// may have (1 and 32 too), or one of them dotted.
    @Test func badBeatUnitSaysWhatIsTaken() throws {
        #expect(try TactusBinary.run(["render", "--beat-unit", "3"])
            == Self.usageError("tactus render: --beat-unit: expected 1, 2, 4, 8, 16 or 32, or one dotted like 4., got '3'"))
        let directory = try TactusBinary.scratchFolder()
        let taken = try TactusBinary.run(["render", "--meter", "8/32", "--beat-unit", "32", "--bars", "1", "--sample-rate", "8000", "--out", "x.wav"], in: directory)
        #expect(taken.exitCode == 0, "\(taken.stderr)")
    }

    @Test func otherBadValues() throws {
        #expect(try TactusBinary.run(["render", "--subdivision", "7"]) == Self.usageError("tactus render: --subdivision: expected 1, 2, 3, 4, 5, 6 or 8, got '7'"))
        #expect(try TactusBinary.run(["render", "--accents", "X-x"]) == Self.usageError("tactus render: --accents: expected X (accent), x (beat), o (soft) and . (silent), like X.x., got 'X-x'"))
        #expect(try TactusBinary.run(["render", "--ramp", "80-140"]) == Self.usageError("tactus render: --ramp: expected FROM-TO/BARS with tempos 20–400 and 1–10000 bars, like 80-140/32, got '80-140'"))
        #expect(try TactusBinary.run(["render", "--gap", "4"]) == Self.usageError("tactus render: --gap: expected PLAY,MUTE bars with PLAY 1–1000 and MUTE 0–1000, like 4,2, got '4'"))
        #expect(try TactusBinary.run(["render", "--sample-rate", "1000"]) == Self.usageError("tactus render: --sample-rate: expected a rate in Hz from 8000 to 384000, got '1000'"))
        #expect(try TactusBinary.run(["render", "--format", "mp3"]) == Self.usageError("tactus render: --format: expected pcm16, pcm24 or float, got 'mp3'"))
        #expect(try TactusBinary.run(["render", "--bars", "8", "--duration", "10", "--out", "x.wav"]) == Self.usageError("tactus render: --bars and --duration exclude each other; give one"))
        #expect(try TactusBinary.run(["render", "--bars", "8"]) == Self.usageError("tactus render: --out: missing; give the WAV file to write"))
        #expect(try TactusBinary.run(["render", "--out", "x.wav"]) == Self.usageError("tactus render: give --bars N or --duration SECONDS (or \"bars\" or \"durationSeconds\" in the config)"))
        #expect(try TactusBinary.run(["render", "--bars", "2", "--sound", "bel", "--out", "x.wav"])
            == Self.usageError("tactus render: --sound: unknown sound 'bel' (did you mean 'bell'?); expected woodblock, beep, bell, hat or a .wav file"))
        #expect(try TactusBinary.run(["render", "--meter", "7/8", "--accents", "X.x", "--bars", "2", "--out", "x.wav"])
            == Self.usageError("tactus render: --accents: 'X.x' has 3 marks; a bar of 7/8 needs 7"))
    }
}

/// An option several commands take reads the same in each command's help.
@Suite struct SharedOptionHelpTests {
    static func line(_ option: String, in command: String) throws -> String? {
        let help = try TactusBinary.run([command, "--help"]).stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") || $0 == "  \(option)" || $0.hasPrefix("  \(option)  ") }) else {
            return nil
        }
        let text = lines[index].dropFirst(2 + option.count).trimmingCharacters(in: .whitespaces)
        return text.isEmpty && index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : text
    }

    @Test func serverReadsTheSameEverywhere() throws {
        for command in ["run", "calibrate", "learn", "listen", "play", "ports"] {
            #expect(try Self.line("--server NAME", in: command)
                == "The JACK server (jackd -n NAME; default: $JACK_DEFAULT_SERVER, else 'default').", "\(command)")
        }
    }

    @Test func barsAndCountInHaveOneRange() throws {
        for command in ["run", "render"] {
            #expect(try Self.line("--bars N", in: command) == "Bars to play after the count-in, 1–100000.", "\(command)")
            #expect(try Self.line("--count-in BARS", in: command) == "Bars of count-in before bar 1, 0–64 (default: 0).", "\(command)")
        }
        #expect(try Self.line("--bars N", in: "simulate") == "Bars to play after the count-in, 1–100000 (default: 16).")
        #expect(try Self.line("--count-in BARS", in: "simulate") == "Bars of count-in before bar 1, 0–64 (default: 0).")
    }

    @Test func leadMillisecondsHaveOneRange() throws {
        #expect(try Self.line("--lead-ms N", in: "run") == "Start the first click after start-up by N ms, 0–10000 (default: 250).")
        #expect(try Self.line("--lead-ms N", in: "play") == "Otherwise start after the output is connected by N ms, 0–10000 (default: 200).")
        for command in [["run"], ["play", "a.mid", "--to", "x:y"]] {
            let result = try TactusBinary.run(command + ["--lead-ms", "10001"])
            #expect(result.stderr == "tactus \(command[0]): --lead-ms: expected milliseconds from 0 to 10000, got '10001'\n")
            #expect(result.exitCode == 2)
        }
    }
}
