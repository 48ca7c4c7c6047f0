import TactusJack

extension ArgumentCursor {
    /// A port option's value: an exact port name, or a regular expression
    /// that `jack_get_ports` can use; anything else is a usage error naming
    /// the option, before any client opens.
    mutating func port() throws(CommandLineError) -> String {
        let option = currentOption
        let text = try value(placeholder: "PORT")
        guard !text.isEmpty else {
            throw .option(option, "expected a port name like tactus:input or a regex like '^tactus:in', got ''")
        }
        if let problem = JackPortPattern(userText: text).regexProblem {
            throw .option(option, "'\(text)' is not a valid regular expression (\(problem)); give an exact port name or a POSIX extended regex (see 'tactus ports')")
        }
        return text
    }
}
