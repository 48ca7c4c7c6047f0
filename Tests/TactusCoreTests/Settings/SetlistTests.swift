import Foundation
import Testing
import TactusTestSupport
@testable import TactusCore

@Suite struct SetlistTests {
    static func setlist(_ json: String) throws(SettingError) -> Setlist {
        try Setlist(json: Array(json.utf8), file: "gig.json")
    }

    static func error(_ json: String) -> String {
        do {
            _ = try setlist(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    static func presets(_ entries: String) -> String {
        #"{"name": "Gig", "presets": ["# + entries + "]}"
    }

    static let threeSongs = presets(#"{"name": "Warm-up", "bpm": 80}, {"name": "Ballad", "bpm": 66, "meter": "6/8"}, {"name": "Shuffle", "bpm": 112}"#)

    @Test func presetsAreConfigsWithNames() throws {
        let setlist = try Self.setlist(Self.presets(#"""
            {"name": "Warm-up", "bpm": 80, "meter": "4/4", "subdivision": 2, "accents": "Xxxx", "sound": "woodblock", "countIn": 1, "bars": 32},
            {"name": "Builder", "ramp": {"from": 90, "to": 120, "bars": 16}, "gap": {"play": 4, "mute": 2},
             "tempoMap": [{"bar": 17, "meter": "3/4"}], "durationSeconds": 300}
            """#))
        #expect(setlist.name == "Gig")
        #expect(setlist.presets == [
            SetlistPreset(name: "Warm-up", config: PracticeConfig(
                bpm: Tempo(bpm: 80), meter: .fourFour, subdivision: 2, accents: AccentPattern(parsing: "Xxxx"), countIn: 1,
                bars: 32, sound: "woodblock")),
            SetlistPreset(name: "Builder", config: PracticeConfig(
                durationSeconds: 300, ramp: TempoRamp(from: Tempo(bpm: 90), to: Tempo(bpm: 120), bars: 16),
                gap: GapPattern(playBars: 4, muteBars: 2), tempoMap: [TempoChange(bar: 17, meter: Meter(beats: 3, noteValue: 4))])),
        ])
    }

    @Test func nextAndPreviousAreClamped() throws {
        let setlist = try Self.setlist(Self.threeSongs)
        #expect(setlist.index(after: 0) == 1)
        #expect(setlist.index(after: 1) == 2)
        #expect(setlist.index(after: 2) == 2)
        #expect(setlist.index(before: 2) == 1)
        #expect(setlist.index(before: 0) == 0)
        #expect(setlist.index(after: 7) == 2)
        #expect(setlist.index(before: -3) == 0)
        #expect(Setlist(name: "empty", presets: []).index(after: 0) == 0)
    }

    @Test func selectionIgnoresCase() throws {
        let setlist = try Self.setlist(Self.threeSongs)
        #expect(try setlist.index(named: "ballad") == 1)
        #expect(try setlist.index(named: " SHUFFLE ") == 2)
        #expect(throws: SetlistSelectionError(name: "Balad", setlist: "Gig", available: ["Warm-up", "Ballad", "Shuffle"])) {
            try setlist.index(named: "Balad")
        }
        #expect(SetlistSelectionError(name: "Balad", setlist: "Gig", available: ["Warm-up", "Ballad", "Shuffle"]).description
            == "no preset 'Balad' in setlist 'Gig'; presets: Warm-up, Ballad, Shuffle. Did you mean 'Ballad'?")
        #expect(SetlistSelectionError(name: "Encore", setlist: "Gig", available: ["Warm-up", "Ballad"]).description
            == "no preset 'Encore' in setlist 'Gig'; presets: Warm-up, Ballad.")
    }

    @Test func pedalPresetActionsAreCheckedAgainstTheSetlist() throws {
        let setlist = try Self.setlist(Self.threeSongs)
        let map = try PedalMap(json: Array(#"""
            {"bindings": [
              {"message": {"type": "program", "number": 0}, "action": "preset", "name": "BALLAD"},
              {"message": {"type": "program", "number": 1}, "action": "preset", "name": "Encore"},
              {"message": {"type": "program", "number": 2}, "action": "next-preset"}]}
            """#.utf8), file: "p.json")
        #expect(setlist.missingPresets(in: map) == ["Encore"])
    }

    @Test func presetValuesAreCheckedLikeAConfig() {
        #expect(Self.error(Self.presets(#"{"name": "A", "bpm": 80}, {"name": "B", "bpm": 500}"#))
            == "gig.json: presets[1].bpm: 500 is outside 20–400")
        #expect(Self.error(Self.presets(#"{"name": "A", "meter": "7/8", "accents": "Xxx"}"#))
            == "gig.json: presets[0].accents: 'Xxx' has 3 marks; a bar of 7/8 needs 7")
        #expect(Self.error(Self.presets(#"{"name": "A", "tempoMap": [{"bar": 0, "bpm": 90}]}"#))
            == "gig.json: presets[0].tempoMap[0].bar: must be 1 or later")
        #expect(Self.error(Self.presets(#"{"name": "A", "bpm": 90, "ramp": {"from": 80, "to": 90, "bars": 4}}"#))
            == "gig.json: presets[0].ramp: give bpm or ramp, not both; the ramp starts at its 'from' tempo")
    }

    @Test func presetFieldsAreReadLikeAConfig() {
        #expect(Self.error(Self.presets(#"{"name": "A", "bmp": 80}"#))
            == "gig.json: presets[0].bmp: unknown field (did you mean 'bpm'?); expected one of name, \(PracticeConfig.fieldNames.joined(separator: ", "))")
        #expect(Self.error(Self.presets(#"{"name": "A", "bpm": "fast"}"#))
            == "gig.json: presets[0].bpm: expected a number, found a string")
        #expect(Self.error(Self.presets(#"{"name": "A", "gap": {"play": 4}}"#))
            == "gig.json: presets[0].gap.mute: missing; bars without the click")
        #expect(Self.error(Self.presets(#"{"name": "A", "meter": "4/3"}"#))
            == "gig.json: presets[0].meter: expected a meter N/D like 7/8, got '4/3'")
    }

    @Test func namesAreRequiredAndUnique() {
        #expect(Self.error(Self.presets(#"{"bpm": 80}"#)) == "gig.json: presets[0].name: missing; every preset needs a name")
        #expect(Self.error(Self.presets(#"{"name": "  ", "bpm": 80}"#)) == "gig.json: presets[0].name: empty; every preset needs a name")
        #expect(Self.error(Self.presets(#"{"name": 3}"#)) == "gig.json: presets[0].name: expected a string, found a number")
        #expect(Self.error(Self.presets(#"{"name": "Ballad"}, {"name": "Intro"}, {"name": "ballad "}"#))
            == "gig.json: presets[2].name: 'ballad ' is already the name of presets[0]")
    }

    @Test func badDocumentsAreRefused() {
        #expect(Self.error(#"{"presets": [{"name": "A"}]}"#) == "gig.json: name: missing; the setlist's name")
        #expect(Self.error(#"{"name": "Gig"}"#) == #"gig.json: presets: missing; the list of presets, each {"name": …, "bpm": …}"#)
        #expect(Self.error(#"{"name": "Gig", "presets": []}"#) == "gig.json: presets: empty; a setlist needs at least one preset")
        #expect(Self.error(#"{"name": "Gig", "presets": [{"name": "A"}], "songs": []}"#)
            == "gig.json: songs: unknown field; expected one of name, presets")
        #expect(Self.error(#"{"name": "Gig", "presets": [{"name": "A"},]}"#)
            == "gig.json: line 1, column 43: expected a value after ',', found ']' (a trailing comma?)")
        #expect(Self.error("[]") == "gig.json: expected a setlist (a JSON object {…}) at the top level, found a list [...]")
    }

    @Test func theExampleSetlistLoads() throws {
        let url = Repository.url("Configs/setlists/example.json")
        let setlist = try Setlist(json: [UInt8](Data(contentsOf: url)), file: "example.json")
        #expect(setlist.name == "Example practice set")
        #expect(setlist.presets.map(\.name) == ["Warm-up", "Ballad", "Seven", "Speed builder"])
        #expect(try setlist.presets.map { try $0.config.timelineSpec().tempo } == [
            Tempo(bpm: 80), Tempo(bpm: 60), Tempo(bpm: 133), Tempo(bpm: 90),
        ])
    }
}
