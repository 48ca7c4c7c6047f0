import TactusCore

/// A `tactus` subcommand. Each is one type in its own file, listed in
/// `Tactus.commands`; parsing, help and error printing are shared, and a
/// command's options all come from the one `optionTable` it declares.
protocol Command: Sendable {
    /// The word after `tactus`.
    static var name: String { get }
    /// One line for `tactus --help`.
    static var abstract: String { get }
    /// What follows the positional in the usage line, an option named by its
    /// flag alone (`[--bars | --duration]`): `usageLine` adds its placeholder.
    static var usage: String { get }
    /// Every option, declared once: the OPTIONS section of `--help` and of
    /// the man page and the parsing all come from it (`--help` itself is added).
    static var optionTable: [Option<Self>] { get }
    /// More help after OPTIONS; empty for none.
    static var discussion: String { get }

    init()
    /// A command's one positional argument: its name in the usage line,
    /// where it is kept, and the usage error when it is missing (checked
    /// before `validate`).
    static var positional: Positional? { get }
    typealias Positional = (name: String, path: WritableKeyPath<Self, String?>, missing: String)
    /// Takes a positional argument; false when the command has none left
    /// (by default, the one at `positional` once it is set).
    mutating func parse(positional: String) throws(CommandLineError) -> Bool
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

    static var positional: Positional? { nil }

    mutating func parse(positional value: String) throws(CommandLineError) -> Bool {
        guard let path = Self.positional?.path, self[keyPath: path] == nil else { return false }
        self[keyPath: path] = value
        return true
    }

    func validate() throws(CommandLineError) {}

    var outputs: [(option: String, path: String?)] { [] }

    static func main(_ arguments: [String]) -> ExitCode {
        do {
            guard let command = try parse(arguments) else {
                Tactus.write(help)
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
        let read = try optionTable.read(arguments, into: &command) { command, value throws(CommandLineError) in
            try command.parse(positional: value)
        }
        guard read else { return nil }
        if let positional, command[keyPath: positional.path] == nil { throw .usage(positional.missing) }
        try command.validate()
        return command
    }

    /// What follows `tactus NAME` in the usage line: the positional, then
    /// `usage` with each option's placeholder from `optionTable`, so a
    /// placeholder is written once.
    static var usageLine: String {
        let words = usage.split(separator: " ").map { word in
            guard let dashes = word.range(of: "--") else { return String(word) }
            let name = "--" + word[dashes.upperBound...].prefix { $0.isLetter || $0 == "-" }
            guard let synopsis = optionTable.first(where: { $0.name == name })?.synopsis else { return String(word) }
            return String(word).replacing(name, with: synopsis)
        }
        return ([positional?.name].compactMap { $0 } + words).joined(separator: " ")
    }

    static var help: String {
        var text = "OVERVIEW: \(abstract)\n\nUSAGE: tactus \(name) \(usageLine)\n\nOPTIONS:\n\(OptionHelp.format(options + [.help]))\n"
        if !discussion.isEmpty {
            text += "\n\(discussion)\n"
        }
        return text
    }
}
