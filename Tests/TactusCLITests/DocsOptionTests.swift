import Foundation
import Testing
import TactusTestSupport

/// The option tables of docs/*.md against `--help`: every range (`0–10000`)
/// and every default that is a number or a name in code (`default 200`,
/// ``default `woodblock` ``) a table row states must be in the help of that
/// option in some command, so the two cannot drift apart.
@Suite struct DocsOptionTests {
    /// Every command's help, each option line under its option's name.
    static func helpLines() throws -> [String: [String]] {
        func names(after heading: String, in text: String) -> [String] {
            guard let section = text.components(separatedBy: heading + "\n").dropFirst().first else { return [] }
            return section.split(separator: "\n", omittingEmptySubsequences: false)
                .prefix { !$0.isEmpty }
                .compactMap { $0.split(separator: " ").first.map(String.init) }
        }
        let top = try TactusBinary.run(["--help"]).stdout
        var commands = names(after: "COMMANDS:", in: top).map { [$0] }
        let report = try TactusBinary.run(["report", "--help"]).stdout
        commands += names(after: "SUBCOMMANDS:", in: report).map { ["report", $0] }
        #expect(commands.count >= 14)
        var lines: [String: [String]] = [:]
        for command in commands {
            let help = try TactusBinary.run(command + ["--help"])
            #expect(help.exitCode == 0, "\(command)")
            var last: String?
            for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = line.split(separator: " ")
                if let option = words.first, option.hasPrefix("--") {
                    last = String(option)
                    lines[String(option), default: []].append(String(line))
                } else if let option = last, line.hasPrefix("    "), !words.isEmpty {
                    // A long option's meaning goes on the next line.
                    lines[option]![lines[option]!.count - 1] += " " + words.joined(separator: " ")
                } else {
                    last = nil
                }
            }
        }
        return lines
    }

    /// `0–10000`, `-1000–1000`, `20-400` in `text`, as written with an en dash.
    static func ranges(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\d.])(-?\d+(?:\.\d+)?)\s*[–-]\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).map { match in
            let low = String(text[Range(match.range(at: 1), in: text)!])
            let high = String(text[Range(match.range(at: 2), in: text)!])
            return "\(low)–\(high)"
        }
    }

    /// The defaults a row names that can be compared: numbers and code.
    static func defaults(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"default:?\s+(?:`([^`]+)`|(-?\d+(?:\.\d+)?(?:/\d+)?)(?![\d]))"#)
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { match in
            (1...2).lazy.compactMap { Range(match.range(at: $0), in: text) }.first.map { String(text[$0]) }
        }
    }

    /// Whether a help line says `default: value` (then a comma, semicolon,
    /// bracket, full stop or space).
    static func states(default value: String, _ line: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: value)
        return line.range(of: "default:? \(escaped)(?=[,;). ]|$)", options: .regularExpression) != nil
    }

    @Test func rangesAndDefaultsInTheDocsAreThoseOfHelp() throws {
        let help = try Self.helpLines()
        let folder = Repository.url("docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        var rows = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard line.hasPrefix("| `--") else { continue }
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                guard cells.count >= 3 else { continue }
                let option = String(cells[1].trimmingCharacters(in: .whitespaces).dropFirst().prefix { $0 != " " && $0 != "`" })
                let meaning = cells.dropFirst(2).joined(separator: "|")
                let where_ = "\(file):\(number + 1) \(option)"
                let optionHelp = help[option] ?? []
                #expect(!optionHelp.isEmpty, "\(where_): no command's --help has this option")
                rows += 1
                for range in Self.ranges(in: meaning) {
                    #expect(optionHelp.contains { Self.ranges(in: $0).contains(range) },
                            "\(where_): the docs say \(range), --help says: \(optionHelp.joined(separator: " / "))")
                }
                for value in Self.defaults(in: meaning) {
                    #expect(optionHelp.contains { Self.states(default: value, $0) },
                            "\(where_): the docs say default \(value), --help says: \(optionHelp.joined(separator: " / "))")
                }
            }
        }
        #expect(rows > 40)
    }

    @Test func rangesAndDefaultsAreReadAsWritten() {
        #expect(Self.ranges(in: "N ms, 0–10000 (default: 200); -1000–1000") == ["0–10000", "-1000–1000"])
        #expect(Self.ranges(in: "1–100000") == ["1–100000"])
        #expect(Self.defaults(in: "(default: 200). default `woodblock`; default 4/4, default the meter's") == ["200", "woodblock", "4/4"])
        #expect(Self.states(default: "tactus", "JACK client name (default: tactus); ports are CLIENT:click"))
        #expect(!Self.states(default: "tactus", "JACK client name (default: tactus-learn); the port is CLIENT:pedal."))
    }
}
