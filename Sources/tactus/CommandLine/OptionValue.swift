import TactusCore
import TactusJack

extension OptionValue where Value == String {
    /// A port option's value: an exact port name, or a regular expression
    /// that `jack_get_ports` can use; anything else is a usage error naming
    /// the option, before any client opens.
    static var port: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            guard !text.isEmpty else {
                throw .option(option, "expected a port name like tactus:input or a regex like '^tactus:in', got ''")
            }
            if let problem = JackPortPattern(userText: text).regexProblem {
                throw .option(option, "'\(text)' is not a valid regular expression (\(problem)); give an exact port name or a POSIX extended regex (see 'tactus ports')")
            }
            return text
        }
    }

    /// A JACK client name (`ClientNameOption`).
    static var clientName: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            try ClientNameOption.check(text, option: option)
            return text
        }
    }

    /// A device name for the calibration store: not empty.
    static var device: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            guard !text.isEmpty else { throw .option(option, "expected a device name, got ''") }
            return text
        }
    }
}

extension OptionValue where Value == Tempo {
    /// A tempo in `Tempo.allowed`.
    static var tempo: OptionValue {
        OptionValue(allowed: OptionHelp.range(OptionHelp.allowedBPM)) { text, option throws(CommandLineError) in
            guard let bpm = Double(text), abs(bpm) < 1e6, Tempo.allowed.contains(Tempo(bpm: bpm)) else {
                throw .option(option, "expected a number from \(OptionHelp.bounds(OptionHelp.allowedBPM)), got '\(text)'")
            }
            return Tempo(bpm: bpm)
        }
    }
}

extension OptionValue where Value == Meter {
    static var meter: OptionValue { meter(like: "7/8") }

    /// A meter tactus plays; `example` ends the message.
    static func meter(like example: String) -> OptionValue {
        .parsed(expected: "N/D with N from \(Meter.allowedBeats.lowerBound) to \(Meter.allowedBeats.upperBound) and D \(Meter.noteValueChoices), like \(example)",
                Meter.init(parsing:))
    }
}

extension OptionValue where Value == CalendarDay {
    /// `--since`: `7d`, `30d` or `YYYY-MM-DD`, against today's date.
    static var since: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            guard let day = PracticeHistory.firstDay(since: text, today: ReportFiles.today()) else {
                throw .option(option, "expected a number of days like 7d or 30d, or a date YYYY-MM-DD, got '\(text)'")
            }
            return day
        }
    }
}

extension OptionValue where Value == Int {
    /// A sample rate in `Timeline.allowedSampleRates`.
    static var sampleRate: OptionValue { .integer(in: Timeline.allowedSampleRates, what: "a rate in Hz") }
}

extension OptionValue where Value == Swing {
    /// `LONG:SHORT` with each in `range`.
    static func swing(in range: ClosedRange<Int>, expected: String) -> OptionValue {
        .parsed(expected: expected) { text in
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let long = Int(parts[0]), let short = Int(parts[1]), range.contains(long), range.contains(short) else {
                return nil
            }
            return Swing(long: long, short: short)
        }
    }
}
