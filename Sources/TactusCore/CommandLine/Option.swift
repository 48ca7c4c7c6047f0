/// One option of a command, declared once: its name, the placeholder of its
/// value, its help line and how it is read and checked. A command's
/// `optionTable` gives its `--help`, its man page section and its parsing,
/// so the three cannot drift apart.
public struct Option<Target>: Sendable {
    /// `--bpm`.
    public var name: String
    /// What the value is, `N`; nil for a flag.
    public var placeholder: String?
    public var help: String
    /// The practice config field the option sets (`bpm` for `--bpm`), for
    /// messages about a value that came from it; nil for the others.
    public var field: String?
    /// Takes the option's value, if any, from the cursor into the target.
    public var take: @Sendable (inout Target, inout ArgumentCursor) throws(CommandLineError) -> Void

    public init(name: String, placeholder: String?, help: String,
         take: @escaping @Sendable (inout Target, inout ArgumentCursor) throws(CommandLineError) -> Void) {
        self.name = name
        self.placeholder = placeholder
        self.help = help
        self.take = take
    }

    /// An option with a value, read and checked by `value` and stored by `set`
    /// (which may check it against what is set already). `{range}` in
    /// `help` is the values `value` allows, so help and check agree; the
    /// value taken when the option is not given, `initial`, is written as
    /// `value` writes it, at `{default}` in `help` or else as
    /// ` (default: …)` before its closing full stop.
    public init<Value>(_ name: String, _ placeholder: String, _ help: String, _ value: OptionValue<Value>, default initial: Value? = nil,
                _ set: @escaping @Sendable (inout Target, Value) throws(CommandLineError) -> Void) {
        precondition(!help.contains("{range}") || value.allowed != nil, "\(name): {range} in its help, but its value has none")
        var help = value.allowed.map { help.replacing("{range}", with: $0) } ?? help
        if let initial {
            let text = value.describe(initial)
            help = help.contains("{default}") ? help.replacing("{default}", with: text) : "\(help.dropLast()) (default: \(text))."
        }
        self.init(name: name, placeholder: placeholder, help: help) { target, cursor throws(CommandLineError) in
            let text = try cursor.value(placeholder: placeholder)
            try set(&target, value.read(text, name))
        }
    }

    /// A flag: no value, `set` records that it was given.
    public static func flag(_ name: String, _ help: String, _ set: @escaping @Sendable (inout Target) -> Void) -> Option {
        Option(name: name, placeholder: nil, help: help) { target, _ in set(&target) }
    }

    /// The option as the one that sets config field `name`.
    public func setting(_ name: String) -> Option {
        var option = self
        option.field = name
        return option
    }

    /// `--bpm N`, as help shows it.
    public var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }

    public var optionHelp: OptionHelp { OptionHelp(synopsis, help) }

    /// This option of a group (`TimelineOptions`) as an option of the
    /// command that holds the group at `path`.
    public func within<Outer>(_ path: WritableKeyPath<Outer, Target> & Sendable) -> Option<Outer> {
        let take = take
        return Option<Outer>(name: name, placeholder: placeholder, help: help) { outer, cursor throws(CommandLineError) in
            try take(&outer[keyPath: path], &cursor)
        }
    }
}

extension Array {
    /// A group's options (`TimelineOptions.optionTable`) as options of the
    /// command that holds the group at `path`.
    public func within<Target, Outer>(_ path: WritableKeyPath<Outer, Target> & Sendable) -> [Option<Outer>] where Element == Option<Target> {
        map { $0.within(path) }
    }

    /// Reads `arguments` into `target` with these options, each positional
    /// argument going to `positional` (which returns false when it takes no
    /// more). Returns false, having read nothing, when `--help` or `-h`
    /// comes before any `--`.
    public func read<Target>(
        _ arguments: [String], into target: inout Target,
        positional: (inout Target, String) throws(CommandLineError) -> Bool = { _, _ in false }
    ) throws(CommandLineError) -> Bool where Element == Option<Target> {
        if ArgumentCursor.asksForHelp(arguments) { return false }
        var cursor = ArgumentCursor(arguments)
        while let argument = try cursor.next() {
            switch argument {
            case .help:
                return false
            case .option(let option):
                guard let declared = first(where: { $0.name == option }) else {
                    throw .usage("unknown option '\(option)'\(Suggestion.hint(for: option, among: map(\.name)))")
                }
                try declared.take(&target, &cursor)
            case .positional(let value):
                guard try positional(&target, value) else {
                    throw .usage("unexpected argument '\(value)'")
                }
            }
        }
        return true
    }
}
