import TactusCore
import TactusLive

/// A `tactus` subcommand. Each is one type in its own file, listed in
/// `Tactus.commands`; parsing, help and error printing are shared, and a
/// command's options all come from the one `optionTable` it declares.
protocol Command: Sendable {
    /// The word after `tactus`.
    static var name: String { get }
    /// One line for `tactus --help`.
    static var abstract: String { get }
    /// What follows the positionals in the usage line, an option named by its
    /// flag alone (`[--bars | --duration]`): `usageLine` adds its placeholder.
    static var usage: String { get }
    /// Every option, declared once: the OPTIONS section of `--help` and of
    /// the man page and the parsing all come from it (`--help` itself is added).
    static var optionTable: [Option<Self>] { get }
    /// More help after OPTIONS; empty for none.
    static var discussion: String { get }

    init()
    /// The positional arguments, in order: the usage line starts with them,
    /// and one that must be given and is not is a usage error (checked
    /// before `validate`).
    static var positionals: [Positional<Self>] { get }
    /// Checks the options together, once all are parsed.
    func validate() throws(CommandLineError)
    /// The files the command writes, by option, checked together before it
    /// runs (`OutputFile.check`).
    var outputs: [(option: String, path: String?)] { get }
    func run() throws(CommandLineError) -> ExitCode
    /// Parses, runs and reports errors (the shared implementation below).
    static func main(_ arguments: [String]) -> ExitCode
}

extension Command {
    static var discussion: String { "" }

    static var optionTable: [Option<Self>] { [] }

    /// The OPTIONS section of `--help`, from `optionTable`.
    static var options: [OptionHelp] { optionTable.map(\.optionHelp) }

    static var positionals: [Positional<Self>] { [] }

    func validate() throws(CommandLineError) {}

    var outputs: [(option: String, path: String?)] { [] }

    static func main(_ arguments: [String]) -> ExitCode {
        do {
            guard let command = try parse(arguments) else {
                StandardStreams.write(help)
                return .success
            }
            try OutputFile.check(command.outputs)
            return try command.run()
        } catch {
            return Tactus.fail("tactus \(name)", error)
        }
    }

    /// The command from its arguments, or nil when help was asked for.
    static func parse(_ arguments: [String]) throws(CommandLineError) -> Self? {
        var command = Self()
        var next = 0
        let read = try optionTable.read(arguments, into: &command) { command, value throws(CommandLineError) in
            while next < positionals.count {
                next += 1
                if try positionals[next - 1].take(&command, value, positionals[next - 1].name) { return true }
            }
            return false
        }
        guard read else { return nil }
        if let missing = positionals[next...].missing(in: command) { throw missing }
        try command.validate()
        return command
    }

    /// What follows `tactus NAME` in the usage line: the positionals, then
    /// `usage` with each option's placeholder from `optionTable`, so a
    /// placeholder is written once.
    static var usageLine: String {
        let words = usage.split(separator: " ").map { word in
            guard let dashes = word.range(of: "--") else { return String(word) }
            let name = "--" + word[dashes.upperBound...].prefix { $0.isLetter || $0 == "-" }
            guard let synopsis = optionTable.first(where: { $0.name == name })?.synopsis else { return String(word) }
            return String(word).replacing(name, with: synopsis)
        }
        return (positionals.map(\.synopsis) + words).joined(separator: " ")
    }

    static var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: tactus \(name) \(usageLine)\n\nOPTIONS:\n\(OptionHelp.format(options + [.help]))\n"
        if !discussion.isEmpty {
            text += "\n\(discussion)\n"
        }
        return text
    }
}
