import Foundation

/// An in-place radix-2 decimation-in-time FFT of one power-of-two size, with
/// its twiddle factors and bit-reversal table computed once.
public struct FourierTransform: Hashable, Sendable {
    /// Points in a transform: a power of two from 2 to 2^20.
    public let size: Int
    /// The twiddle factors of the stages from the third on, each stage's in
    /// order: the stage joining halves of `span` points starts at `span` − 4.
    private let cosines: [Float]
    private let sines: [Float]
    private let reversed: [Int32]

    /// - Precondition: `size` is a power of two from 2 to 2^20.
    public init(size: Int) {
        precondition(size >= 2 && size <= 1 << 20 && size & (size - 1) == 0, "FourierTransform: size must be a power of two from 2 to 2^20")
        self.size = size
        var cosines: [Float] = [], sines: [Float] = []
        var span = 4
        while span < size {
            for offset in 0..<span {
                let angle = Double.pi * Double(offset) / Double(span)
                cosines.append(Float(cos(angle)))
                sines.append(Float(-sin(angle)))
            }
            span *= 2
        }
        self.cosines = cosines
        self.sines = sines
        let bits = size.trailingZeroBitCount
        reversed = (0..<size).map { index in
            var value = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { value |= 1 << (bits - 1 - bit) }
            return Int32(value)
        }
    }

    /// Replaces (`real`, `imaginary`) by its forward transform
    /// X[k] = Σ x[n]·e^(−2πikn/size).
    /// - Precondition: both buffers hold `size` values.
    public func forward(real: UnsafeMutableBufferPointer<Float>, imaginary: UnsafeMutableBufferPointer<Float>) {
        precondition(real.count == size && imaginary.count == size, "FourierTransform: buffers must hold size values")
        reversed.withUnsafeBufferPointer { reversed in
            for index in 0..<size {
                let other = Int(reversed[index])
                if other > index {
                    real.swapAt(index, other)
                    imaginary.swapAt(index, other)
                }
            }
        }
        /// Joins `top` with `bottom` already multiplied by its twiddle
        /// factor (`re`, `im`): their sum at `top`, difference at `bottom`.
        @inline(__always) func butterfly(_ top: Int, _ bottom: Int, _ re: Float, _ im: Float) {
            real[bottom] = real[top] - re
            imaginary[bottom] = imaginary[top] - im
            real[top] += re
            imaginary[top] += im
        }
        // The first two stages' twiddle factors are 1 and −i: no product.
        var start = 0
        while start < size {
            butterfly(start, start + 1, real[start + 1], imaginary[start + 1])
            start += 2
        }
        if size >= 4 {
            start = 0
            while start < size {
                butterfly(start, start + 2, real[start + 2], imaginary[start + 2])
                butterfly(start + 1, start + 3, imaginary[start + 3], -real[start + 3])
                start += 4
            }
        }
        cosines.withUnsafeBufferPointer { cosines in
            sines.withUnsafeBufferPointer { sines in
                var span = 4
                while span < size {
                    let twiddles = span - 4
                    var start = 0
                    while start < size {
                        for offset in 0..<span {
                            let c = cosines[twiddles + offset]
                            let s = sines[twiddles + offset]
                            let bottom = start + offset + span
                            butterfly(
                                start + offset, bottom,
                                real[bottom] * c - imaginary[bottom] * s, real[bottom] * s + imaginary[bottom] * c)
                        }
                        start += 2 * span
                    }
                    span *= 2
                }
            }
        }
    }
}
