import Glibc

/// Which ports an auto-connection rule reaches.
public enum JackPortPattern: Hashable, Sendable, CustomStringConvertible {
    /// The port with exactly this full name (`system:playback_1`).
    case exact(String)
    /// Every port whose full name matches this POSIX extended regular
    /// expression, as `jack_get_ports` searches (`^system:playback_[12]$`).
    case regex(String)

    /// The expression handed to `jack_get_ports`.
    var regularExpression: String {
        switch self {
        case .exact(let name): "^" + JackPortPattern.escaped(name) + "$"
        case .regex(let expression): expression
        }
    }

    public var description: String {
        switch self {
        case .exact(let name): name
        case .regex(let expression): "/\(expression)/"
        }
    }

    /// `text` with every POSIX extended regular expression metacharacter
    /// escaped, so it matches only itself.
    static func escaped(_ text: String) -> String {
        text.map { "\\.[]()*+?{}|^$".contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}

extension JackPortPattern {
    /// A port given on the command line: a regular expression when it uses
    /// one of `[](){}*+?|^$\`, else an exact name (dots in client names such
    /// as `a2j:Midi Through [14]`… need the regex form spelled out).
    public init(userText text: String) {
        let special = "[](){}*+?|^$\\"
        self = text.contains(where: { special.contains($0) }) ? .regex(text) : .exact(text)
    }
}

extension JackPortPattern {
    /// Why the pattern is not a POSIX extended regular expression
    /// `jack_get_ports` can use (`regcomp`'s reason, e.g. `Unmatched [,
    /// [^, [:, [., or [=`), or nil when it is one. An exact name always is.
    public var regexProblem: String? {
        guard case .regex(let expression) = self else { return nil }
        var compiled = regex_t()
        let code = regcomp(&compiled, expression, REG_EXTENDED | REG_NOSUB)
        guard code != 0 else {
            regfree(&compiled)
            return nil
        }
        var buffer = [CChar](repeating: 0, count: 256)
        regerror(code, &compiled, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
