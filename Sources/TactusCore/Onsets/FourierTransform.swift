import Foundation

/// An in-place radix-2 decimation-in-time FFT of one power-of-two size, with
/// its twiddle factors and bit-reversal table computed once.
public struct FourierTransform: Hashable, Sendable {
    /// Points in a transform: a power of two from 2 to 2^20.
    public let size: Int
    private let cosines: [Float]
    private let sines: [Float]
    private let reversed: [Int32]

    /// - Precondition: `size` is a power of two from 2 to 2^20.
    public init(size: Int) {
        precondition(size >= 2 && size <= 1 << 20 && size & (size - 1) == 0, "FourierTransform: size must be a power of two from 2 to 2^20")
        self.size = size
        let half = size / 2
        cosines = (0..<half).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<half).map { Float(-sin(2 * Double.pi * Double($0) / Double(size))) }
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
        for index in 0..<size {
            let other = Int(reversed[index])
            if other > index {
                real.swapAt(index, other)
                imaginary.swapAt(index, other)
            }
        }
        var span = 1
        while span < size {
            let step = size / (2 * span)
            var start = 0
            while start < size {
                for offset in 0..<span {
                    let c = cosines[offset * step]
                    let s = sines[offset * step]
                    let top = start + offset
                    let bottom = top + span
                    let re = real[bottom] * c - imaginary[bottom] * s
                    let im = real[bottom] * s + imaginary[bottom] * c
                    real[bottom] = real[top] - re
                    imaginary[bottom] = imaginary[top] - im
                    real[top] += re
                    imaginary[top] += im
                }
                start += 2 * span
            }
            span *= 2
        }
    }
}
