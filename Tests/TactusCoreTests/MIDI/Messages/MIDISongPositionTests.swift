import Testing
import TactusCore

@Suite struct MIDISongPositionTests {
    @Test func bytesAreTheLowThenTheHighSevenBits() {
        #expect(MIDISongPosition(clampingMIDIBeats: 0).bytes == [0xF2, 0x00, 0x00])
        #expect(MIDISongPosition(clampingMIDIBeats: 300).bytes == [0xF2, 0x2C, 0x02])
        #expect(MIDISongPosition(clampingMIDIBeats: 16_383).bytes == [0xF2, 0x7F, 0x7F])
    }

    @Test func placesOutsideTheRangeAreHeldToItsEnds() {
        #expect(MIDISongPosition(clampingMIDIBeats: -6).midiBeats == 0)
        #expect(MIDISongPosition(clampingMIDIBeats: 16_384).midiBeats == 16_383)
        #expect(MIDISongPosition(clampingMIDIBeats: 19_216).bytes == [0xF2, 0x7F, 0x7F])
    }

    /// The short-message encoder writes the same bytes: one encoder.
    @Test func theShortMessageEncodesThroughIt() {
        for beats: UInt16 in [0, 16, 300, 16_383, 16_384, 0xFFFF] {
            #expect(MIDIMessage.systemCommon(.songPosition(midiBeats: beats)).bytes
                == MIDISongPosition(clampingMIDIBeats: Int64(beats)).bytes, "\(beats)")
        }
    }
}
