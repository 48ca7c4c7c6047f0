import Testing
@testable import tactus

/// Each command declares each option once, in its `optionTable`; the help
/// line and the parsing both come from that one entry.
@Suite struct OptionTableTests {
    static let commands: [any Command.Type] = Tactus.commands + ReportCommand.subcommands

    /// A value that fails a config field's check names the flag that set
    /// it, as the option itself declares; a field no flag sets has none.
    @Test func eachConfigFieldNamesTheFlagThatSetsIt() {
        let expected = [
            "bpm": "--bpm", "meter": "--meter", "beatUnit": "--beat-unit", "subdivision": "--subdivision", "accents": "--accents",
            "countIn": "--count-in", "ramp": "--ramp", "gap": "--gap", "bars": "--bars", "durationSeconds": "--duration",
            "sampleRate": "--sample-rate", "sound": "--sound", "volume": "--volume", "pitch": "--pitch", "layers": "--poly",
            "speedTrainer": "--speed-trainer", "randomMute": "--random-mute", "practiceMinutes": "--practice-minutes",
            "restMinutes": "--rest-minutes",
        ]
        for (field, flag) in expected { #expect(TimelineOptions.flag(forField: field) == flag, "\(field)") }
        #expect(TimelineOptions.flag(forField: "presets") == nil)
    }

    @Test func everyOptionIsDeclaredOnce() {
        var count = 0
        for command in Self.commands {
            let names = command.options.map { String($0.synopsis.prefix { $0 != " " }) }
            #expect(Set(names).count == names.count, "tactus \(command.name): \(names)")
            #expect(names.allSatisfy { $0.hasPrefix("--") }, "tactus \(command.name): \(names)")
            count += names.count
        }
        #expect(count > 100)
    }

    /// The placeholder `--help` shows is the one a missing value names, and
    /// every flag `--help` lists is taken.
    @Test func helpAndParsingAgree() {
        for command in Self.commands {
            for option in command.options {
                let name = String(option.synopsis.prefix { $0 != " " })
                let placeholder = option.synopsis.dropFirst(name.count + 1)
                do {
                    _ = try command.parse([name])
                    #expect(placeholder.isEmpty, "tactus \(command.name) \(name) took no value")
                } catch {
                    if placeholder.isEmpty {
                        #expect(!error.message.hasPrefix("unknown option"), "tactus \(command.name): \(error.message)")
                    } else {
                        #expect(error.message == "\(name): missing value (\(placeholder))", "tactus \(command.name)")
                    }
                }
            }
        }
    }

    /// A usage line names options by flag and takes each placeholder from
    /// the option: every flag it names is the command's own.
    @Test func usageLinesNameTheCommandsOwnOptions() {
        for command in Self.commands {
            let names = Set(command.options.map { String($0.synopsis.prefix { $0 != " " }) })
            for word in command.usage.split(separator: " ") {
                guard let dashes = word.range(of: "--") else { continue }
                let name = "--" + word[dashes.upperBound...].prefix { $0.isLetter || $0 == "-" }
                #expect(names.contains(name), "tactus \(command.name): \(name)")
            }
        }
        #expect(AnalyzeCommand.usageLine
            == "FILE.mid|FILE.wav [--bpm N | --free] [--meter N/D] [--subdivision N] [--offset-beats N | --origin-ms X] [--report PATH] [--json] [options]")
        #expect(RunCommand.usageLine == "[METER] [TEMPO] [--bars N | --duration SECONDS] [--server NAME] [--connect-click PORT]… [options]")
        #expect(PlayCommand.usageLine == "FILE.mid --to PORT [--to PORT]… [options]")
        #expect(ReportShowCommand.usageLine == "FILE")
        #expect(ReportCompareCommand.usageLine == "A B")
        // These four once wrote a placeholder of their own, not the option's.
        #expect(LearnCommand.usageLine == "[--server NAME] [--out FILE] [--pedal PORT] [--actions LIST]")
        #expect(ReportHTMLCommand.usageLine == "FILE|DIR --out F.html [--since 7d|30d|DATE]")
        #expect(ReportTrendCommand.usageLine == "DIR [--since 7d|30d|DATE]")
        #expect(SimulateCommand.usageLine == "--out FILE.mid [--bpm N] [--meter N/D] [--bars N] [options]")
    }
}
