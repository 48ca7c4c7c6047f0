import Testing
@testable import TactusCore
import TactusTestSupport

@Suite struct LoopbackCalibrationTests {
    let sent: [Int64] = frames(from: 1_000, every: 24_000, count: 16)

    @Test func knownDelayIsRecoveredExactly() throws {
        for delay: Int64 in [0, 1, 128, 517, 3_000] {
            let result = try LoopbackCalibration(maxDelayFrames: 4_800).measure(
                sentFrames: sent, detectedFrames: sent.map { $0 + delay })
            #expect(result.delayFrames == Double(delay))
            #expect(result.jitterFrames == 0)
            #expect(result.rangeFrames == 0)
            #expect(result.delays.count == 16)
        }
    }

    @Test func lostClicksAndNoiseAreLeftOut() throws {
        // Clicks 3 and 9 do not come back; a noise onset before the first click,
        // one between clicks and a double trigger 40 frames after click 5's echo.
        var detected = sent.enumerated().filter { $0.offset != 3 && $0.offset != 9 }.map { $0.element + 517 }
        detected += [10, 50_000, sent[5] + 557]
        let result = try LoopbackCalibration(maxDelayFrames: 4_800).measure(sentFrames: sent, detectedFrames: detected.reversed())
        #expect(result.delays == Array(repeating: 517, count: 14))
        #expect(result.unmatchedClicks == 2)
        #expect(result.extraOnsets == 3)
        #expect(result.delayFrames == 517)
        #expect(result.delayMs(sampleRate: 48_000) == 517_000.0 / 48_000)
    }

    @Test func jitterIsTheSpreadOfTheDelays() throws {
        // Delays 500, 502, 500, 502, …: median halfway, jitter the sample SD.
        let detected = sent.enumerated().map { $0.element + 500 + Int64($0.offset % 2) * 2 }
        let result = try LoopbackCalibration(maxDelayFrames: 4_800).measure(sentFrames: sent, detectedFrames: detected)
        #expect(result.delayFrames == 501)
        #expect(result.rangeFrames == 2)
        // 16 values at ±1 from the mean: variance 16/15.
        #expect(result.jitterFrames == (16.0 / 15.0).squareRoot())
    }

    @Test func detectorAndLoopbackTogether() throws {
        let delay = 731
        var audio = [Float](repeating: 0, count: 400_000)
        for click in sent {
            for index in 0..<100 { audio[Int(click) + delay + index] = 0.6 * Float(100 - index) / 100 }
        }
        let onsets = try OnsetDetector.onsets(in: audio, threshold: 0.05, holdOffSamples: 1_000).map { Int64($0) }
        let result = try LoopbackCalibration(maxDelayFrames: 4_800).measure(sentFrames: sent, detectedFrames: onsets)
        #expect(result.delayFrames == Double(delay))
    }

    @Test func tooFewEchoesOrCrowdedClicksAreErrors() {
        #expect(throws: SettingError(
            field: "detectedFrames",
            message: "only 2 of 16 clicks came back within 4800 frames (4 needed); check the loopback cable, the input port and the threshold")) {
            try LoopbackCalibration(maxDelayFrames: 4_800).measure(sentFrames: sent, detectedFrames: [sent[0] + 5, sent[1] + 5])
        }
        #expect(throws: SettingError(
            field: "sentFrames",
            message: "clicks 24000 frames apart are not further apart than the 30000-frame longest delay; space the clicks further apart")) {
            try LoopbackCalibration(maxDelayFrames: 30_000).measure(sentFrames: sent, detectedFrames: sent)
        }
    }
}
