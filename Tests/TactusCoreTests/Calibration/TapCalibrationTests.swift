import Foundation
import Testing
@testable import TactusCore

@Suite struct TapCalibrationTests {
    /// Four settling taps, then `latency` plus each jitter value.
    func taps(latency: Double, jitter: [Double], settling: [Double] = [-200, 150, 90, -60]) -> [Double] {
        settling + jitter.map { latency + $0 }
    }

    let symmetric: [Double] = (0..<4).flatMap { _ in [-3.0, -2, -1, 0, 1, 2, 3] }

    @Test(arguments: [23.456789, -7.25, 0, 101.03125])
    func knownLatencyIsRecovered(latency: Double) throws {
        // Three outliers among 28 steady taps.
        var offsets = taps(latency: latency, jitter: symmetric)
        offsets.insert(latency + 40, at: 9)
        offsets.insert(latency - 35, at: 20)
        offsets.append(latency + 100)
        let result = try TapCalibration().measure(offsetsMs: offsets)
        #expect(abs(result.latencyMs - latency) < 1e-9)
        #expect(result.rejectedTaps == [9, 20, 34])
        #expect(result.usedTaps.count == 28)
        #expect(result.usedTaps.first == 4)
        // |jitter|: four 0s, eight each of 1, 2, 3: median 2.
        #expect(abs(result.madMs - 2) < 1e-9)
        // Sum of squares 4 · 28 = 112 over 27.
        #expect(abs(result.sdMs - (112.0 / 27).squareRoot()) < 1e-9)
        #expect(result.quality == .good)
        #expect(result.verdict == "spread 2.0 ms: good (3 of 31 taps left out)")
    }

    @Test func skewedJitterKeepsTheMedian() throws {
        // The mean would be pulled 0.18 ms late; the median stays on 12.5.
        // |jitter| has median 0.5, so nothing is further than the 1.5 ms limit.
        let jitter: [Double] = (0..<6).flatMap { _ in [-1, 0, 0, 0.5, 1.4] }
        let result = try TapCalibration().measure(offsetsMs: taps(latency: 12.5, jitter: jitter))
        #expect(result.latencyMs == 12.5)
        #expect(result.rejectedTaps.isEmpty)
    }

    @Test func wholeMillisecondTapsAreNotRejected() throws {
        let offsets = taps(latency: 12, jitter: Array(repeating: 0, count: 20) + Array(repeating: 1, count: 8))
        let result = try TapCalibration().measure(offsetsMs: offsets)
        #expect(result.rejectedTaps.isEmpty)
        #expect(result.latencyMs == 12)
        #expect(result.madMs == 0)
    }

    @Test func scatteredTapsAreJudged() throws {
        let wide: [Double] = (0..<4).flatMap { _ in [-24.0, -16, -8, 0, 8, 16, 24] }
        let poor = try TapCalibration().measure(offsetsMs: taps(latency: 30, jitter: wide))
        #expect(poor.quality == .poor)
        #expect(poor.verdict == "spread 16.3 ms: tap again, more steadily")
        let medium = try TapCalibration().measure(offsetsMs: taps(latency: 30, jitter: wide.map { $0 / 2.5 }))
        #expect(medium.quality == .fair)
        #expect(medium.verdict == "spread 6.5 ms: usable; tapping again may give a closer value")
    }

    @Test func tooFewTapsOrBadValuesAreErrors() {
        #expect(throws: SettingError(
            field: "taps", message: "11 taps are too few: 12 are needed (the first 4 only settle in); tap along again")) {
            try TapCalibration().measure(offsetsMs: Array(repeating: 5, count: 11))
        }
        #expect(throws: SettingError(field: "taps[6]", message: "nan is not a number of milliseconds")) {
            var offsets = Array(repeating: 5.0, count: 32)
            offsets[6] = .nan
            return try TapCalibration().measure(offsetsMs: offsets)
        }
    }

    @Test func resultsGoIntoTheStore() throws {
        let date = Date(timeIntervalSince1970: 1_740_823_200)
        let result = try TapCalibration().measure(offsetsMs: taps(latency: 9.5, jitter: symmetric))
        #expect(result.deviceCalibration(measuredAt: date) == DeviceCalibration(
            latencyMs: 9.5, method: .tap, measuredAt: date, spreadMs: result.sdMs))
        let loop = LoopbackResult(delays: [480, 480, 482, 482], unmatchedClicks: 0, extraOnsets: 0)
        let entry = loop.deviceCalibration(sampleRate: 48_000, measuredAt: date)
        #expect(entry.latencyMs == 481_000.0 / 48_000)
        #expect(entry.method == .loopback)
    }
}
