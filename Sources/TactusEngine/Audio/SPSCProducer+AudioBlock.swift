extension SPSCProducer where Element == AudioBlock {
    /// Pushes one audio input's samples of a cycle, the first at absolute
    /// frame `frame`, in blocks of up to `AudioBlock.capacity` stamped with
    /// `source`, each made in `block`; returns how many samples a full ring
    /// refused (from the first refused block to the cycle's end). Both
    /// drivers cut their input with it.
    /// Realtime: copies the samples; wait-free.
    @_noLocks @_noAllocation
    public mutating func push(
        _ samples: UnsafeBufferPointer<Float>, at frame: Int64, source: Int, through block: inout AudioBlock
    ) -> Int {
        guard let base = samples.baseAddress else { return 0 }
        let capacity = block.capacity
        var start = 0
        while start < samples.count {
            let left = samples.count &- start
            let count = left < capacity ? left : capacity
            block.frame = frame &+ Int64(start)
            block.count = count
            block.source = source
            AudioBlock.copy(into: &block.samples, from: base + start, count: count)
            if !push(&block) { return samples.count &- start }
            start &+= count
        }
        return 0
    }
}

extension AudioBlock {
    /// Realtime: copies `count` samples to `destination`'s bytes.
    @_noLocks @_noAllocation
    static func copy(into destination: UnsafeMutableRawPointer, from samples: UnsafePointer<Float>, count: Int) {
        destination.copyMemory(from: samples, byteCount: count &* 4)
    }
}
