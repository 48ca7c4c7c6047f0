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
}
