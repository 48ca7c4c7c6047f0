/// The command line of `tactus-bench`.
struct BenchOptions {
    var quick = false
    /// Minutes of live playing (default 10, quick 1).
    var minutes: Double?
    /// Minutes of the long session at 20 hits/s (default 60, quick 4).
    var sessionMinutes: Double?
    /// The dummy JACK server to play on; without one the live rows are skipped.
    var server: String?
    var tactus = ".build/release/tactus"
    var out = ".build/bench/latest.md"
    var workDirectory = ".build/bench/work"
    /// The Python that runs the free-time peers (librosa, Essentia).
    var python: String?
    /// Sections to run (render, live, view, session, process, analyze, players, onsets, pulse, history); all when empty.
    var only: Set<String> = []

    static let sections: Set<String> = ["render", "live", "view", "session", "process", "analyze", "players", "onsets", "pulse", "history"]

    static let usage = """
        USAGE: tactus-bench [--quick] [--minutes M] [--session-minutes M] [--server NAME] [--tactus PATH]
                            [--out FILE.md] [--work DIR] [--python PATH] [--only render,live,view,session,process,analyze,players,onsets,pulse,history]
               tactus-bench control --server NAME [--name CLIENT] [--busy-us MICROSECONDS]

        Measures tactus against klick and jack_midi_clock and prints one Markdown
        table (also written to --out). --minutes sets the live rows' length (default
        10, quick 1), --session-minutes the long session's at 20 hits/s (default 60,
        quick 4); the live view's rows take 3 minutes (quick 1). Scripts/bench builds, starts the dummy JACK
        server and runs it; the live rows need --server. `control` joins a server
        as a client that spins a fixed time each cycle and, on SIGINT or SIGTERM,
        prints what its cycles cost (Scripts/soak runs it beside tactus). --python is
        the Python with librosa and Essentia for the free-time rows (default:
        .build/bench/venv/bin/python when there, else python3).
        """

    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("\(option) needs a value\n\n\(Self.usage)") }
            return next
        }
        while let option = rest.popFirst() {
            switch option {
            case "--quick": quick = true
            case "--minutes":
                let text = try value(option)
                guard let minutes = Double(text), minutes > 0, minutes <= 600 else {
                    throw BenchError("--minutes: expected minutes from 0 to 600, got '\(text)'")
                }
                self.minutes = minutes
            case "--session-minutes":
                let text = try value(option)
                guard let minutes = Double(text), minutes >= 2, minutes <= 600 else {
                    throw BenchError("--session-minutes: expected minutes from 2 to 600, got '\(text)'")
                }
                sessionMinutes = minutes
            case "--server": server = try value(option)
            case "--tactus": tactus = try value(option)
            case "--out": out = try value(option)
            case "--work": workDirectory = try value(option)
            case "--python": python = try value(option)
            case "--only":
                only = Set(try value(option).split(separator: ",").map(String.init))
                if let unknown = only.first(where: { !Self.sections.contains($0) }) {
                    throw BenchError("--only: unknown section '\(unknown)'; expected render, live, view, session, process, analyze, players, onsets, pulse or history")
                }
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown option '\(option)'\n\n\(Self.usage)")
            }
        }
    }

    func wants(_ section: String) -> Bool {
        only.isEmpty || only.contains(section)
    }

    var liveSeconds: Double {
        (minutes ?? (quick ? 1 : 10)) * 60
    }

    /// Minutes of each live-view run.
    var viewMinutes: Double {
        quick ? 1 : 3
    }

    var sessionLength: Double {
        sessionMinutes ?? (quick ? 4 : 60)
    }
}
