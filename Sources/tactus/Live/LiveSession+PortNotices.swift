import Foundation
import TactusJack

extension LiveSession {
    /// One line for each `--connect-*` pattern that connects nothing yet:
    /// waiting for it, or naming the ports of the wrong kind it matches.
    static func announcePorts(_ host: JackEngineHost, _ command: RunCommand) {
        var rules: [(JackPort, [String], String)] = [
            (host.clickPort, command.connectClick, "--connect-click"), (host.clockPort, command.connectClock, "--connect-clock"),
            (host.inputPort, command.connectInput, "--connect-input"), (host.pedalPort, command.connectPedal, "--connect-pedal"),
        ]
        if let port = host.audioPort { rules.append((port, command.connectAudio, "--connect-audio")) }
        for (port, patterns, option) in rules {
            for text in patterns {
                PortNotice.announce("run", ports: host, port: port, pattern: JackPortPattern(userText: text), option: option)
            }
        }
    }
}
