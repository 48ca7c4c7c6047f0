import Foundation
import Testing
@testable import TactusCore
import TactusTestSupport

@Suite struct RemoteCommandTests {
    func command(_ address: String, _ arguments: [OSCArgument] = []) throws(SettingError) -> RemoteCommand {
        try RemoteCommand(OSCMessage(address, arguments))
    }

    @Test func pedalActionsByAddress() throws {
        #expect(try command("/tactus/start") == .action(.start))
        #expect(try command("/tactus/stop") == .action(.stop))
        #expect(try command("/tactus/start-stop") == .action(.startStop))
        #expect(try command("/tactus/tap") == .action(.tap))
        #expect(try command("/tactus/mark") == .action(.mark))
        #expect(try command("/tactus/preset/next") == .action(.nextPreset))
        #expect(try command("/tactus/preset/previous") == .action(.previousPreset))
        #expect(try command("/tactus/preset", [.string("Ballad")]) == .action(.preset(name: "Ballad")))
        #expect(try command("/tactus/mute") == .action(.muteToggle))
    }

    @Test func tempoAbsoluteNudgedAndScaled() throws {
        #expect(try command("/tactus/tempo", [.float(97.5)]) == .tempo(Tempo(milliBPM: 97_500)))
        #expect(try command("/tactus/tempo", [.int(133)]) == .tempo(Tempo(milliBPM: 133_000)))
        #expect(try command("/tactus/tempo/nudge", [.float(2)]) == .action(.tempoUp(milliBPM: 2_000)))
        #expect(try command("/tactus/tempo/nudge", [.int(-5)]) == .action(.tempoDown(milliBPM: 5_000)))
        #expect(try command("/tactus/tempo/scale", [.float(0.5)]) == .action(.tempoScale(factor: 0.5)))
    }

    @Test func gridSettings() throws {
        #expect(try command("/tactus/meter", [.string("7/8")]) == .meter(Meter(beats: 7, noteValue: 8)))
        #expect(try command("/tactus/meter", [.int(5), .int(4)]) == .meter(Meter(beats: 5, noteValue: 4)))
        #expect(try command("/tactus/subdivision", [.int(3)]) == .subdivision(3))
        #expect(try command("/tactus/subdivision", [.float(4)]) == .subdivision(4))
        #expect(try command("/tactus/accents", [.string("X.x.")]) == .accents(AccentPattern(parsing: "X.x.")))
        #expect(try command("/tactus/accents") == .accents(nil))
        #expect(try command("/tactus/gap", [.string("4,2")]) == .gap(GapPattern(playBars: 4, muteBars: 2)))
        #expect(try command("/tactus/gap", [.string("off")]) == .gap(nil))
        #expect(try command("/tactus/gap") == .gap(nil))
        #expect(try command("/tactus/mute", [.bool(true)]) == .mute(true))
        #expect(try command("/tactus/mute", [.int(0)]) == .mute(false))
    }

    @Test func returnAddresses() throws {
        #expect(try command("/tactus/query") == .query(.sender))
        #expect(try command("/tactus/query", [.int(9000)]) == .query(.senderHost(port: 9000)))
        #expect(try command("/tactus/register", [.string("osc.udp://127.0.0.1:9001/")]) == .register(.address(host: "127.0.0.1", port: 9001)))
        #expect(try command("/tactus/unregister", [.string("osc.udp://[::1]:9002")]) == .unregister(.address(host: "::1", port: 9002)))
        #expect(RemoteReturn(url: "osc.tcp://host:1/") == nil)
        #expect(RemoteReturn(url: "osc.udp://host:0/") == nil)
        #expect(RemoteReturn(url: "osc.udp://:9000/") == nil)
    }

    @Test func wrongArgumentsAndUnknownAddressesAreNamedErrors() {
        let cases: [(OSCMessage, String)] = [
            (OSCMessage("/tactus/tempo"), "/tactus/tempo: takes one number (BPM)"),
            (OSCMessage("/tactus/tempo", [.string("fast")]), "/tactus/tempo: takes one number (BPM)"),
            (OSCMessage("/tactus/tempo", [.float(401)]), "/tactus/tempo: 401 BPM is outside 20-400"),
            (OSCMessage("/tactus/tempo", [.float(.nan)]), "/tactus/tempo: takes one number (BPM)"),
            (OSCMessage("/tactus/start", [.int(1)]), "/tactus/start: takes no arguments"),
            (OSCMessage("/tactus/meter", [.string("7/7")]), "/tactus/meter: takes a meter N/D (N 1-32, D 1, 2, 4, 8, 16 or 32), as s \"7/8\" or i 7 i 8"),
            (OSCMessage("/tactus/subdivision", [.int(7)]), "/tactus/subdivision: subdivision is 1, 2, 3, 4, 5, 6 or 8"),
            (OSCMessage("/tactus/accents", [.string("Xy")]), "/tactus/accents: 'Xy' is not an accent pattern of X, x, o and ."),
            (OSCMessage("/tactus/gap", [.string("0,2")]), "/tactus/gap: '0,2' is not PLAY,MUTE bars (e.g. 4,2) or off"),
            (OSCMessage("/tactus/preset"), "/tactus/preset: takes one string (the preset's name)"),
            (OSCMessage("/tactus/query", [.int(0)]), "/tactus/query: return address is a port (i) or osc.udp://HOST:PORT/ (s)"),
            (OSCMessage("/tactus/query", [.string("x")]), "/tactus/query: 'x' is not osc.udp://HOST:PORT/"),
            (OSCMessage("/tactus/tempo/scale", [.float(0)]), "/tactus/tempo/scale: factor 0 is not above 0 and at most 20"),
            (OSCMessage("/tactus/bpm", [.float(120)]), "/tactus/bpm: unknown address"),
            (OSCMessage("/klick/metro/start"), "/klick/metro/start: unknown address"),
        ]
        for (message, text) in cases {
            #expect(throws: SettingError(field: message.address, message: String(text.dropFirst(message.address.count + 2)))) {
                try RemoteCommand(message)
            }
        }
    }

    @Test func onlyQueriesAndRegistrationsLeaveTheSessionAlone() throws {
        #expect(try command("/tactus/query").changesSession == false)
        #expect(try command("/tactus/register").changesSession == false)
        #expect(try command("/tactus/tap").changesSession == true)
        #expect(try command("/tactus/meter", [.string("3/4")]).changesSession == true)
    }
}

/// docs/remote-control.md lists every address tactus takes, with its arguments.
@Suite struct RemoteControlDocsTests {
    @Test func everyAddressIsInTheNamespaceTable() throws {
        let page = try String(contentsOf: Repository.url("docs/remote-control.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `/tactus/") }
        let documented = rows.map { row in
            row.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
        #expect(documented == RemoteCommand.addresses.map(\.address))
        for (row, entry) in zip(rows, RemoteCommand.addresses) where !entry.arguments.isEmpty {
            // The table writes `f BPM`, `[s PATTERN]`, `[i PORT \| s URL]`; the meter also as `i N i D`.
            let cells = row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
            let arguments = cells[2].replacingOccurrences(of: "\u{1}", with: "|")
            #expect(arguments.contains(entry.arguments.split(separator: " ").prefix(2).joined(separator: " ")), "\(entry.address)")
        }
    }
}
