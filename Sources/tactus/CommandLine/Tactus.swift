import Foundation
import TactusCore
import TactusJack
import TactusLive

/// The `tactus` command line: finds the subcommand, parses it, runs it and
/// turns errors into one stderr line and an exit code.
enum Tactus {
    /// Every subcommand; adding one is a new `Command` file and a line here.
    static let commands: [any Command.Type] = [
        RunCommand.self,
        LearnCommand.self,
        ListenCommand.self,
        RenderCommand.self,
        ReportCommand.self,
        AnalyzeCommand.self,
        CalibrateCommand.self,
        PlayCommand.self,
        PortsCommand.self,
        SimulateCommand.self,
    ]

    static func main(_ arguments: [String]) -> ExitCode {
        switch (arguments.first, arguments.dropFirst().first) {
        case (nil, _):
            // Started by a session manager: its client, not a command.
            if let url = ProcessInfo.processInfo.environment["NSM_URL"], !url.isEmpty {
                return SessionManagerClient.main(url: url)
            }
        case ("help", "--man"):
            StandardStreams.write(ManPage.text)
            return .success
        case ("help", "--completion"):
            guard arguments.count == 3, let script = Completion.script(for: arguments[2]) else {
                return fail("tactus help", .option("--completion", "expected one of \(Completion.shells.joined(separator: ", ")), got '\(arguments.dropFirst(2).joined(separator: " "))'"))
            }
            StandardStreams.write(script)
            return .success
        case ("--version", _):
            StandardStreams.write("tactus \(TactusVersion.string)\n")
            return .success
        default: break
        }
        return dispatch(arguments, among: commands, prefix: "tactus", help: help, noun: "command", missing: "missing command")
    }

    /// Runs the command that the first argument names among `commands`
    /// (`word` gives each one's name) on the rest: the one dispatch of
    /// `tactus` and `tactus report`. `--help`, `-h` or a lone `help` writes
    /// `help`, and `help WORD` that command's help; a usage error starts
    /// with `prefix` and ends pointing to its help, `missing` saying what
    /// is missing, `noun` what is unknown and `advice` what to give first.
    static func dispatch(
        _ arguments: [String], among commands: [any Command.Type], word: (any Command.Type) -> String = { $0.name },
        prefix: String, help: String, noun: String, missing: String, advice: String = ""
    ) -> ExitCode {
        let see = "see '\(prefix) --help'"
        guard let first = arguments.first else { return fail(prefix, .usage("\(missing); \(see)")) }
        if first == "--help" || first == "-h" || arguments == ["help"] {
            StandardStreams.write(help)
            return .success
        }
        if first.hasPrefix("-") {
            return fail(prefix, .usage("unknown option '\(first)'; \(advice)\(see)"))
        }
        let (name, rest) = first == "help" ? (arguments[1], ["--help"]) : (first, Array(arguments.dropFirst()))
        guard let command = commands.first(where: { word($0) == name }) else {
            return fail(prefix, .usage("unknown \(noun) '\(name)'\(Suggestion.hint(for: name, among: commands.map(word))); \(see)"))
        }
        return command.main(rest)
    }

    static var help: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padded(to: width + 2))\($0.abstract)" }.joined(separator: "\n")
        return """
            OVERVIEW: A realtime practice tool: metronome click, MIDI clock and timing scores over JACK.

            USAGE: tactus <command> [options]

            COMMANDS:
            \(list)

            OPTIONS:
            \(OptionHelp.format([OptionHelp("--version", "Show the version."), .help]))

            See 'tactus <command> --help' for a command's options, 'tactus help --man' for the manual page,
            'tactus help --completion bash|zsh|fish' for a shell's completions.

            """
    }

    static func fail(_ prefix: String, _ error: CommandLineError) -> ExitCode {
        guard error != .readerGone else { return error.exitCode }
        FileHandle.standardError.write(Data("\(prefix): \(error.message.oneLine)\n".utf8))
        return error.exitCode
    }

    /// Writes a note about an output (`wrote x.wav: …`) to standard output,
    /// unless the output itself went there: the note would be mixed into it.
    static func note(_ text: String, about outputs: [String?]) {
        guard !outputs.contains(where: OutputFile.isStandardOutput) else { return }
        StandardStreams.write(text)
    }
}
