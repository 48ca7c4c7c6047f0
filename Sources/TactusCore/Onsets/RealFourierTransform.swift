import Foundation

/// The forward transform of `size` real samples, by a complex transform of
/// half the size: the even samples as the real parts, the odd ones as the
/// imaginary parts, the two halves' spectra then told apart and joined.
/// Half the work of transforming the samples with zero imaginary parts.
public struct RealFourierTransform: Hashable, Sendable {
    /// Samples in a transform: a power of two from 4 to 2^21.
    public let size: Int
    private let half: FourierTransform
    private let cosines: [Float]
    private let sines: [Float]

    /// - Precondition: `size` is a power of two from 4 to 2^21.
    public init(size: Int) {
        precondition(size >= 4 && size <= 1 << 21 && size & (size - 1) == 0, "RealFourierTransform: size must be a power of two from 4 to 2^21")
        self.size = size
        half = FourierTransform(size: size / 2)
        cosines = (0...size / 2).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        sines = (0...size / 2).map { Float(sin(2 * Double.pi * Double($0) / Double(size))) }
    }

    /// Bins 0 to `size`/2 of X[k] = Σ x[n]·e^(−2πikn/size) into `real` and
    /// `imaginary`, from the samples x[2n] in `even[n]` and x[2n + 1] in
    /// `odd[n]` (both overwritten).
    /// - Precondition: `even` and `odd` hold `size`/2 values, `real` and
    ///   `imaginary` `size`/2 + 1.
    public func forward(
        even: UnsafeMutableBufferPointer<Float>, odd: UnsafeMutableBufferPointer<Float>,
        real: UnsafeMutableBufferPointer<Float>, imaginary: UnsafeMutableBufferPointer<Float>
    ) {
        let halfSize = size / 2
        precondition(
            even.count == halfSize && odd.count == halfSize && real.count == halfSize + 1 && imaginary.count == halfSize + 1,
            "RealFourierTransform: buffers of the wrong size")
        half.forward(real: even, imaginary: odd)
        cosines.withUnsafeBufferPointer { cosines in
            sines.withUnsafeBufferPointer { sines in
                for k in 0...halfSize {
                    // Z[k] = a + ib and Z[halfSize - k] = c + id (Z is periodic).
                    let a = even[k == halfSize ? 0 : k], b = odd[k == halfSize ? 0 : k]
                    let mirror = k == 0 ? 0 : halfSize - k
                    let c = even[mirror], d = odd[mirror]
                    // The even samples' spectrum, and the odd samples'.
                    let evenRe = (a + c) / 2, evenIm = (b - d) / 2
                    let oddRe = (b + d) / 2, oddIm = (c - a) / 2
                    let cosine = cosines[k], sine = sines[k]
                    real[k] = evenRe + cosine * oddRe + sine * oddIm
                    imaginary[k] = evenIm + cosine * oddIm - sine * oddRe
                }
            }
        }
    }
}
