import Testing
import TactusCore

/// The pulse followed note by note: offsets and tempi worked out by hand
/// from the notes' times.
struct LivePulseTests {
    @Test func notesOnTheSeededBeatsSitOnThemAndGiveTheTempoOnceTheySpanHalfTheWindow() throws {
        var pulse = LivePulse(bpm: 120, firstBeat: 1.0, division: 2)
        let offsets = [1.0, 1.5, 2.0, 2.5].map { pulse.hear(time: $0) }
        #expect(offsets.allSatisfy { abs($0) < 1e-9 })
        #expect(pulse.bpm == nil)
        #expect(abs(pulse.hear(time: 3.0)) < 1e-9)
        #expect(abs(try #require(pulse.bpm) - 120) < 1e-9)
        #expect(pulse.beatNumber(at: 3.0) == 4)
        #expect(pulse.beatNumber(at: 0.5) == -1)
    }

    @Test func aPlayerFasterThanTheSeedIsFollowedFromTheSecondBeat() throws {
        // 125 BPM is 0.48 s a beat. The second note, where 120 BPM puts a
        // beat at 0.5 s, is 20 ms early; the line through two beats is then
        // the player's own, and every later note sits on it.
        var pulse = LivePulse(bpm: 120, firstBeat: 0, division: 2)
        let offsets = [0, 0.48, 0.96, 1.44, 1.92].map { pulse.hear(time: $0) }
        #expect(offsets[0] == 0)
        #expect(abs(offsets[1] - -20) < 1e-9)
        for offset in offsets.dropFirst(2) { #expect(abs(offset) < 1e-9) }
        #expect(abs(try #require(pulse.bpm) - 125) < 1e-9)
    }

    @Test func aNoteBetweenBeatsIsHeldAgainstItsPositionAndWeighsHalf() {
        var pulse = LivePulse(bpm: 120, firstBeat: 0, division: 2)
        #expect(pulse.hear(time: 0) == 0)
        // The & of beat 0 is at 0.25 s: 10 ms late. The notes span half a
        // beat, so the period stays; the line (weights 1 and ½) puts the &
        // at 0.25 + 1/300 s, the pulse halfway to the note: 0.25 + 1/150 s.
        #expect(abs(pulse.hear(time: 0.26) - 10) < 1e-9)
        #expect(pulse.period == 0.5)
        // The & of beat 1 is then half a second on: 0.75 s is 20/3 ms early.
        #expect(abs(pulse.hear(time: 0.75) - -20.0 / 3) < 1e-9)
    }

    @Test func notesOnOneBeatPullTheLineTogether() {
        // Beat 1 heard at 0.5 and 0.52 s: the line through (0, 0), (1, 0.5)
        // and (1, 0.52) has a slope of 0.51 s and is at 0.51 s on beat 1;
        // the pulse, halfway to the latest note, at 0.515 s.
        var pulse = LivePulse(bpm: 120, firstBeat: 0, division: 2)
        _ = pulse.hear(time: 0)
        _ = pulse.hear(time: 0.5)
        #expect(abs(pulse.hear(time: 0.52) - 20) < 1e-9)
        #expect(abs(pulse.period - 0.51) < 1e-12)
        #expect(abs(pulse.hear(time: 1.02) - -5) < 1e-9)
    }

    @Test func withoutASeedTheFirstNoteIsBeatZero() {
        var pulse = LivePulse(bpm: 100, firstBeat: nil, division: 2)
        #expect(!pulse.hasStarted)
        #expect(pulse.hear(time: 3.0) == 0)
        #expect(pulse.hasStarted)
        #expect(pulse.beatNumber(at: 3.0) == 0)
        #expect(pulse.beatNumber(at: 3.6) == 1)
        #expect(abs(pulse.hear(time: 3.61) - 10) < 1e-9)
    }

    @Test func aTempoStepIsFollowedOnceTheWindowHoldsOnlyTheNewTempo() throws {
        // Eight beats at 120 BPM, then twelve at 144 (5/12 s): every note is
        // placed on its beat, and the line through the last eight is 144 BPM.
        var pulse = LivePulse(bpm: 120, firstBeat: 0, division: 2, window: 8)
        var times = (0..<8).map { 0.5 * Double($0) }
        for _ in 0..<12 { times.append(times[times.count - 1] + 60.0 / 144) }
        var worst = 0.0
        for time in times { worst = max(worst, abs(pulse.hear(time: time))) }
        #expect(worst < 125, "a note placed off its beat: \(worst) ms")
        #expect(abs(try #require(pulse.bpm) - 144) < 1e-9)
        #expect(pulse.beatNumber(at: times[19]) == 19)
    }

    @Test func sixteenthsNeedADivisionOfFour() throws {
        // Sixteenths at 120 BPM: at division 4 each on its place; at 2 the
        // second of each beat is taken for the beat, the fourth for the
        // next, and the tempo read is not 120.
        func heard(division: Int) -> LivePulse {
            var pulse = LivePulse(bpm: 120, firstBeat: 0, division: division)
            for index in 0..<64 { _ = pulse.hear(time: 0.125 * Double(index) + (index % 4 == 1 ? 0.01 : 0)) }
            return pulse
        }
        #expect(abs(try #require(heard(division: 4).bpm) - 120) < 0.5)
        #expect(abs(try #require(heard(division: 2).bpm) - 120) > 4)
    }
}
