/// One line of a command's OPTIONS help: `--bpm N   Tempo in …`.
struct OptionHelp: Equatable {
    /// The option and its value placeholder, `--bpm N`.
    var synopsis: String
    var text: String

    init(_ synopsis: String, _ text: String) {
        self.synopsis = synopsis
        self.text = text
    }

    static let help = OptionHelp("-h, --help", "Show help information.")

    /// Options in two columns; a synopsis too long for the first column gets
    /// a line of its own.
    static func format(_ options: [OptionHelp]) -> String {
        let width = 26
        return options.map { option in
            let synopsis = "  " + option.synopsis
            if synopsis.count <= width - 2 {
                return synopsis.padded(to: width) + option.text
            }
            return synopsis + "\n" + String(repeating: " ", count: width) + option.text
        }.joined(separator: "\n")
    }
}

extension String {
    /// The string with spaces added up to `length` characters.
    func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
