/// Why a command stops: one line for stderr (without the `tactus CMD: `
/// prefix, which the dispatcher adds) and the exit code.
public struct CommandLineError: Error, Equatable, Sendable {
    public var message: String
    public var exitCode: ExitCode

    public init(_ message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage error about `option`: `--bpm: expected …`.
    public static func option(_ option: String, _ message: String) -> CommandLineError {
        CommandLineError("\(option): \(message)", exitCode: .usage)
    }

    public static func usage(_ message: String) -> CommandLineError {
        CommandLineError(message, exitCode: .usage)
    }

    /// An input file that cannot be used: `drill.json: bpm: …`.
    public static func badInput(_ file: String, _ message: String) -> CommandLineError {
        CommandLineError("\(file): \(message)", exitCode: .badInput)
    }

    public static func failure(_ message: String) -> CommandLineError {
        CommandLineError(message, exitCode: .failure)
    }

    /// Standard output's reader has gone: nothing to say, nothing failed.
    public static let readerGone = CommandLineError("", exitCode: .success)
}
