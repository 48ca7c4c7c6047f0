/// How an option's value is read: its text to a value, or a usage error
/// naming the option and what it expected. Each range is checked here, in
/// one wording for every command that takes it.
public struct OptionValue<Value>: Sendable {
    public var read: @Sendable (_ text: String, _ option: String) throws(CommandLineError) -> Value
    /// The values allowed as help writes them, `20–400`, for a help line's
    /// `{range}`; nil when the value is not a range.
    public var allowed: String?
    /// A value as help writes it, for an option's default.
    public var describe: @Sendable (Value) -> String

    public init(allowed: String? = nil, describe: @escaping @Sendable (Value) -> String = { "\($0)" },
                read: @escaping @Sendable (_ text: String, _ option: String) throws(CommandLineError) -> Value) {
        self.read = read
        self.allowed = allowed
        self.describe = describe
    }
}

extension OptionValue {
    /// The value `parse` makes of the text; else `expected …, got '…'`.
    public static func parsed(
        expected: String, describe: @escaping @Sendable (Value) -> String = { "\($0)" }, _ parse: @escaping @Sendable (String) -> Value?
    ) -> OptionValue {
        OptionValue(describe: describe) { text, option throws(CommandLineError) in
            guard let value = parse(text) else {
                throw .option(option, "expected \(expected), got '\(text)'")
            }
            return value
        }
    }
}

extension OptionValue where Value == String {
    /// Any text.
    public static var text: OptionValue { OptionValue { text, _ in text } }
}

extension OptionValue where Value == Int {
    /// A whole number in `range`: `expected WHAT from LOW to HIGH`.
    public static func integer(in range: ClosedRange<Int>, what: String) -> OptionValue {
        OptionValue(allowed: OptionHelp.range(range)) { text, option throws(CommandLineError) in
            guard let value = Int(text), range.contains(value) else {
                throw .option(option, "expected \(what) from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
            }
            return value
        }
    }
}

extension OptionValue where Value == Double {
    /// A number in `range`: `expected WHAT from LOW to HIGH, like EXAMPLE`, whole
    /// bounds written without a fraction; `what` defaults to `a number`, with no example.
    public static func number(
        in range: ClosedRange<Double>, what: String = "a number", like example: String? = nil
    ) -> OptionValue {
        OptionValue(allowed: OptionHelp.range(range), describe: OptionHelp.number) { text, option throws(CommandLineError) in
            guard let value = Double(text), range.contains(value) else {
                let like = example.map { ", like \($0)" } ?? ""
                throw .option(option, "expected \(what) from \(OptionHelp.bounds(range))\(like), got '\(text)'")
            }
            return value
        }
    }

    /// A click multiplier (`--volume`, `--pitch`) in `range`.
    public static func multiplier(in range: ClosedRange<Double>) -> OptionValue {
        number(in: range, what: "a multiplier", like: "0.5")
    }
}
