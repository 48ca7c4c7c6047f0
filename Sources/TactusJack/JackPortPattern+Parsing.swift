import Glibc

extension JackPortPattern {
    /// Reads a port as given on the command line: `/regex/` is a POSIX
    /// extended regular expression searched for in full port names (as
    /// `jack_get_ports` does); anything else is an exact full name. Nil for
    /// an empty text or a regex that does not compile (`regcomp`).
    public init?(parsing text: String) {
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let expression = String(text.dropFirst().dropLast())
            var compiled = regex_t()
            guard regcomp(&compiled, expression, REG_EXTENDED | REG_NOSUB) == 0 else { return nil }
            regfree(&compiled)
            self = .regex(expression)
        } else {
            guard !text.isEmpty else { return nil }
            self = .exact(text)
        }
    }
}
