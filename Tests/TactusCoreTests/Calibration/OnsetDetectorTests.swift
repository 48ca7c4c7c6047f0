import Testing
@testable import TactusCore

@Suite struct OnsetDetectorTests {
    /// Silence with a decaying click (alternating sign) starting at each index.
    func recording(length: Int, clicksAt starts: [Int], peak: Float = 0.8) -> [Float] {
        var samples = [Float](repeating: 0.001, count: length)
        for start in starts {
            var level = peak
            for index in start..<min(start + 200, length) {
                samples[index] = (index - start) % 2 == 0 ? level : -level
                level *= 0.97
            }
        }
        return samples
    }

    @Test func findsTheFirstLoudSampleOfEachClick() throws {
        let samples = recording(length: 10_000, clicksAt: [100, 2_345, 7_001])
        #expect(try OnsetDetector.onsets(in: samples, threshold: 0.1, holdOffSamples: 480) == [100, 2_345, 7_001])
    }

    @Test func holdOffNeedsThatManyQuietSamples() throws {
        // Loud at 10; quiet 11…19 (9 samples); loud at 20; quiet 21…30 (10); loud at 31.
        var samples = [Float](repeating: 0, count: 40)
        samples[10] = 0.5
        samples[20] = -0.5
        samples[31] = 0.5
        #expect(try OnsetDetector.onsets(in: samples, threshold: 0.5, holdOffSamples: 10) == [10, 31])
        #expect(try OnsetDetector.onsets(in: samples, threshold: 0.5, holdOffSamples: 9) == [10, 20, 31])
        // The threshold is inclusive; a sample just under it is quiet.
        samples[31] = 0.49999
        #expect(try OnsetDetector.onsets(in: samples, threshold: 0.5, holdOffSamples: 10) == [10])
        // The start of the recording counts as quiet; 10 now follows only 9 quiet samples.
        samples[0] = 0.9
        #expect(try OnsetDetector.onsets(in: samples, threshold: 0.5, holdOffSamples: 10) == [0])
    }

    @Test func blocksOfAnySizeGiveTheSameIndices() throws {
        let samples = recording(length: 12_000, clicksAt: [0, 511, 4_000, 9_999])
        let whole = try OnsetDetector.onsets(in: samples, threshold: 0.05, holdOffSamples: 450).map { Int64($0) }
        #expect(whole == [0, 4_000, 9_999])  // 511 follows only ~420 quiet samples
        for blockSize in [1, 7, 256, 1_000] {
            var detector = try OnsetDetector(threshold: 0.05, holdOffSamples: 450, firstIndex: 1_000_000)
            var found: [Int64] = []
            var start = 0
            while start < samples.count {
                found += detector.process(samples[start..<min(start + blockSize, samples.count)])
                start += blockSize
            }
            #expect(found == whole.map { $0 + 1_000_000 })
            #expect(detector.nextIndex == 1_012_000)
        }
    }

    @Test func badSettingsAreErrors() {
        #expect(throws: SettingError(field: "threshold", message: "must be a number above 0, got 0.0")) {
            try OnsetDetector(threshold: 0, holdOffSamples: 10)
        }
        #expect(throws: SettingError(field: "holdOff", message: "must be 0 or more samples, got -1")) {
            try OnsetDetector(threshold: 0.1, holdOffSamples: -1)
        }
    }
}
