import Foundation
import TactusCore
import TactusJack

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
        guard let first = arguments.first else {
            // Started by a session manager: its client, not a command.
            if let url = ProcessInfo.processInfo.environment["NSM_URL"], !url.isEmpty {
                return SessionManagerClient.main(url: url)
            }
            return fail("tactus", .usage("missing command; see 'tactus --help'"))
        }
        switch first {
        case "--help", "-h", "help" where arguments.count == 1:
            write(help)
            return .success
        case "help":
            if arguments[1] == "--man" {
                write(ManPage.text)
                return .success
            }
            if arguments[1] == "--completion" {
                guard arguments.count == 3, let script = Completion.script(for: arguments[2]) else {
                    return fail("tactus help", .option("--completion", "expected one of \(Completion.shells.joined(separator: ", ")), got '\(arguments.dropFirst(2).joined(separator: " "))'"))
                }
                write(script)
                return .success
            }
            return dispatch(arguments[1], ["--help"])
        case "--version":
            write("tactus \(TactusVersion.string)\n")
            return .success
        default:
            if first.hasPrefix("-") {
                return fail("tactus", .usage("unknown option '\(first)'; see 'tactus --help'"))
            }
            return dispatch(first, Array(arguments.dropFirst()))
        }
    }

    static func dispatch(_ name: String, _ arguments: [String]) -> ExitCode {
        guard let command = commands.first(where: { $0.name == name }) else {
            let hint = Suggestion.hint(for: name, among: commands.map { $0.name })
            return fail("tactus", .usage("unknown command '\(name)'\(hint); see 'tactus --help'"))
        }
        return command.main(arguments)
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

    /// A warning on stderr that does not stop the command: `tactus report trend: warning: …`.
    static func warn(_ prefix: String, _ message: String) {
        FileHandle.standardError.write(Data("\(prefix): warning: \(message)\n".utf8))
    }

    /// Writes to standard output; when its reader has gone (`| head`), what
    /// is left is dropped rather than the process stopped.
    static func write(_ text: String) {
        try? FileSystem.write(Array(text.utf8), to: STDOUT_FILENO)
    }

    static func write(_ bytes: UnsafeRawBufferPointer) {
        try? FileSystem.write(bytes, to: STDOUT_FILENO)
    }

    /// Writes a note about an output (`wrote x.wav: …`) to standard output,
    /// unless the output itself went there: the note would be mixed into it.
    static func note(_ text: String, about outputs: [String?]) {
        guard !outputs.contains(where: OutputFile.isStandardOutput) else { return }
        write(text)
    }
}
