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

@Suite struct RealFourierTransformTests {
    /// Bins 0 to size/2 of the definition's sums, of real samples.
    static func definition(_ signal: [Float]) -> (real: [Double], imaginary: [Double]) {
        let size = signal.count
        var real: [Double] = [], imaginary: [Double] = []
        for k in 0...size / 2 {
            var re = 0.0, im = 0.0
            for n in 0..<size {
                let angle = -2 * Double.pi * Double(k * n) / Double(size)
                re += Double(signal[n]) * cos(angle)
                im += Double(signal[n]) * sin(angle)
            }
            real.append(re)
            imaginary.append(im)
        }
        return (real, imaginary)
    }

    static func transform(_ signal: [Float]) -> (real: [Float], imaginary: [Float]) {
        let size = signal.count
        var even = stride(from: 0, to: size, by: 2).map { signal[$0] }
        var odd = stride(from: 1, to: size, by: 2).map { signal[$0] }
        var real = [Float](repeating: 0, count: size / 2 + 1)
        var imaginary = real
        even.withUnsafeMutableBufferPointer { even in
            odd.withUnsafeMutableBufferPointer { odd in
                real.withUnsafeMutableBufferPointer { re in
                    imaginary.withUnsafeMutableBufferPointer { im in
                        RealFourierTransform(size: size).forward(even: even, odd: odd, real: re, imaginary: im)
                    }
                }
            }
        }
        return (real, imaginary)
    }

    @Test(arguments: [4, 8, 64, 512])
    func matchesTheDefinition(size: Int) {
        let signal: [Float] = (0..<size).map { (n: Int) -> Float in
            let x = Double(n)
            let spike: Double = n % 5 == 0 ? 0.5 : 0
            return Float(sin(x * 0.7) + 0.25 * cos(x * 2.1) + spike)
        }
        let expected = Self.definition(signal)
        let found = Self.transform(signal)
        var worst = 0.0
        for k in 0...size / 2 {
            worst = max(worst, abs(expected.real[k] - Double(found.real[k])), abs(expected.imaginary[k] - Double(found.imaginary[k])))
        }
        #expect(worst < 1e-3 * Double(size).squareRoot())
    }

    @Test func anImpulseOnAnOddSampleTurnsItsPhase() {
        // x[1] = 1: X[k] = e^(−2πik/8), bins 0 to 4 of 8.
        let found = Self.transform([0, 1, 0, 0, 0, 0, 0, 0])
        let root = Float(0.5).squareRoot()
        let real: [Float] = [1, root, 0, -root, -1]
        let imaginary: [Float] = [0, -root, -1, -root, 0]
        for k in 0...4 {
            #expect(abs(found.real[k] - real[k]) < 1e-6)
            #expect(abs(found.imaginary[k] - imaginary[k]) < 1e-6)
        }
    }
}
