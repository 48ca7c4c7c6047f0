extension RemoteCommand {
    /// The prefix of every address tactus takes.
    public static let prefix = "/tactus/"

    /// Every address tactus takes, its arguments and what it does, in documentation order.
    public static let addresses: [(address: String, arguments: String, meaning: String)] = [
        ("/tactus/start", "", "start playing (as the start pedal)"),
        ("/tactus/stop", "", "stop"),
        ("/tactus/start-stop", "", "start or stop"),
        ("/tactus/tempo", "f BPM", "this tempo, \(Tempo.allowed.lowerBound)-\(Tempo.allowed.upperBound), at the next beat or bar (--tempo-at)"),
        ("/tactus/tempo/nudge", "f BPM", "faster by BPM (slower when negative), as tempo+ and tempo-"),
        ("/tactus/tempo/scale", "f FACTOR", "tempo times FACTOR, as tempo-scale"),
        ("/tactus/tap", "", "one tap of tap tempo"),
        ("/tactus/meter", "s N/D | i N i D", "this meter from the next bar line"),
        ("/tactus/subdivision", "i N", "clicks per beat (\(TimelineSpec.allowedSubdivisions.sorted().map(String.init).joined(separator: ", "))) from the next bar line"),
        ("/tactus/accents", "[s PATTERN]", "accents of X x o . from the next bar line (none: beat 1)"),
        ("/tactus/gap", "[s PLAY,MUTE]", "gap click from the next bar line (none or off: no gap)"),
        ("/tactus/preset/next", "", "the next setlist preset"),
        ("/tactus/preset/previous", "", "the previous setlist preset"),
        ("/tactus/preset", "s NAME", "the setlist preset NAME"),
        ("/tactus/mute", "[T|F]", "mute or unmute the click (no argument: toggle)"),
        ("/tactus/mark", "", "a marker in the report"),
        ("/tactus/query", "[i PORT | s URL]", "answer /tactus/state to the sender (or PORT on its host, or URL)"),
        ("/tactus/register", "[i PORT | s URL]", "send /tactus/state now and /tactus/state/... on every change"),
        ("/tactus/unregister", "[i PORT | s URL]", "stop sending changes"),
    ]

    /// The command an OSC message gives. Numbers may come as `i` or `f`,
    /// flags as `T`, `F` or a number (nonzero is true).
    public init(_ message: OSCMessage) throws(SettingError) {
        let address = message.address
        let arguments = message.arguments
        func fail(_ text: String) -> SettingError { SettingError(field: address, message: text) }
        func none() throws(SettingError) {
            guard arguments.isEmpty else { throw fail("takes no arguments") }
        }
        func number(_ what: String) throws(SettingError) -> Double {
            guard arguments.count == 1, let value = arguments[0].number else { throw fail("takes one number (\(what))") }
            return value
        }
        func text(_ what: String) throws(SettingError) -> String? {
            if arguments.isEmpty { return nil }
            guard arguments.count == 1, case .string(let value) = arguments[0] else { throw fail("takes one string (\(what))") }
            return value
        }
        func returnAddress() throws(SettingError) -> RemoteReturn {
            guard let argument = arguments.first else { return .sender }
            guard arguments.count == 1 else { throw fail("takes at most one return address") }
            switch argument {
            case .int(let port) where (1...65_535).contains(port): return .senderHost(port: Int(port))
            case .string(let url):
                guard let target = RemoteReturn(url: url) else { throw fail("'\(url)' is not osc.udp://HOST:PORT/") }
                return target
            default: throw fail("return address is a port (i) or osc.udp://HOST:PORT/ (s)")
            }
        }
        switch address {
        case "/tactus/start": try none(); self = .action(.start)
        case "/tactus/stop": try none(); self = .action(.stop)
        case "/tactus/start-stop": try none(); self = .action(.startStop)
        case "/tactus/tap": try none(); self = .action(.tap)
        case "/tactus/mark": try none(); self = .action(.mark)
        case "/tactus/preset/next": try none(); self = .action(.nextPreset)
        case "/tactus/preset/previous": try none(); self = .action(.previousPreset)
        case "/tactus/preset":
            guard let name = try text("the preset's name") else { throw fail("takes one string (the preset's name)") }
            self = .action(.preset(name: name))
        case "/tactus/tempo":
            let bpm = try number("BPM")
            guard (Tempo.allowed.lowerBound.bpm...Tempo.allowed.upperBound.bpm).contains(bpm) else {
                throw fail("\(NumberText.plain(bpm)) BPM is outside \(Tempo.allowed.lowerBound)-\(Tempo.allowed.upperBound)")
            }
            self = .tempo(Tempo(bpm: bpm))
        case "/tactus/tempo/nudge":
            let bpm = try number("BPM to add")
            guard abs(bpm) <= Tempo.allowed.upperBound.bpm else { throw fail("a nudge is at most \(Tempo.allowed.upperBound) BPM either way") }
            let step = Tempo(bpm: bpm).milliBPM
            self = .action(step >= 0 ? .tempoUp(milliBPM: step) : .tempoDown(milliBPM: -step))
        case "/tactus/tempo/scale":
            let factor = try number("factor")
            guard factor > 0, factor <= 20 else { throw fail("factor \(NumberText.plain(factor)) is not above 0 and at most 20") }
            self = .action(.tempoScale(factor: factor))
        case "/tactus/mute":
            switch arguments.first {
            case nil: self = .action(.muteToggle)
            case .bool(let flag)? where arguments.count == 1: self = .mute(flag)
            case let argument? where arguments.count == 1 && argument.number != nil: self = .mute(argument.number != 0)
            default: throw fail("takes T, F, a number or nothing (toggle)")
            }
        case "/tactus/meter":
            if arguments.count == 2, let beats = arguments[0].number, let value = arguments[1].number,
               let meter = Meter(parsing: "\(Int(exactly: beats) ?? 0)/\(Int(exactly: value) ?? 0)") {
                self = .meter(meter)
            } else if let text = try? text("N/D"), let meter = Meter(parsing: text) {
                self = .meter(meter)
            } else {
                throw fail("takes a meter N/D (N \(Meter.allowedBeats.lowerBound)-\(Meter.allowedBeats.upperBound), D \(Meter.noteValueChoices)), as s \"7/8\" or i 7 i 8")
            }
        case "/tactus/subdivision":
            let value = try number("clicks per beat")
            guard let count = Int(exactly: value), TimelineSpec.allowedSubdivisions.contains(count) else {
                throw fail("subdivision is \(TimelineSpec.subdivisionChoices)")
            }
            self = .subdivision(count)
        case "/tactus/accents":
            guard let pattern = try text("accent pattern of X x o .") else { self = .accents(nil); break }
            guard let accents = AccentPattern(parsing: pattern) else {
                throw fail("'\(pattern)' is not an accent pattern of X, x, o and .")
            }
            self = .accents(accents)
        case "/tactus/gap":
            guard let pattern = try text("PLAY,MUTE bars") else { self = .gap(nil); break }
            if pattern == "off" { self = .gap(nil); break }
            guard let gap = GapPattern(parsing: pattern), gap.isAllowed else {
                throw fail("'\(pattern)' is not PLAY,MUTE bars (e.g. 4,2) or off")
            }
            self = .gap(gap)
        case "/tactus/query": self = .query(try returnAddress())
        case "/tactus/register": self = .register(try returnAddress())
        case "/tactus/unregister": self = .unregister(try returnAddress())
        default:
            throw fail("unknown address")
        }
    }
}
