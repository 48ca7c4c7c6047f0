import Testing
@testable import TactusALSA

@Suite struct ALSAPortPatternTests {
    static func resolve(_ text: String, in ports: [ALSAPort] = ALSAPort.studio) -> String {
        do {
            return try ALSAPortPattern(parsing: text).resolve(in: ports).address.description
        } catch {
            return error.description
        }
    }

    @Test func addressesParse() {
        #expect(ALSAAddress(parsing: "20:0") == ALSAAddress(client: 20, port: 0))
        #expect(ALSAAddress(parsing: "255:255") == ALSAAddress(client: 255, port: 255))
        for bad in ["20", "20:", ":0", "256:0", "+20:0", "a:b", "20:0:1", "", "２０:0"] {
            #expect(ALSAAddress(parsing: bad) == nil)
        }
    }

    @Test func onlyExportedReadableSourcesCount() {
        #expect(ALSAPort.studio.filter(\.isMIDISource).map(\.address.description) == ["14:0", "24:1", "20:0", "24:0"])
        #expect(ALSAPort.studio[3].description == "20:0  nanoKONTROL2:nanoKONTROL2 MIDI 1")
    }

    @Test func patternsPickOnePort() {
        #expect(Self.resolve("20:0") == "20:0")
        #expect(Self.resolve("nano") == "20:0")
        #expect(Self.resolve("NANOkontrol2:nanoKONTROL2 MIDI 1") == "20:0")
        #expect(Self.resolve("FBV Express Mk II:1") == "24:1")
        #expect(Self.resolve("fbv express mk ii:0") == "24:0")
        #expect(Self.resolve("/MIDI 2$/") == "24:1")
        #expect(Self.resolve("/(?i)through/") == "14:0")
        #expect(Self.resolve("MIDI 2") == "24:1")
    }

    @Test func anExactNameWinsOverAContainingOne() {
        let ports = [
            ALSAPort(address: ALSAAddress(client: 30, port: 0), clientName: "Pedal", name: "AB", capabilities: ALSAPort.source, types: 0),
            ALSAPort(address: ALSAAddress(client: 31, port: 0), clientName: "Pedal", name: "A", capabilities: ALSAPort.source, types: 0),
        ]
        #expect(Self.resolve("pedal:a", in: ports) == "31:0")
        #expect(Self.resolve("pedal:", in: ports)
            == "'pedal:' matches several ALSA ports (30:0 Pedal:AB, 31:0 Pedal:A); give CLIENT:PORT")
    }

    @Test func noneOrSeveralMatchesAreErrorsListingPorts() {
        #expect(Self.resolve("fbv")
            == "'fbv' matches several ALSA ports (24:0 FBV Express Mk II:FBV Express Mk II MIDI 1, 24:1 FBV Express Mk II:FBV Express Mk II MIDI 2); give CLIENT:PORT")
        #expect(Self.resolve("ardour")
            == "no ALSA MIDI source matches 'ardour' (sources: 14:0 Midi Through:Midi Through Port-0, 20:0 nanoKONTROL2:nanoKONTROL2 MIDI 1, 24:0 FBV Express Mk II:FBV Express Mk II MIDI 1, 24:1 FBV Express Mk II:FBV Express Mk II MIDI 2)")
        #expect(Self.resolve("128:0") == "no ALSA MIDI source matches '128:0' (sources: 14:0 Midi Through:Midi Through Port-0, 20:0 nanoKONTROL2:nanoKONTROL2 MIDI 1, 24:0 FBV Express Mk II:FBV Express Mk II MIDI 1, 24:1 FBV Express Mk II:FBV Express Mk II MIDI 2)")
        #expect(Self.resolve("Hidden") == "no ALSA MIDI source matches 'Hidden' (sources: 14:0 Midi Through:Midi Through Port-0, 20:0 nanoKONTROL2:nanoKONTROL2 MIDI 1, 24:0 FBV Express Mk II:FBV Express Mk II MIDI 1, 24:1 FBV Express Mk II:FBV Express Mk II MIDI 2)")
        #expect(Self.resolve("pedal", in: []) == "no ALSA MIDI source matches 'pedal' (there are no ALSA MIDI sources)")
    }

    @Test func badPatternsAreRefused() {
        #expect(Self.resolve("/[/") == "bad ALSA port pattern '/[/': not a regular expression")
        #expect(Self.resolve("") == "bad ALSA port pattern '': empty")
    }

    @Test func patternsKeepTheirRule() throws {
        #expect(try ALSAPortPattern(parsing: "20:0").rule == .address(ALSAAddress(client: 20, port: 0)))
        #expect(try ALSAPortPattern(parsing: "FBV:1").rule == .clientPort(clientName: "FBV", port: 1))
        #expect(try ALSAPortPattern(parsing: "/x+/").rule == .regex("x+"))
        #expect(try ALSAPortPattern(parsing: "/").rule == .text("/"))
        #expect(try ALSAPortPattern(parsing: ":5").rule == .text(":5"))
        #expect(try ALSAPortPattern(parsing: "a:b").rule == .text("a:b"))
    }
}
