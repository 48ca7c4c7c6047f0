import Testing
@testable import TactusALSA

@Suite struct SequencerFrameMappingTests {
    static let mapping = SequencerFrameMapping(
        referenceTime: SequencerRealTime(seconds: 10, nanoseconds: 0), referenceFrame: 1_000_000, sampleRate: 48_000,
        uncertaintyFrames: 256)

    @Test func framesFollowTheQueueClockExactly() {
        let mapping = Self.mapping
        #expect(mapping.frame(at: SequencerRealTime(seconds: 10, nanoseconds: 0)) == 1_000_000)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 10, nanoseconds: 500_000_000)) == 1_024_000)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 9, nanoseconds: 500_000_000)) == 976_000)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 70, nanoseconds: 0)) == 3_880_000)
    }

    @Test func framesRoundToTheNearest() {
        let mapping = Self.mapping
        // One frame at 48 kHz is 20833.3 ns: 10417 ns is just over half a frame.
        #expect(mapping.frame(at: SequencerRealTime(seconds: 10, nanoseconds: 10_417)) == 1_000_001)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 10, nanoseconds: 10_416)) == 1_000_000)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 9, nanoseconds: 999_989_583)) == 999_999)
        #expect(mapping.frame(at: SequencerRealTime(seconds: 9, nanoseconds: 999_989_584)) == 1_000_000)
    }

    @Test func longSessionsDoNotOverflow() {
        let mapping = SequencerFrameMapping(
            referenceTime: SequencerRealTime(seconds: 0, nanoseconds: 0), referenceFrame: 0, sampleRate: 192_000,
            uncertaintyFrames: 1_024)
        #expect(mapping.frame(at: SequencerRealTime(seconds: UInt32.max, nanoseconds: 999_999_999))
            == 4_294_967_295 * 192_000 + 192_000)
    }

    @Test func reanchoringKeepsRateAndUncertainty() {
        let moved = Self.mapping.reanchored(time: SequencerRealTime(seconds: 20, nanoseconds: 0), frame: 1_480_010)
        #expect(moved.frame(at: SequencerRealTime(seconds: 20, nanoseconds: 1_000_000)) == 1_480_058)
        #expect(moved.uncertaintyFrames == 256)
        #expect(moved.sampleRate == 48_000)
    }
}
