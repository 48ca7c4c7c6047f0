import TactusCore

/// The command line of `tactus-bench`, read with the option table and
/// cursor `tactus` itself uses: each option's range is written once, for
/// both its check and its help.
struct BenchOptions {
    var quick = false
    /// Minutes of live playing (`defaultMinutes`).
    var minutes: Double?
    /// Minutes of the long session at 20 hits/s (`defaultSessionMinutes`).
    var sessionMinutes: Double?
    /// The dummy JACK server to play on; without one the live rows are skipped.
    var server: String?
    var tactus = ".build/release/tactus"
    var out = ".build/bench/latest.md"
    var workDirectory = ".build/bench/work"
    /// The Python that runs the free-time peers (librosa, Essentia).
    var python: String?
    /// Sections to run; all when empty.
    var only: Set<String> = []

    static let sections = ["render", "live", "view", "session", "process", "analyze", "players", "onsets", "pulse", "history"]

    /// Minutes of each live row and of the long session when not given, in
    /// a full run and a quick one, and the most either may be.
    static let defaultMinutes = (full: 10.0, quick: 1.0), defaultSessionMinutes = (full: 60.0, quick: 4.0)
    static let maximumMinutes = 600.0
    private static let defaults = BenchOptions()

    static let optionTable: [Option<BenchOptions>] = [
        .flag("--quick", "Shorter runs: live rows \(number(defaultMinutes.quick)) min, the long session \(number(defaultSessionMinutes.quick)) min, one repeat.") {
            $0.quick = true
        },
        Option("--minutes", "M", "Minutes of each live row, more than 0 and at most \(number(maximumMinutes)) (default \(number(defaultMinutes.full)), quick \(number(defaultMinutes.quick))).",
               .parsed(expected: "minutes more than 0 and at most \(number(maximumMinutes))") { Double($0).flatMap { $0 > 0 && $0 <= maximumMinutes ? $0 : nil } }) {
            $0.minutes = $1
        },
        Option("--session-minutes", "M", "Minutes of the long session at 20 hits/s, {range} (default \(number(defaultSessionMinutes.full)), quick \(number(defaultSessionMinutes.quick))).",
               .number(in: 2...maximumMinutes)) {
            $0.sessionMinutes = $1
        },
        Option("--server", "NAME", "The dummy JACK server the live rows play on; without it they are left out.", .text) { $0.server = $1 },
        Option("--tactus", "PATH", "The tactus binary measured (default \(defaults.tactus)).", .text) { $0.tactus = $1 },
        Option("--out", "FILE.md", "Where the table is written as well (default \(defaults.out)).", .text) { $0.out = $1 },
        Option("--work", "DIR", "Folder for the runs' files (default \(defaults.workDirectory)).", .text) { $0.workDirectory = $1 },
        Option("--python", "PATH", "The Python with librosa and Essentia for the free-time rows (default .build/bench/venv/bin/python when there, else python3).", .text) {
            $0.python = $1
        },
        Option("--only", "SECTIONS", "Sections to run, by comma: \(sections.joined(separator: ", ")).",
               .parsed(expected: "sections by comma from \(sections.joined(separator: ", "))") { text in
                   let named = Set(text.split(separator: ",").map(String.init))
                   return named.isEmpty || !named.isSubset(of: sections) ? nil : named
               }) {
            $0.only = $1
        },
    ]

    static let usage = """
        USAGE: tactus-bench [OPTIONS]
               tactus-bench control --server NAME [--name CLIENT] [--busy-us MICROSECONDS]

        Measures tactus against klick and jack_midi_clock and prints one Markdown
        table (also written to --out). The live view's rows take 3 minutes (quick 1).
        Scripts/bench builds, starts the dummy JACK server and runs it.

        OPTIONS:
        \(OptionHelp.format(optionTable.map(\.optionHelp) + [.help]))

        CONTROL OPTIONS:
        \(OptionHelp.format(ControlOptions.optionTable.map(\.optionHelp)))

        `control` joins a server as a client that spins a fixed time each cycle
        and, on SIGINT or SIGTERM, prints what its cycles cost (Scripts/soak runs
        it beside tactus).
        """

    init(arguments: [String]) throws {
        self = try BenchOptions.parse(arguments, into: BenchOptions(), table: Self.optionTable, command: "")
    }

    private init() {}

    /// Reads `arguments` into `value` with `table`: `--help` and every
    /// mistake end with a `BenchError` saying so (`command` names the
    /// subcommand in it).
    static func parse<Target>(_ arguments: [String], into value: Target, table: [Option<Target>], command: String) throws -> Target {
        var value = value
        do {
            guard try table.read(arguments, into: &value) else { throw BenchError(usage) }
        } catch let error as CommandLineError {
            throw BenchError("\(command)\(error.message)\n\n\(usage)")
        }
        return value
    }

    /// `10`, `0.5`: minutes as help writes them.
    private static func number(_ minutes: Double) -> String { OptionHelp.number(minutes) }

    func wants(_ section: String) -> Bool {
        only.isEmpty || only.contains(section)
    }

    var liveSeconds: Double {
        (minutes ?? (quick ? Self.defaultMinutes.quick : Self.defaultMinutes.full)) * 60
    }

    /// Minutes of each live-view run.
    var viewMinutes: Double {
        quick ? 1 : 3
    }

    var sessionLength: Double {
        sessionMinutes ?? (quick ? Self.defaultSessionMinutes.quick : Self.defaultSessionMinutes.full)
    }
}

/// The command line of `tactus-bench control`.
struct ControlOptions {
    var server: String?
    var name = "tactus-control"
    var busyMicroseconds = 20

    private static let defaults = ControlOptions()

    static let optionTable: [Option<ControlOptions>] = [
        Option("--server", "NAME", "The JACK server to join (required).", .text) { $0.server = $1 },
        Option("--name", "CLIENT", "Its client name (default \(defaults.name)).", .text) { $0.name = $1 },
        Option("--busy-us", "MICROSECONDS", "Time spun each cycle, {range} µs (default \(defaults.busyMicroseconds)).", .integer(in: 0...100_000, what: "microseconds")) {
            $0.busyMicroseconds = $1
        },
    ]
}
