import Testing
@testable import TactusCore

/// Mutated and random files must give either audio or a `WAVError` inside the
/// file, never a crash.
@Suite struct WAVFuzzTests {
    @Test func mutatedFilesNeverCrash() throws {
        var random = SplitMix64(seed: 0x5EED)
        let seeds: [[UInt8]] = try [
            WAVFile(sampleRate: 48_000, channelCount: 1, format: .pcm16, samples: [0, 0.5, -0.5]).bytes(),
            WAVFile(sampleRate: 44_100, channelCount: 2, format: .pcm24, samples: [0.1, 0.2, 0.3, 0.4]).bytes(),
            WAVFile(sampleRate: 96_000, channelCount: 1, format: .float32, samples: [1, -1]).bytes(),
            WAVFile(sampleRate: 8_000, channelCount: 2, format: .float64, samples: [0.5, 0.5]).bytes(),
            WAVFile(sampleRate: 22_050, channelCount: 1, format: .pcm32, samples: [0.25]).bytes(),
        ]
        var read = 0
        var refused = 0
        for round in 0..<100_000 {
            var bytes = seeds[round % seeds.count]
            switch random.next() % 6 {
            case 0: // flip bytes
                for _ in 0...(random.next() % 4) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1: // truncate
                bytes.removeLast(Int(random.next() % UInt64(bytes.count + 1)))
            case 2: // a wild chunk or field size
                let at = Int(random.next() % UInt64(bytes.count - 3))
                let size = [0, 1, 0x7FFF_FFFF, 0xFFFF_FFFF, UInt32(truncatingIfNeeded: random.next())][Int(random.next() % 5)]
                for index in 0..<4 { bytes[at + index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
            case 3: // insert bytes
                let at = Int(random.next() % UInt64(bytes.count + 1))
                bytes.insert(contentsOf: (0..<(random.next() % 9)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
            case 4: // duplicate a slice
                let from = Int(random.next() % UInt64(bytes.count))
                let to = from + Int(random.next() % UInt64(bytes.count - from))
                bytes += bytes[from..<to]
            default: // noise behind a valid RIFF/WAVE start
                bytes = Array(bytes.prefix(12)) + (0..<(random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            do {
                let file = try WAVFile(bytes: bytes)
                #expect(file.samples.count == file.frameCount * file.channelCount)
                #expect((1...2).contains(file.channelCount))
                #expect(file.frameCount * file.channelCount * file.format.bytesPerSample <= bytes.count)
                read += 1
            } catch {
                #expect((0...bytes.count).contains(error.offset))
                refused += 1
            }
        }
        #expect(read > 10_000)
        #expect(refused > 10_000)
    }
}
