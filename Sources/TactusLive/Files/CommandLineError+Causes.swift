import Glibc
import TactusCore
import TactusJack

extension CommandLineError {
    /// An output that could not be written: `out.wav: cannot write: No space
    /// left on device`, exit 1. When it is standard output and its reader
    /// has gone (`tactus report csv r.json --out - | head`), the command
    /// stops without a word, as a reader that took what it wanted expects.
    public static func cannotWrite(_ path: String, _ failure: FileSystem.Failure) -> CommandLineError {
        if failure.code == EPIPE, OutputFile.descriptor(namedBy: path) != nil {
            return .readerGone
        }
        return .failure("\(path): cannot write: \(failure.reason)")
    }

    /// What `body` returns; what it throws becomes one line with `exitCode`
    /// (after `file: ` when given), for errors whose own text says it all.
    public static func catching<T>(
        exitCode: ExitCode = .failure, file: String? = nil, _ body: () throws -> T
    ) throws(CommandLineError) -> T {
        do {
            return try body()
        } catch {
            throw CommandLineError(file.map { "\($0): \(error)" } ?? "\(error)", exitCode: exitCode)
        }
    }

    /// A JACK failure: exit 3 when there is no server to talk to (none
    /// running, gone, or not usable), 1 for anything else.
    public static func jack(_ error: JackError) -> CommandLineError {
        switch error {
        case .serverUnreachable, .serverShutDown, .clientOpenFailed, .serverMismatch:
            return CommandLineError(error.description, exitCode: .unavailable)
        default:
            return CommandLineError(error.description, exitCode: .failure)
        }
    }
}
