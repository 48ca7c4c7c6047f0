import TactusCore

/// A positional argument of a command, declared in its table as an option
/// is: its name, which the usage line shows (in brackets when it may be left
/// out) and its messages use, how it is taken, and what to give when it is
/// missing. `Command.parse` offers each argument to the positionals in
/// order, never going back to one passed over.
struct Positional<Target>: Sendable {
    /// `FILE`; `FILE|DIR` for either.
    var name: String
    /// The end of the usage error when it is not given (`missing FILE; give
    /// the report to show`), from what was given before it; nil when it may
    /// be left out.
    var give: (@Sendable (Target) -> String)?
    /// Takes the argument, reading it under `name`; false when the argument
    /// is not this positional's, which offers it to the next.
    var take: @Sendable (inout Target, _ text: String, _ name: String) throws(CommandLineError) -> Bool

    /// An argument that must be given, kept at `path`.
    init(_ name: String, _ path: WritableKeyPath<Target, String?> & Sendable, give: @escaping @Sendable (Target) -> String) {
        self.init(name: name, give: give) { target, text, _ in
            target[keyPath: path] = text
            return true
        }
    }

    init(_ name: String, _ path: WritableKeyPath<Target, String?> & Sendable, give: String) {
        self.init(name, path) { _ in give }
    }

    init(name: String, give: (@Sendable (Target) -> String)?,
         take: @escaping @Sendable (inout Target, _ text: String, _ name: String) throws(CommandLineError) -> Bool) {
        self.name = name
        self.give = give
        self.take = take
    }

    /// `FILE`, or `[METER]` when it may be left out, as the usage line shows it.
    var synopsis: String { give == nil ? "[\(name)]" : name }

    /// This positional of a group (`TimelineOptions`) as one of the command
    /// that holds the group at `path`.
    func within<Outer>(_ path: WritableKeyPath<Outer, Target> & Sendable) -> Positional<Outer> {
        let take = take
        var positional = Positional<Outer>(name: name, give: nil) { outer, text, name throws(CommandLineError) in
            try take(&outer[keyPath: path], text, name)
        }
        if let give { positional.give = { give($0[keyPath: path]) } }
        return positional
    }
}

extension Collection {
    /// A group's positionals as ones of the command that holds the group at `path`.
    func within<Target, Outer>(_ path: WritableKeyPath<Outer, Target> & Sendable) -> [Positional<Outer>] where Element == Positional<Target> {
        map { $0.within(path) }
    }

    /// The usage error for the positionals here, none of them given: `missing
    /// A and B; give …` naming each that must be given, `FILE|DIR` as `FILE
    /// or DIR`, with what the first asks for; nil when none must.
    func missing<Target>(in target: Target) -> CommandLineError? where Element == Positional<Target> {
        let missing = filter { $0.give != nil }
        guard let give = missing.first?.give else { return nil }
        return .usage("missing \(missing.map { $0.name.replacing("|", with: " or ") }.joined(separator: " and ")); \(give(target))")
    }
}
