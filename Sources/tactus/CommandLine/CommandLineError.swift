import Glibc
import TactusJack

/// Why a command stops: one line for stderr (without the `tactus CMD: `
/// prefix, which the dispatcher adds) and the exit code.
struct CommandLineError: Error, Equatable {
    var message: String
    var exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage error about `option`: `--bpm: expected …`.
    static func option(_ option: String, _ message: String) -> CommandLineError {
        CommandLineError("\(option): \(message)", exitCode: .usage)
    }

    static func usage(_ message: String) -> CommandLineError {
        CommandLineError(message, exitCode: .usage)
    }

    /// An input file that cannot be used: `drill.json: bpm: …`.
    static func badInput(_ file: String, _ message: String) -> CommandLineError {
        CommandLineError("\(file): \(message)", exitCode: .badInput)
    }

    static func failure(_ message: String) -> CommandLineError {
        CommandLineError(message, exitCode: .failure)
    }

    /// An output that could not be written: `out.wav: cannot write: No space
    /// left on device`, exit 1. When it is standard output and its reader
    /// has gone (`tactus report csv r.json --out - | head`), the command
    /// stops without a word, as a reader that took what it wanted expects.
    static func cannotWrite(_ path: String, _ failure: FileSystem.Failure) -> CommandLineError {
        if failure.code == EPIPE, OutputFile.descriptor(namedBy: path) != nil {
            return .readerGone
        }
        return .failure("\(path): cannot write: \(failure.reason)")
    }

    /// Standard output's reader has gone: nothing to say, nothing failed.
    static let readerGone = CommandLineError("", exitCode: .success)
}

extension CommandLineError {
    /// A JACK failure: exit 3 when there is no server to talk to (none
    /// running, gone, or not usable), 1 for anything else.
    static func jack(_ error: JackError) -> CommandLineError {
        switch error {
        case .serverUnreachable, .serverShutDown, .clientOpenFailed, .serverMismatch:
            return CommandLineError(error.description, exitCode: .unavailable)
        default:
            return CommandLineError(error.description, exitCode: .failure)
        }
    }
}
