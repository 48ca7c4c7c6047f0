extension Collection<Float> {
    /// Calls `body` with the samples in one buffer: their own storage when
    /// they have it (an array, a slice, a buffer), else a copy. Work done
    /// sample by sample through a generic collection is several times slower.
    func withContiguousSamples<Result>(_ body: (UnsafeBufferPointer<Float>) -> Result) -> Result {
        withContiguousStorageIfAvailable(body) ?? Array(self).withUnsafeBufferPointer(body)
    }
}
