/// One line of a command's OPTIONS help: `--bpm N   Tempo in …`.
public struct OptionHelp: Equatable, Sendable {
    /// The option and its value placeholder, `--bpm N`.
    public var synopsis: String
    public var text: String

    public init(_ synopsis: String, _ text: String) {
        self.synopsis = synopsis
        self.text = text
    }

    public static let help = OptionHelp("-h, --help", "Show help information.")

    /// Options in two columns; a synopsis too long for the first column gets
    /// a line of its own.
    public static func format(_ options: [OptionHelp]) -> String {
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

extension OptionHelp {
    /// `1–100000`, `20–400`: every range that help and messages name is written by these.
    public static func range<Bound: CustomStringConvertible>(_ range: ClosedRange<Bound>) -> String {
        "\(range.lowerBound)–\(range.upperBound)"
    }

    /// `0.25–4`: whole bounds without a fraction.
    public static func range(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound))–\(number(range.upperBound))"
    }

    /// `0.25 to 4`, as an error message says what was expected.
    public static func bounds(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    /// `1, 2, 4 or 8`.
    public static func choices(_ values: [Int]) -> String {
        let texts = values.map(String.init)
        return texts.dropLast().joined(separator: ", ") + " or " + texts[texts.count - 1]
    }

    /// `120`, `0.25`: a number as help writes it, whole without a fraction.
    public static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension String {
    /// The string with spaces added up to `length` characters.
    public func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
