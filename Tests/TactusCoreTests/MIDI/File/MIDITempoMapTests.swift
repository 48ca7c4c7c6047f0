import Testing
import TactusCore

@Suite struct MIDITempoMapTests {
    @Test func noTempoMeans120() {
        let map = MIDITempoMap(division: .ticksPerQuarter(480), changes: [])
        #expect(map.changes == [MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000)])
        #expect(map.seconds(atTick: 960) == 1.0)
        #expect(map.frame(atTick: 1, sampleRate: 48_000) == 50)
    }

    /// A thousand alternating tempo segments, one quarter each: 0.6 s + 0.4 s a pair.
    @Test func manySegmentsAddUpExactly() {
        let changes = (0..<1_000).map { MIDITempoChange(tick: $0 * 480, microsecondsPerQuarter: $0 % 2 == 0 ? 600_000 : 400_000) }
        let map = MIDITempoMap(division: .ticksPerQuarter(480), changes: changes)
        #expect(map.seconds(atTick: 480_000) == 500.0)
        #expect(map.frame(atTick: 480_000, sampleRate: 48_000) == 24_000_000)
        // The last segment (400000 µs) goes on: 0.2 s more.
        #expect(map.frame(atTick: 480_240, sampleRate: 48_000) == 24_009_600)
    }

    /// Ticks that are not whole microseconds: PPQ 7, the tempo alternating
    /// every tick between 1000001 and 1000000 µs a quarter. Rounding each
    /// segment to microseconds would lose 1.5 ms by tick 7000; exactly it is
    /// 1000.0005 s.
    @Test func noRoundingAccumulatesAcrossSegments() {
        let changes = (0..<7_000).map { MIDITempoChange(tick: $0, microsecondsPerQuarter: $0 % 2 == 0 ? 1_000_001 : 1_000_000) }
        let map = MIDITempoMap(division: .ticksPerQuarter(7), changes: changes)
        #expect(map.frame(atTick: 7_000, sampleRate: 48_000) == 48_000_024)
        #expect(map.seconds(atTick: 7_000) == 1000.0005)
    }

    @Test func changesAreSortedAndTheLastAtATickCounts() {
        let map = MIDITempoMap(division: .ticksPerQuarter(96), changes: [
            MIDITempoChange(tick: 192, microsecondsPerQuarter: 250_000),
            MIDITempoChange(tick: 0, microsecondsPerQuarter: 400_000),
            MIDITempoChange(tick: 0, microsecondsPerQuarter: 1_000_000),
            MIDITempoChange(tick: -5, microsecondsPerQuarter: 0),
        ])
        // Tick -5 sorts first and counts as 0; the later changes at 0 replace it.
        #expect(map.changes == [MIDITempoChange(tick: 0, microsecondsPerQuarter: 1_000_000), MIDITempoChange(tick: 192, microsecondsPerQuarter: 250_000)])
        let clamped = MIDITempoMap(division: .ticksPerQuarter(96), changes: [
            MIDITempoChange(tick: 0, microsecondsPerQuarter: 0), MIDITempoChange(tick: 96, microsecondsPerQuarter: 0x100_0000),
        ])
        #expect(clamped.changes.map(\.microsecondsPerQuarter) == [1, 0xFF_FFFF])
        let ordered = MIDITempoMap(division: .ticksPerQuarter(96), changes: [
            MIDITempoChange(tick: 192, microsecondsPerQuarter: 250_000), MIDITempoChange(tick: 0, microsecondsPerQuarter: 1_000_000),
        ])
        #expect(ordered.seconds(atTick: 288) == 2.25)
        #expect(ordered.change(atTick: 191).microsecondsPerQuarter == 1_000_000)
        #expect(ordered.change(atTick: 192).microsecondsPerQuarter == 250_000)
    }

    @Test func tickAtSecondsInvertsTheMap() {
        let map = MIDITempoMap(division: .ticksPerQuarter(960), changes: [
            MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(milliBPM: 97_000)),
            MIDITempoChange(tick: 3_840, quarterNotesPerMinute: Tempo(milliBPM: 180_000)),
        ])
        for tick in [0, 1, 959, 3_839, 3_840, 3_841, 100_000] {
            #expect(map.tick(atSeconds: map.seconds(atTick: tick)) == tick)
        }
        #expect(map.tick(atSeconds: .nan) == 0)
        #expect(map.tick(atSeconds: -.infinity) == 0)
    }

    @Test func quarterNoteTempoConversions() {
        #expect(MIDITempoChange(tick: 0, quarterNotesPerMinute: Tempo(milliBPM: 97_000)).microsecondsPerQuarter == 618_557)
        #expect(MIDITempoChange(tick: 0, microsecondsPerQuarter: 618_557).quarterNotesPerMinute == Tempo(milliBPM: 97_000))
        #expect(MIDITempoChange(tick: 0, microsecondsPerQuarter: 500_000).quarterNotesPerMinute == Tempo(milliBPM: 120_000))
    }

    @Test func timeSignatureFromMeter() {
        #expect(MIDITimeSignature(meter: Meter(beats: 6, noteValue: 8)) == MIDITimeSignature(numerator: 6, denominatorPower: 3, clocksPerClick: 36))
        #expect(MIDITimeSignature(meter: Meter(beats: 7, noteValue: 8)) == MIDITimeSignature(numerator: 7, denominatorPower: 3, clocksPerClick: 12))
        #expect(MIDITimeSignature(meter: Meter(beats: 3, noteValue: 6)) == nil)
    }
}
