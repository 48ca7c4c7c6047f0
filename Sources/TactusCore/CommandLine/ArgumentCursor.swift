/// Walks a command's arguments: options (`--name VALUE`, `--name=VALUE`,
/// flags), positionals, `--help`/`-h`, and `--` after which everything is
/// positional.
public struct ArgumentCursor {
    public enum Argument: Equatable {
        case option(String)
        case positional(String)
        case help
    }

    private let arguments: [String]
    private var index = 0
    private var onlyPositionals = false
    /// The `VALUE` of `--name=VALUE` for the option just returned, until taken.
    public private(set) var inlineValue: String?
    /// The option just returned, for messages.
    public private(set) var currentOption = ""

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    public mutating func next() throws(CommandLineError) -> Argument? {
        if let inlineValue {
            throw .option(currentOption, "takes no value, got '\(inlineValue)'")
        }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if onlyPositionals {
            return .positional(argument)
        }
        if argument == "--" {
            onlyPositionals = true
            return try next()
        }
        if argument == "--help" || argument == "-h" {
            return .help
        }
        if argument.hasPrefix("--") {
            if let equals = argument.firstIndex(of: "=") {
                currentOption = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                currentOption = argument
            }
            return .option(currentOption)
        }
        if argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil {
            throw .usage("unknown option '\(argument)'")
        }
        return .positional(argument)
    }

    /// The value of the current option: after `=`, or the next argument.
    /// - Parameter placeholder: what the value should be, for the message when it is missing.
    public mutating func value(placeholder: String) throws(CommandLineError) -> String {
        if let value = inlineValue {
            inlineValue = nil
            return value
        }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw .option(currentOption, "missing value (\(placeholder))")
        }
        index += 1
        return arguments[index - 1]
    }

    /// Whether `--help` or `-h` appears before any `--`.
    public static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }
}
