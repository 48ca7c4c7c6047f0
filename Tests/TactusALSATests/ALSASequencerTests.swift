import Foundation
import Testing
@testable import TactusALSA

/// The real sequencer where there is none (/dev/snd/seq missing, as on build
/// machines and containers): every call fails with a typed error, nothing crashes.
@Suite(.enabled(if: !FileManager.default.fileExists(atPath: ALSASequencer.device)))
struct ALSASequencerTests {
    static let missing = ALSAError.sequencerUnavailable(device: "/dev/snd/seq", reason: "No such file or directory")

    @Test func openingFailsCleanly() {
        let sequencer = ALSASequencer()
        #expect(throws: Self.missing) { try sequencer.open(clientName: "tactus") }
        #expect(Self.missing.description == "ALSA sequencer unavailable (/dev/snd/seq: No such file or directory)")
        #expect(Self.missing.continuingWithJACKOnly
            == "ALSA sequencer unavailable (/dev/snd/seq: No such file or directory); continuing with JACK ports only")
        #expect(sequencer.clientID == nil)
        sequencer.close()
    }

    @Test func callsBeforeOpenAreRefused() {
        let sequencer = ALSASequencer()
        #expect(throws: ALSAError.notOpen) { try sequencer.ports() }
        #expect(throws: ALSAError.notOpen) { try sequencer.queueTime() }
        #expect(throws: ALSAError.notOpen) { try sequencer.nextEvent(timeoutMilliseconds: 0) }
        #expect(throws: ALSAError.notOpen) { try sequencer.createInputPort(name: "pedal") }
        #expect(throws: ALSAError.notOpen) {
            try sequencer.connect(from: ALSAAddress(client: 20, port: 0), to: ALSAAddress(client: 128, port: 0))
        }
    }

    @Test func listingSourcesFailsCleanly() {
        #expect(throws: Self.missing) { try ALSAMIDISources.list() }
    }

    @Test func pedalInputFailsCleanly() throws {
        var input = ALSAPedalInput(backend: ALSASequencer())
        #expect(throws: Self.missing) {
            try input.start(clientName: "tactus", portName: "pedal", patterns: [ALSAPortPattern(parsing: "20:0")])
        }
        #expect(input.port == nil)
    }
}
