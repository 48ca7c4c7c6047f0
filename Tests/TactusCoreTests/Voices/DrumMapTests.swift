import Foundation
import Testing
import TactusCore
import TactusTestSupport

@Suite struct DrumMapTests {
    @Test func generalMIDINamesTheKitOnChannel10() {
        let map = DrumMap.generalMIDI
        let named = [35, 36, 37, 38, 40, 42, 44, 46, 49, 51, 53, 41, 45, 48].map { map.voice(note: $0, channel: 10) ?? "-" }
        #expect(named == [
            "kick", "kick", "snare", "snare", "snare", "hi-hat", "hi-hat", "hi-hat", "crash", "ride", "ride", "tom-floor", "tom-mid",
            "tom-high",
        ])
        #expect(map.articulation(note: 40, channel: 10) == "rim")
        #expect(map.articulation(note: 53, channel: 10) == "bell")
        #expect(map.articulation(note: 38, channel: 10) == nil)
        // Off the map, or on another channel: a voice of its own; an audio stroke: none.
        #expect(map.voice(note: 60, channel: 10) == "note 60")
        #expect(map.voice(note: 36, channel: 1) == "note 36")
        #expect(map.voice(note: 0, channel: 0) == nil)
        #expect(map.voices == ["kick", "snare", "hi-hat", "ride", "crash", "tom-high", "tom-mid", "tom-floor"])
    }

    static func error(_ json: String) -> String {
        do {
            _ = try DrumMap(json: Array(json.utf8), file: "kit.json", name: "kit")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aMapFileNamesItsNotesAndRefusesWhatCannotBe() throws {
        let map = try DrumMap(json: Array("""
            {"description": "two pads", "channel": "any",
             "notes": [{"note": 48, "voice": "snare", "articulation": "rim"}, {"note": 20, "voice": "kick"}]}
            """.utf8), file: "kit.json", name: "kit")
        #expect(map.name == "kit")
        #expect(map.channel == nil)
        #expect(map.entries == [DrumMap.Entry(note: 20, voice: "kick"), DrumMap.Entry(note: 48, voice: "snare", articulation: "rim")])
        #expect(map.voice(note: 48, channel: 3) == "snare")
        #expect(Self.error(#"{"channel": 10, "notes": [{"note": 36, "voice": "kick"}, {"note": 36, "voice": "snare"}]}"#)
            == "kit.json: notes[1].note: note 36 is already in notes[0]")
        #expect(Self.error(#"{"channel": 10, "notes": [{"note": 128, "voice": "kick"}]}"#)
            == "kit.json: notes[0].note: 128 is outside 0–127")
        #expect(Self.error(#"{"notes": [{"note": 36, "voice": "kick"}]}"#)
            == "kit.json: channel: missing; the channel the drums play on, 1–16, or \"any\"")
        #expect(Self.error(#"{"channel": 17, "notes": [{"note": 36, "voice": "kick"}]}"#)
            == "kit.json: channel: expected 1–16 or \"any\", got 17")
        #expect(Self.error(#"{"channel": 10, "notes": [{"note": 36, "voice": "note 5"}]}"#)
            == "kit.json: notes[0].voice: 'note 5' cannot name a voice (empty, or taken by notes off the map)")
        #expect(Self.error(#"{"channel": 10, "notes": [{"note": 36, "voic": "kick"}]}"#)
            == "kit.json: notes[0].voic: unknown field (did you mean 'voice'?); expected one of note, voice, articulation")
        #expect(Self.error(#"{"channel": 10, "notes": []}"#)
            == #"kit.json: notes: empty; a drum map names at least one note, or splits the keys ("split": 60)"#)
    }

    /// A keyboard split between the hands: notes below the split key are
    /// the left hand, the rest the right; a note the map names stays its own.
    @Test func aSplitMapsTheHandsOfAKeyboard() throws {
        let map = try DrumMap(json: Array(#"{"channel": "any", "notes": [{"note": 36, "voice": "kick"}], "split": 60}"#.utf8), file: "keys.json", name: "keys")
        #expect(map.voices == ["kick", "left hand", "right hand"])
        #expect([36, 59, 60, 84].map { map.voice(note: $0, channel: 1) } == ["kick", "left hand", "right hand", "right hand"])
        let data = try JSONEncoder().encode(map)
        #expect(try JSONDecoder().decode(DrumMap.self, from: data) == map)
        #expect(Self.error(#"{"channel": 1, "notes": [], "split": 128}"#) == "kit.json: split: 128 is outside 1–127")
    }

    /// The shipped maps load, and each names the kick, the snare and the hi-hat.
    @Test func everyShippedMapLoads() throws {
        let directory = Repository.url("Configs/drum-maps")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == ["alesis-nitro.json", "roland-td17.json", "yamaha-dtx502.json"])
        for name in names {
            let map = try DrumMap(
                json: [UInt8](Data(contentsOf: directory.appendingPathComponent(name))), file: name, name: String(name.dropLast(5)))
            #expect(map.channel == 10)
            #expect(Array(map.voices.prefix(3)) == ["kick", "snare", "hi-hat"], "\(name)")
            #expect(map.voices.allSatisfy(DrumMap.kitOrder.contains), "\(name)")
        }
    }

    @Test func aReportKeepsAMapOtherThanGeneralMIDIs() throws {
        var settings = ReportSettings(tempo: Tempo(bpm: 120), meter: .fourFour, scoring: ScoringSettings(), sampleRate: 48_000)
        let plain = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        #expect(!plain.contains("drumMap"))
        settings.drumMap = DrumMap(name: "kit", channel: nil, entries: [DrumMap.Entry(note: 20, voice: "kick", articulation: "head")])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(settings)
        #expect(String(decoding: data, as: UTF8.self).contains(#""drumMap":{"channel":null,"name":"kit","notes":[{"articulation":"head","note":20,"voice":"kick"}]}"#))
        #expect(try JSONDecoder().decode(ReportSettings.self, from: data).drumMap == settings.drumMap)
    }
}
