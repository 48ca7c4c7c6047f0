/// Offline mixing of clicks into a mono buffer: each click's first sample
/// lands exactly on its frame; overlapping clicks add up, and the sum is
/// clipped to [-1, 1].
public enum ClickTrack {
    /// The audio of `frames`. Clicks that start before `frames` still add
    /// their tails; parts outside `frames` are left out.
    public static func render(_ clicks: some Sequence<ClickEvent>, sound: ClickSound, frames: Range<Int64>) -> [Float] {
        var output = [Float](repeating: 0, count: Int(max(0, frames.upperBound - frames.lowerBound)))
        output.withUnsafeMutableBufferPointer { buffer in
            for click in clicks {
                add(click.level, at: click.frame, sound: sound, into: buffer, startFrame: frames.lowerBound)
            }
            clip(buffer)
        }
        return output
    }

    /// Adds the click for `level` starting at `frame` into `buffer`, whose
    /// first sample is frame `startFrame`; what falls outside is dropped.
    public static func add(_ level: ClickLevel, at frame: Int64, sound: ClickSound, into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
        sound.buffers[level.rawValue].withUnsafeBufferPointer { click in
            let offset = frame - startFrame
            let first = max(0, -offset)
            let last = min(Int64(click.count), Int64(buffer.count) - offset)
            guard first < last else { return }
            for index in Int(first)..<Int(last) {
                buffer[Int(offset) + index] += click[index]
            }
        }
    }

    /// Clips every sample to [-1, 1].
    public static func clip(_ buffer: UnsafeMutableBufferPointer<Float>) {
        for index in buffer.indices {
            buffer[index] = min(1, max(-1, buffer[index]))
        }
    }
}
