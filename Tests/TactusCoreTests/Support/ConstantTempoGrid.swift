@testable import TactusCore

/// A grid for tests: constant tempo, a fixed meter, every position on an exact
/// integer frame. 120 BPM at 48 kHz is 24 000 frames a beat.
struct ConstantTempoGrid: ScoringGrid {
    var sampleRate = 48_000
    var originFrame: Int64 = 0
    var framesPerBeat: Int64 = 24_000
    var beats = 4
    var countInBars = 0
    var mutedBars: Set<Int> = []

    func frame(of position: GridPosition, subdivision: Int, swing: Swing?) -> Int64 {
        let beatIndex = Int64((position.bar - 1) * beats + position.beat - 1)
        return originFrame + beatIndex * framesPerBeat + partFrames(position.subdivision, of: subdivision, swing: swing)
    }

    func nearest(to frame: Int64, subdivision: Int, swing: Swing?) -> GridMatch {
        let beatIndex = floorDivide(frame - originFrame, framesPerBeat)
        var best: GridMatch?
        for index in [beatIndex, beatIndex + 1] {
            let bar = Int(floorDivide(index, Int64(beats))) + 1
            let beat = Int(index - Int64(bar - 1) * Int64(beats)) + 1
            for part in 1...(index == beatIndex ? subdivision : 1) {
                let position = GridPosition(bar: bar, beat: beat, subdivision: part)
                let candidate = self.frame(of: position, subdivision: subdivision, swing: swing)
                if best == nil || abs(frame - candidate) < abs(best!.offsetFrames) {
                    best = GridMatch(position: position, frame: candidate, offsetFrames: frame - candidate)
                }
            }
        }
        return best!
    }

    func beatsPerBar(bar: Int) -> Int { beats }

    func isCountIn(bar: Int) -> Bool { bar < 1 && bar > -countInBars }

    func isMuted(bar: Int) -> Bool { mutedBars.contains(bar) }

    private func partFrames(_ part: Int, of subdivision: Int, swing: Swing?) -> Int64 {
        if let swing, subdivision == 2, part == 2 {
            return framesPerBeat * Int64(swing.long) / Int64(swing.long + swing.short)
        }
        return framesPerBeat * Int64(part - 1) / Int64(subdivision)
    }

    private func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}

extension Scorer {
    /// Scores note 38 on channel 10 at each frame and returns the scored hits.
    mutating func scoreSnare(at frames: [Int64], velocity: Int = 100) -> [ScoredHit] {
        frames.compactMap {
            if case .scored(let hit) = score(InputHit(frame: $0, note: 38, velocity: velocity, channel: 10)) { hit } else { nil }
        }
    }
}
