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
}
