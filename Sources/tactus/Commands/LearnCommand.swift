import Foundation
import TactusCore
import TactusEngine
import TactusJack
import TactusLive

/// `tactus learn`: makes a pedal map by listening to the pedals.
struct LearnCommand: Command {
    static let name = "learn"
    static let abstract = "Make a pedal map by pressing the pedals."
    static let usage = "[--server] [--out] [--pedal] [--actions]"
    static let optionTable: [Option<Self>] = [
        .server { $0.server = $1 },
        Option("--name", "CLIENT", "JACK client name (default: {default}); the port is CLIENT:pedal.", .clientName, default: defaults.clientName) { $0.clientName = $1 },
        Option("--pedal", "PORT", "Connect PORT (exact name or regex) to CLIENT:pedal; else connect it yourself.", .port) { $0.pedal = $1 },
        Option("--out", "FILE", "Where to write the map (default: $XDG_CONFIG_HOME/tactus/pedals/learned.json).", .text) { $0.out = $1 },
        Option("--actions", "LIST", "Bind the pedals, in the order first pressed, to these actions without asking.", .pedalActions) { $0.actions = $1 },
        Option("--timeout", "SECONDS", "Give up when no new pedal is pressed for this long, {range}.",
               .integer(in: 1...3_600, what: "seconds"), default: defaults.timeoutSeconds) { $0.timeoutSeconds = $1 },
    ]
    static let discussion = """
        Each message is printed as it arrives, e.g.
          cc 80 value 127 on channel 1 → bind as {"type":"cc","number":80}
        On a terminal, tactus asks for the action of each new pedal (empty to skip, 'done' to
        finish). Actions: \(PedalAction.names.joined(separator: ", ")); tempo+=2, tempo-=2,
        tempo-scale=2 and preset=NAME give the amount or name.
        Example: tactus learn --pedal 'a2j:.*FCB' --actions tap,start-stop --out ~/two.json
        Then: tactus run --pedal-map ~/two.json (a map in the default place: --pedal-map learned).
        """

    /// The command as no option sets it: each option's default.
    private static let defaults = Self()

    var server: String?
    var clientName = "tactus-learn"
    var pedal: String?
    var out: String?
    var actions: [PedalAction]?
    var timeoutSeconds = 120

    var outputs: [(option: String, path: String?)] { [("--out", out)] }

    func validate() throws(CommandLineError) {
        if actions == nil && !(TerminalScreen.isTerminal(STDIN_FILENO) && TerminalScreen.isTerminal(STDOUT_FILENO)) {
            throw .option("--actions", "needed when not run on a terminal (e.g. --actions tap,start-stop)")
        }
    }

    func run() throws(CommandLineError) -> ExitCode {
        let environment = ProcessInfo.processInfo.environment
        let path = out ?? Self.defaultPath(environment: environment)
        let host = try JackEngineHost.open(for: Self.name) { try JackEngineHost(name: clientName, server: server, sounds: []) } ready: { host in
            if let pedal { try host.autoConnect(host.pedalPort, to: JackPortPattern(userText: pedal)) }
        }
        if let pedal {
            PortNotice.announce(Self.name, ports: host, port: host.pedalPort, pattern: JackPortPattern(userText: pedal), option: "--pedal")
        }
        let signals = SignalWatch()
        var learner = PedalLearner()
        StandardStreams.write("listening on \(host.pedalPort.name)\(pedal.map { " (connected to \($0))" } ?? "; connect your pedal to it"); press each pedal\n")
        var lastNew = ContinuousClock.now
        learning: while true {
            if signals.receivedSignal != nil || host.isShutDown { break }
            if let actions, learner.pedals.count >= actions.count { break }
            if ContinuousClock.now - lastNew > .seconds(timeoutSeconds) {
                if actions != nil || learner.bindings.isEmpty {
                    throw .failure("no new pedal pressed within \(timeoutSeconds) s; bound \(learner.bindings.count) of \(actions?.count ?? 0), nothing written")
                }
                break
            }
            for case .pedal(let midi) in host.drainEvents() {
                let text = PedalLearner.describe(status: midi.status, data1: midi.data1, data2: midi.data2)
                guard let index = learner.take(status: midi.status, data1: midi.data1, data2: midi.data2) else {
                    StandardStreams.write(text + "\n")
                    continue
                }
                lastNew = .now
                StandardStreams.write(text + " → bind as " + PedalLearner.json(learner.pedals[index].message) + "\n")
                if let actions {
                    learner.bind(index, to: actions[index])
                    StandardStreams.write("  bound to \(actions[index])\n")
                    if learner.pedals.count >= actions.count { break learning }
                } else {
                    switch Self.ask() {
                    case .action(let action): learner.bind(index, to: action)
                    case .skip: break
                    case .done: break learning
                    }
                    _ = host.drainEvents()
                    lastNew = .now
                }
            }
            _ = host.waitForNotification(timeout: .milliseconds(10))
        }
        host.close()
        guard !learner.bindings.isEmpty else { throw .failure("no pedal bound; nothing written") }
        try Self.write(learner.bindings, to: path)
        StandardStreams.write("wrote \(path) (\(learner.bindings.count) binding\(learner.bindings.count == 1 ? "" : "s"))\n")
        return .success
    }

    enum Answer {
        case action(PedalAction)
        case skip
        case done
    }

    /// Asks on the terminal until the answer is an action, empty or 'done'.
    static func ask() -> Answer {
        while true {
            StandardStreams.write("  action? ")
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { return .done }
            if line.isEmpty { return .skip }
            if line == "done" { return .done }
            if let action = PedalLearner.action(parsing: line) { return .action(action) }
            StandardStreams.write("  '\(line)' is not an action: \(PedalAction.names.joined(separator: ", ")) (tempo+=2, preset=NAME)\n")
        }
    }

    static func defaultPath(environment: [String: String]) -> String {
        xdgFile("pedals/learned.json", in: "XDG_CONFIG_HOME", orHome: ".config", environment: environment, orElseUnder: ".")
    }

    /// Writes the map in full or not at all, after reading it back as a pedal map.
    static func write(_ bindings: [PedalBinding], to path: String) throws(CommandLineError) {
        let text = PedalLearner.mapText(bindings, description: "Learned with tactus learn.")
        do {
            _ = try PedalMap(json: Array(text.utf8), file: path)
        } catch {
            throw .failure("the learned map does not read back (\(error)); nothing written")
        }
        do {
            if let directory = FileSystem.directory(of: path) {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try OutputFile.write(Array(text.utf8), to: path)
        } catch {
            throw .failure("\(path): cannot write the pedal map (\(error.reason))")
        }
    }
}

extension OptionValue where Value == [PedalAction] {
    /// `--actions tap,start-stop`: pedal actions by name, in order.
    static var pedalActions: OptionValue {
        OptionValue { text, option throws(CommandLineError) in
            var list: [PedalAction] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let action = PedalLearner.action(parsing: item.trimmingCharacters(in: .whitespaces)) else {
                    throw .option(option, "'\(item)' is not an action (\(PedalAction.names.joined(separator: ", ")); tempo+=2, preset=NAME)")
                }
                list.append(action)
            }
            return list
        }
    }
}
