import Foundation
import Testing
import TactusTestSupport
@testable import TactusCore

@Suite struct PracticeConfigTests {
    func load(_ text: String) throws(SettingError) -> PracticeConfig {
        try PracticeConfig(json: Array(text.utf8))
    }

    func problem(_ text: String) -> String? {
        do {
            let config = try load(text)
            _ = try config.timelineSpec()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func everyFieldIsRead() throws {
        let config = try load("""
            {"bpm": 97.5, "meter": "7/8", "beatUnit": "8", "subdivision": 2, "accents": "X.x.x..", "countIn": 1,
             "bars": 64, "sampleRate": 44100, "sound": "bell", "gap": {"play": 4, "mute": 2},
             "tempoMap": [{"bar": 9, "bpm": 120, "meter": "3/4", "beatUnit": "4", "rampBars": 2}], "latencyMs": 12.5}
            """)
        #expect(config == PracticeConfig(
            bpm: Tempo(milliBPM: 97_500), meter: Meter(beats: 7, noteValue: 8), beatUnit: .eighth, subdivision: 2,
            accents: AccentPattern(parsing: "X.x.x.."), countIn: 1, bars: 64, sampleRate: 44_100, sound: "bell",
            gap: GapPattern(playBars: 4, muteBars: 2),
            tempoMap: [TempoChange(bar: 9, tempo: Tempo(milliBPM: 120_000), meter: Meter(beats: 3, noteValue: 4), beatUnit: .quarter, rampBars: 2)],
            latencyMs: 12.5))
    }

    @Test func encodingRoundTrips() throws {
        let config = try load("""
            {"ramp": {"from": 80, "to": 140, "bars": 32}, "meter": "6/8", "beatUnit": "4.", "durationSeconds": 90,
             "tempoMap": [{"bar": 40, "bpm": 100}]}
            """)
        let encoded = try JSONEncoder().encode(config)
        #expect(try PracticeConfig(json: Array(encoded)) == config)
    }

    @Test func specFromRampAndTempoMap() throws {
        let config = try load("""
            {"ramp": {"from": 80, "to": 140, "bars": 32}, "countIn": 2, "tempoMap": [{"bar": 33, "meter": "3/4"}]}
            """)
        #expect(try config.timelineSpec() == TimelineSpec(
            sampleRate: 48_000, tempo: Tempo(milliBPM: 80_000), meter: .fourFour, countInBars: 2,
            changes: [TempoChange(bar: 1, tempo: Tempo(milliBPM: 140_000), rampBars: 32), TempoChange(bar: 33, meter: Meter(beats: 3, noteValue: 4))]))
    }

    @Test func defaults() throws {
        #expect(try load("{}").timelineSpec() == TimelineSpec(sampleRate: 48_000, tempo: Tempo(milliBPM: 120_000)))
    }

    @Test func flagsWinOverTheFile() throws {
        let file = try load(#"{"bpm": 100, "bars": 8, "meter": "7/8", "ramp": null}"#)
        let ramp = TempoRamp(from: Tempo(milliBPM: 90_000), to: Tempo(milliBPM: 120_000), bars: 4)
        let merged = file.overridden(by: PracticeConfig(durationSeconds: 30, ramp: ramp))
        #expect(merged == PracticeConfig(meter: Meter(beats: 7, noteValue: 8), durationSeconds: 30, ramp: ramp))
        #expect(merged.givenFields == ["meter", "durationSeconds", "ramp"])
        #expect(file.overridden(by: PracticeConfig(bpm: Tempo(milliBPM: 90_000))).bpm == Tempo(milliBPM: 90_000))
    }

    // MARK: - Reading errors

    @Test func brokenJSONNamesLineAndColumn() {
        #expect(problem("{\n  \"bpm\": 120\n  \"meter\": \"7/8\"\n}") == "line 3, column 3: expected ',' or '}' after a value, found '\"'")
    }

    @Test func unknownFieldsAreRefused() {
        #expect(problem(#"{"bmp": 120}"#) == "bmp: unknown field (did you mean 'bpm'?); expected one of \(PracticeConfig.fieldNames.joined(separator: ", "))")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "tempo": 120}]}"#) == "tempoMap[0].tempo: unknown field; expected one of bar, bpm, meter, beatUnit, rampBars, accents")
        #expect(problem(#"{"gap": {"play": 4, "mutes": 2}}"#) == "gap.mutes: unknown field (did you mean 'mute'?); expected one of play, mute")
    }

    @Test func wrongTypesNameTheField() {
        #expect(problem(#"{"bpm": "fast"}"#) == "bpm: expected a number, found a string")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "bpm": 1}, {"bar": true}]}"#) == "tempoMap[1].bar: expected a number, found a boolean")
        #expect(problem(#"{"tempoMap": {"bar": 9}}"#) == "tempoMap: expected a list [...], found an object {…}")
        #expect(problem(#"{"gap": [4, 2]}"#) == "gap: expected an object {…}, found a list [...]")
        #expect(problem("[1]") == "expected a practice config (a JSON object {…}) at the top level, found a list [...]")
        #expect(problem(#"{"bars": 1.5}"#) == "bars: expected a whole number, got 1.5")
        #expect(problem(#"{"meter": "7-8"}"#) == "meter: expected a meter N/D like 7/8, got '7-8'")
        #expect(problem(#"{"beatUnit": "3"}"#) == "beatUnit: expected a beat unit 2, 4, 8, 16 or dotted 4., 8., got '3'")
        #expect(problem(#"{"accents": "X-x"}"#) == "accents: expected accents of X (accent), x (beat), o (soft) and . (silent) like X.x., got 'X-x'")
        #expect(problem(#"{"ramp": {"from": 80, "to": 140}}"#) == "ramp.bars: missing; how many bars the ramp takes")
        #expect(problem(#"{"bpm": 1e300}"#) == "bpm: 1e+300 is outside 20–400")
    }

    // MARK: - Validation

    @Test func valuesOutOfRange() {
        #expect(problem(#"{"bpm": 500}"#) == "bpm: 500 is outside 20–400")
        #expect(problem(#"{"bpm": 19.5}"#) == "bpm: 19.5 is outside 20–400")
        #expect(problem(#"{"subdivision": 7}"#) == "subdivision: must be 1, 2, 3, 4, 5, 6 or 8, got 7")
        #expect(problem(#"{"countIn": 65}"#) == "countIn: 65 bars is outside 0–64")
        #expect(problem(#"{"bars": 0}"#) == "bars: 0 is outside 1–100000")
        #expect(problem(#"{"durationSeconds": -1}"#) == "durationSeconds: -1.0 seconds is outside 0.001–86400")
        #expect(problem(#"{"sampleRate": 4000}"#) == "sampleRate: 4000 is outside 8000–384000 Hz")
        #expect(problem(#"{"sound": ""}"#) == "sound: empty; give a voice name or a .wav file")
        #expect(problem(#"{"gap": {"play": 0, "mute": 2}}"#) == "gap.play: 0 bars is outside 1–1000")
        #expect(problem(#"{"ramp": {"from": 80, "to": 800, "bars": 4}}"#) == "ramp.to: 800 is outside 20–400")
        #expect(problem(#"{"latencyMs": 5000}"#) == "latencyMs: 5000.0 is outside -1000–1000 ms")
    }

    @Test func meterAndBeatUnitMustFit() {
        #expect(problem(#"{"meter": "33/4"}"#) == "meter: expected a meter N/D like 7/8, got '33/4'")
        #expect(problem(#"{"meter": "7/8", "beatUnit": "4"}"#) == "beatUnit: a bar of 7/8 does not hold a whole number of 4 beats")
        #expect(problem(#"{"meter": "6/8", "beatUnit": "4."}"#) == nil)
    }

    @Test func accentsMustFitTheBar() {
        #expect(problem(#"{"meter": "7/8", "accents": "X.x"}"#) == "accents: 'X.x' has 3 marks; a bar of 7/8 needs 7")
        #expect(problem(#"{"meter": "4/4", "subdivision": 2, "accents": "X.x"}"#) == "accents: 'X.x' has 3 marks; a bar of 4/4 needs 4 (or 8, one per pulse at subdivision 2)")
        #expect(problem(#"{"meter": "6/8", "accents": "Xx"}"#) == nil)
    }

    @Test func exclusiveSettings() {
        #expect(problem(#"{"bars": 8, "durationSeconds": 60}"#) == "durationSeconds: give bars or durationSeconds, not both")
        #expect(problem(#"{"bpm": 90, "ramp": {"from": 80, "to": 140, "bars": 32}}"#) == "ramp: give bpm or ramp, not both; the ramp starts at its 'from' tempo")
    }

    @Test func tempoMapOrder() {
        #expect(problem(#"{"tempoMap": [{"bar": 9, "bpm": 120}, {"bar": 9, "bpm": 90}]}"#) == "tempoMap[1].bar: must be after bar 9")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "bpm": 120, "rampBars": 8}, {"bar": 12, "bpm": 90}]}"#) == "tempoMap[1].bar: must be at or after bar 17, where the ramp from bar 9 ends")
        #expect(problem(#"{"tempoMap": [{"bar": 0, "bpm": 120}]}"#) == "tempoMap[0].bar: must be 1 or later")
        #expect(problem(#"{"ramp": {"from": 80, "to": 140, "bars": 32}, "tempoMap": [{"bar": 20, "bpm": 90}]}"#) == "tempoMap[0].bar: must be at or after bar 33, where the ramp ends")
        #expect(problem(#"{"tempoMap": [{"bar": 9}]}"#) == "tempoMap[0]: changes nothing; give bpm, meter, beatUnit or accents")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "meter": "5/4", "rampBars": 4}]}"#) == "tempoMap[0].bpm: missing; a ramp needs the tempo it ramps to")
        #expect(problem(#"{"tempoMap": [{"bar": 1000000000, "bpm": 90}]}"#) == "tempoMap[0].bar: 1000000000 is beyond bar 100000")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "bpm": 401}]}"#) == "tempoMap[0].bpm: 401 is outside 20–400")
        #expect(problem(#"{"tempoMap": [{"bar": 9, "meter": "7/8", "beatUnit": "4"}]}"#) == "tempoMap[0].beatUnit: a bar of 7/8 does not hold a whole number of 4 beats")
    }

    // MARK: - The examples

    static let configsFolder = Repository.url("Configs")

    static var exampleNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: configsFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func everyFeatureHasAnExample() {
        #expect(Set(Self.exampleNames).isSuperset(of: [
            "basic-4-4.json", "odd-7-8.json", "compound-6-8.json", "ramp.json", "gap-click.json", "tempo-map.json", "accents.json",
            "speed-trainer.json", "random-mute.json",
        ]))
    }

    @Test(arguments: exampleNames)
    func exampleIsValid(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.configsFolder.appendingPathComponent(name)))
        let config = try PracticeConfig(json: bytes)
        let timeline = try Timeline(spec: config.timelineSpec())
        #expect(config.bars != nil || config.durationSeconds != nil, "\(name) says how long to play")
        #expect(timeline.frame(ofBar: 2) > timeline.originFrame)
    }
}
