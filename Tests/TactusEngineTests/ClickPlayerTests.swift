import Testing
@testable import TactusEngine

@Suite struct ClickPlayerTests {
    /// Plays clicks of `level` starting at `frames` in cycles of `period`
    /// frames up to `end`; returns the audio.
    static func play(_ sounds: [[Float]], clicks frames: [(frame: Int, level: Int)], period: Int, end: Int) -> [Float] {
        var player = ClickPlayer(sounds: sounds)
        var audio = [Float](repeating: 0, count: end + period)
        audio.withUnsafeMutableBufferPointer { audio in
            var cycle = 0
            while cycle < end {
                let output = audio.baseAddress! + cycle
                for click in frames where click.frame >= cycle && click.frame < cycle + period {
                    player.start(level: click.level, into: output, at: click.frame - cycle)
                }
                player.finishCycle(into: output, frames: period)
                cycle += period
            }
        }
        return Array(audio.prefix(end))
    }

    /// Nine clicks of 50 samples of 1, a frame apart: the ninth cuts the
    /// first off at frame 8, its own frame, in cycles of any length.
    @Test func aNinthClickCutsTheOldestAtItsOwnFrame() {
        let clicks = (0..<9).map { (frame: $0, level: 0) }
        let expected: [Float] = (0..<64).map { frame in
            let first: Float = frame < 8 ? 1 : 0
            let others = (1...8).filter { $0 <= frame && frame < $0 + 50 }.count
            return first + Float(others)
        }
        #expect(expected[7] == 8)
        #expect(expected[8] == 8)
        #expect(expected[51] == 7)
        for period in [1, 3, 8, 64] {
            #expect(Self.play([[Float](repeating: 1, count: 50)], clicks: clicks, period: period, end: 64) == expected, "period \(period)")
        }
    }

    /// Three overlapping clicks add oldest first at every sample, so the
    /// sums are the same bits whatever the cycle length.
    @Test func overlappingClicksAddOldestFirstInAnyCycles() {
        let sounds: [[Float]] = [(0..<40).map { 0.1 + Float($0) * 1e-3 }, (0..<40).map { 1e-7 * Float($0 + 1) }]
        let clicks = [(frame: 2, level: 0), (frame: 5, level: 1), (frame: 9, level: 0), (frame: 11, level: 1)]
        let whole = Self.play(sounds, clicks: clicks, period: 64, end: 64)
        var expected = [Float](repeating: 0, count: 64)
        for click in clicks {
            for (index, sample) in sounds[click.level].enumerated() where click.frame + index < 64 {
                expected[click.frame + index] += sample
            }
        }
        #expect(whole == expected)
        for period in [1, 2, 5, 7] {
            #expect(Self.play(sounds, clicks: clicks, period: period, end: 64) == whole, "period \(period)")
        }
    }
}
