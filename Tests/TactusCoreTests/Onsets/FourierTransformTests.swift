import Foundation
import Testing
import TactusCore

@Suite struct FourierTransformTests {
    @Test func matchesTheDefinition() {
        let size = 64
        let signal: [Float] = (0..<size).map { (n: Int) -> Float in
            let x = Double(n)
            let spike: Double = n % 5 == 0 ? 0.5 : 0
            return Float(sin(x * 0.7) + 0.25 * cos(x * 2.1) + spike)
        }
        var real = signal
        var imaginary = [Float](repeating: 0, count: size)
        let transform = FourierTransform(size: size)
        real.withUnsafeMutableBufferPointer { re in imaginary.withUnsafeMutableBufferPointer { im in transform.forward(real: re, imaginary: im) } }
        var worst = 0.0
        for k in 0..<size {
            var re = 0.0, im = 0.0
            for n in 0..<size {
                let angle = -2 * Double.pi * Double(k * n) / Double(size)
                re += Double(signal[n]) * cos(angle)
                im += Double(signal[n]) * sin(angle)
            }
            worst = max(worst, abs(re - Double(real[k])), abs(im - Double(imaginary[k])))
        }
        #expect(worst < 1e-4)
    }

    @Test func anImpulseHasAFlatSpectrum() {
        var real = [Float](repeating: 0, count: 8)
        real[0] = 1
        var imaginary = [Float](repeating: 0, count: 8)
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in FourierTransform(size: 8).forward(real: re, imaginary: im) }
        }
        #expect(real == [1, 1, 1, 1, 1, 1, 1, 1])
        #expect(imaginary == [0, 0, 0, 0, 0, 0, 0, 0])
    }
}
