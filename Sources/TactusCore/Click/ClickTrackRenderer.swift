/// Renders a long click track block by block in bounded memory: clicks go in
/// in frame order, finished blocks come out (clipped) through `emit`. The
/// output is the same as `ClickTrack.render` over the whole range.
public struct ClickTrackRenderer {
    public let sound: ClickSound
    public let frames: Range<Int64>
    public let blockFrames: Int
    /// First frame of `buffer`.
    public private(set) var blockStart: Int64
    /// `blockFrames` plus room for a click's tail past the block.
    private var buffer: [Float]

    public init(sound: ClickSound, frames: Range<Int64>, blockFrames: Int = 1 << 16) {
        self.sound = sound
        self.frames = frames
        self.blockFrames = max(1, blockFrames)
        self.blockStart = frames.lowerBound
        self.buffer = [Float](repeating: 0, count: self.blockFrames + sound.longestClick)
    }

    /// Mixes in `click`. Clicks must come in non-decreasing frame order; a
    /// click earlier than the blocks already emitted keeps only what is left.
    public mutating func add<E: Error>(_ click: ClickEvent, emit: (UnsafeBufferPointer<Float>) throws(E) -> Void) throws(E) {
        while click.frame >= blockStart + Int64(blockFrames), blockStart < frames.upperBound {
            try emitBlock(emit)
        }
        guard click.frame < frames.upperBound else { return }
        buffer.withUnsafeMutableBufferPointer { buffer in
            ClickTrack.add(click.level, at: click.frame, sound: sound, into: buffer, startFrame: blockStart)
        }
    }

    /// Emits everything up to the end of `frames`.
    public mutating func finish<E: Error>(emit: (UnsafeBufferPointer<Float>) throws(E) -> Void) throws(E) {
        while blockStart < frames.upperBound {
            try emitBlock(emit)
        }
    }

    private mutating func emitBlock<E: Error>(_ emit: (UnsafeBufferPointer<Float>) throws(E) -> Void) throws(E) {
        let count = Int(min(Int64(blockFrames), frames.upperBound - blockStart))
        let blockFrames = blockFrames
        try buffer.withUnsafeMutableBufferPointer { (buffer) throws(E) in
            let block = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            ClickTrack.clip(block)
            try emit(UnsafeBufferPointer(block))
            // Carry the tails that reach into the next block to the front.
            let tail = buffer.count - blockFrames
            for index in 0..<tail {
                buffer[index] = buffer[blockFrames + index]
            }
            for index in tail..<buffer.count {
                buffer[index] = 0
            }
        }
        blockStart += Int64(count)
    }
}
