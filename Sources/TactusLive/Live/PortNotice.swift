import Foundation
import TactusCore
import TactusJack

/// The one line a port option gets when its pattern connects nothing yet:
/// `waiting for a MIDI input port matching nosuch:port (--to); …`, or, when
/// it matches only ports that can never be connected, `--to
/// system:playback_1: system:playback_1 is an audio port; …`.
public struct PortNotice: Equatable {
    public let text: String
    /// Whether the port may still appear (else it is of the wrong kind).
    public let isWaiting: Bool

    /// Nil when the pattern finds ports to connect (or JACK cannot say).
    public init?(ports: any JackPortLooking, port: JackPort, pattern: JackPortPattern, option: String) {
        guard let lookout = try? ports.lookout(for: port, pattern: pattern) else { return nil }
        self.init(lookout, port: port, pattern: pattern, option: option)
    }

    init?(_ lookout: JackPortLookout, port: JackPort, pattern: JackPortPattern, option: String) {
        let wanted = "\(Self.kind(port.type)) \(Self.name(port.direction.opposite)) port"
        switch lookout {
        case .found:
            return nil
        case .missing:
            text = "waiting for \(Self.article(wanted)) matching \(pattern) (\(option)); it is connected as soon as it appears"
            isWaiting = true
        case .mismatched(let others):
            let described = others.prefix(3).map { "\($0.name) is \(Self.article("\(Self.kind($0.type)) \(Self.name($0.direction)) port"))" }
            let more = others.count > 3 ? " (and \(others.count - 3) more)" : ""
            text = "\(option) \(pattern): \(described.joined(separator: ", "))\(more); \(port.name) needs \(Self.article(wanted)) (see 'tactus ports')"
            isWaiting = false
        }
    }

    /// Prints the notice for `pattern`, if it has one, as `tactus COMMAND: …` on stderr.
    public static func announce(_ command: String, ports: any JackPortLooking, port: JackPort, pattern: JackPortPattern, option: String) {
        guard let notice = PortNotice(ports: ports, port: port, pattern: pattern, option: option) else { return }
        FileHandle.standardError.write(Data("tactus \(command): \(notice.text)\n".utf8))
    }

    static func kind(_ type: JackPortType) -> String {
        switch type {
        case .audio: "audio"
        case .midi: "MIDI"
        case .other(let name): name
        }
    }

    static func name(_ direction: JackPortDirection) -> String {
        direction == .input ? "input" : "output"
    }

    static func article(_ phrase: String) -> String {
        (phrase.first.map { "aeiouAEIOU".contains($0) } ?? false) ? "an \(phrase)" : "a \(phrase)"
    }
}

extension JackEngineHost {
    /// Connects each port to what its patterns name, now and whenever it
    /// appears (exit 3 when JACK refuses), then says of each pattern that
    /// connects nothing yet that it waits for it, or names the ports of the
    /// wrong kind it matches.
    public func connect(
        _ rules: [(port: JackPort, patterns: [String], option: String)], for command: String
    ) throws(CommandLineError) {
        try CommandLineError.catching(exitCode: .unavailable) {
            for (port, patterns, _) in rules {
                for text in patterns { try autoConnect(port, to: JackPortPattern(userText: text)) }
            }
        }
        for (port, patterns, option) in rules {
            for text in patterns {
                let pattern = JackPortPattern(userText: text)
                PortNotice.announce(command, ports: self, port: port, pattern: pattern, option: option)
            }
        }
    }
}
