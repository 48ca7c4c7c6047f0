import Foundation
import Testing
import TactusTestSupport
@testable import TactusCore

@Suite struct PedalMapTests {
    static func map(_ json: String, file: String = "pedals.json") throws(SettingError) -> PedalMap {
        try PedalMap(json: Array(json.utf8), file: file)
    }

    static func error(_ json: String) -> String {
        do {
            _ = try map(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    static func binding(_ fields: String) -> String {
        #"{"bindings": [{"message": {"type": "cc", "channel": 1, "number": 80}, "#
            + fields + "}]}"
    }

    @Test func readsEveryField() throws {
        let map = try Self.map(#"""
            {"description": "test", "bindings": [
              {"message": {"type": "cc", "channel": 3, "number": 80, "min": 100}, "action": "tempo+", "amount": 2.5},
              {"message": {"type": "note", "channel": "any", "number": 36}, "action": "tempo-"},
              {"message": {"type": "program", "number": 7}, "action": "preset", "name": "Ballad"},
              {"message": {"type": "cc", "number": 81}, "action": "tempo-scale", "amount": 0.5}
            ]}
            """#)
        #expect(map.summary == "test")
        #expect(map.bindings == [
            PedalBinding(message: PedalMessage(kind: .cc, channel: 3, number: 80, minimum: 100), action: .tempoUp(milliBPM: 2_500)),
            PedalBinding(message: PedalMessage(kind: .note, channel: nil, number: 36), action: .tempoDown(milliBPM: 5_000)),
            PedalBinding(message: PedalMessage(kind: .program, channel: nil, number: 7), action: .preset(name: "Ballad")),
            PedalBinding(message: PedalMessage(kind: .cc, channel: nil, number: 81, minimum: 64), action: .tempoScale(factor: 0.5)),
        ])
        #expect(map.bindings.map(\.description) == [
            "cc 80 on channel 3 (min 100) → tempo+ 2.5",
            "note 36 on any channel → tempo- 5",
            "program 7 on any channel → preset 'Ballad'",
            "cc 81 on any channel (min 64) → tempo-scale 0.5",
        ])
    }

    @Test func everyActionNameReads() throws {
        for name in PedalAction.names {
            let extra = name == "preset" ? #", "name": "A""# : name == "tempo-scale" ? #", "amount": 2"# : ""
            let map = try Self.map(Self.binding(#""action": "\#(name)""# + extra))
            #expect(map.bindings.map(\.action.name) == [name])
        }
    }

    @Test func ccTriggersOncePerPressOnTheCrossing() throws {
        var map = try Self.map(Self.binding(#""action": "tap""#))
        // Channel 1 is status 0xB0. A sustain-style pedal: 127 on press, 0 on release.
        #expect(map.action(status: 0xB0, data1: 80, data2: 127) == .tap)
        #expect(map.action(status: 0xB0, data1: 80, data2: 127) == nil)
        #expect(map.action(status: 0xB0, data1: 80, data2: 0) == nil)
        #expect(map.action(status: 0xB0, data1: 80, data2: 127) == .tap)
        // A continuous pedal sweeping through the threshold triggers once.
        #expect(map.action(status: 0xB0, data1: 80, data2: 0) == nil)
        let sweep: [UInt8] = [10, 40, 63, 64, 90, 127, 100, 70, 64]
        #expect(sweep.compactMap { map.action(status: 0xB0, data1: 80, data2: $0) } == [.tap])
        // Dropping below and rising again triggers again.
        #expect(map.action(status: 0xB0, data1: 80, data2: 63) == nil)
        #expect(map.action(status: 0xB0, data1: 80, data2: 64) == .tap)
    }

    @Test func ccMinimumIsTheLeastTriggeringValue() throws {
        var map = try Self.map(#"{"bindings": [{"message": {"type": "cc", "channel": "any", "number": 4, "min": 100}, "action": "mark"}]}"#)
        #expect(map.action(status: 0xB5, data1: 4, data2: 99) == nil)
        #expect(map.action(status: 0xB5, data1: 4, data2: 100) == .mark)
    }

    @Test func ccStateIsKeptPerChannel() throws {
        var map = try Self.map(#"{"bindings": [{"message": {"type": "cc", "channel": "any", "number": 64}, "action": "tap"}]}"#)
        #expect(map.action(status: 0xB0, data1: 64, data2: 127) == .tap)
        // Channel 2 has its own previous value (still 0).
        #expect(map.action(status: 0xB1, data1: 64, data2: 127) == .tap)
        #expect(map.action(status: 0xB0, data1: 64, data2: 127) == nil)
        map.resetControllers()
        #expect(map.action(status: 0xB0, data1: 64, data2: 127) == .tap)
    }

    @Test func channelMustMatch() throws {
        var map = try Self.map(Self.binding(#""action": "tap""#))
        #expect(map.action(status: 0xB1, data1: 80, data2: 127) == nil)
        #expect(map.action(status: 0xB0, data1: 81, data2: 127) == nil)
        #expect(map.action(status: 0xB0, data1: 80, data2: 127) == .tap)
    }

    @Test func noteTriggersOnNoteOnWithVelocity() throws {
        var map = try Self.map(#"{"bindings": [{"message": {"type": "note", "channel": 10, "number": 36}, "action": "start-stop"}]}"#)
        #expect(map.action(status: 0x99, data1: 36, data2: 100) == .startStop)
        #expect(map.action(status: 0x99, data1: 36, data2: 0) == nil)  // note-on velocity 0 is a note-off
        #expect(map.action(status: 0x89, data1: 36, data2: 64) == nil)
        #expect(map.action(status: 0x98, data1: 36, data2: 100) == nil)  // channel 9
        #expect(map.action(status: 0x99, data1: 36, data2: 1) == .startStop)
    }

    @Test func programTriggersOnThatProgram() throws {
        var map = try Self.map(#"{"bindings": [{"message": {"type": "program", "channel": 1, "number": 3}, "action": "next-preset"}]}"#)
        #expect(map.action(status: 0xC0, data1: 3, data2: 0) == .nextPreset)
        #expect(map.action(status: 0xC0, data1: 3, data2: 0) == .nextPreset)
        #expect(map.action(status: 0xC0, data1: 4, data2: 0) == nil)
        #expect(map.action(status: 0xB0, data1: 3, data2: 127) == nil)
    }

    @Test func otherMessagesTriggerNothing() throws {
        var map = try Self.map(#"{"bindings": [{"message": {"type": "note", "number": 60}, "action": "tap"}]}"#)
        #expect(map.action(status: 0xF8, data1: 0, data2: 0) == nil)
        #expect(map.action(status: 0xE0, data1: 60, data2: 64) == nil)
        #expect(map.action(status: 0xA0, data1: 60, data2: 64) == nil)
    }

    @Test func badMessagesAreRefusedWithThePath() {
        let base = #"{"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap"}, "#
        func second(_ message: String, _ action: String = #""action": "mark""#) -> String {
            PedalMapTests.error(base + #"{"message": "# + message + ", " + action + "}]}")
        }
        #expect(second(#"{"type": "cc", "channel": 0, "number": 1}"#)
            == #"pedals.json: bindings[1].message.channel: expected 1–16 or "any", got 0"#)
        #expect(second(#"{"type": "cc", "channel": 17, "number": 1}"#)
            == #"pedals.json: bindings[1].message.channel: expected 1–16 or "any", got 17"#)
        #expect(second(#"{"type": "cc", "channel": "all", "number": 1}"#)
            == #"pedals.json: bindings[1].message.channel: expected 1–16 or "any", got 'all'"#)
        #expect(second(#"{"type": "cc", "channel": true, "number": 1}"#)
            == #"pedals.json: bindings[1].message.channel: expected 1–16 or "any""#)
        #expect(second(#"{"type": "cc", "channel": 2.5, "number": 1}"#)
            == #"pedals.json: bindings[1].message.channel: expected 1–16 or "any", got 2.5"#)
        #expect(second(#"{"type": "cc", "channel": null, "number": 1}"#) == "no error")
        #expect(second(#"{"type": "cc", "number": 128}"#)
            == "pedals.json: bindings[1].message.number: 128 is outside 0–127")
        #expect(second(#"{"type": "cc", "number": 1.5}"#)
            == "pedals.json: bindings[1].message.number: expected a whole number, got 1.5")
        #expect(second(#"{"type": "pitchbend", "number": 1}"#)
            == "pedals.json: bindings[1].message.type: unknown message type 'pitchbend' (expected note, cc or program)")
        #expect(second(#"{"type": "cc"}"#) == "pedals.json: bindings[1].message.number: missing; the controller number 0–127")
        #expect(second(#"{"number": 3}"#) == "pedals.json: bindings[1].message.type: missing; note, cc or program")
        #expect(second(#"{"type": "note", "number": 3, "min": 10}"#)
            == "pedals.json: bindings[1].message.min: only used by type 'cc'")
        #expect(second(#"{"type": "cc", "number": 3, "min": 0}"#)
            == "pedals.json: bindings[1].message.min: 0 is outside 1–127")
        #expect(second(#"{"type": "cc", "number": 3, "velocity": 1}"#)
            == "pedals.json: bindings[1].message.velocity: unknown field; expected one of type, channel, number, min")
        #expect(second(#""cc 3""#) == "pedals.json: bindings[1].message: expected an object {…}, found a string")
    }

    @Test func duplicateAndOverlappingBindingsAreRefused() {
        let first = #"{"bindings": [{"message": {"type": "cc", "channel": 2, "number": 80}, "action": "tap"}, "#
        #expect(Self.error(first + #"{"message": {"type": "cc", "channel": 2, "number": 80, "min": 10}, "action": "mark"}]}"#)
            == "pedals.json: bindings[1].message: cc 80 on channel 2 (min 10) is already bound in bindings[0] (cc 80 on channel 2 (min 64))")
        #expect(Self.error(first + #"{"message": {"type": "cc", "number": 80}, "action": "mark"}]}"#)
            == "pedals.json: bindings[1].message: cc 80 on any channel (min 64) is already bound in bindings[0] (cc 80 on channel 2 (min 64))")
        // Another channel, type or number is fine.
        #expect(Self.error(first + #"{"message": {"type": "cc", "channel": 3, "number": 80}, "action": "mark"}]}"#) == "no error")
        #expect(Self.error(first + #"{"message": {"type": "note", "channel": 2, "number": 80}, "action": "mark"}]}"#) == "no error")
    }

    @Test func badActionsAreRefusedWithThePath() {
        #expect(Self.error(Self.binding(#""action": "tapp""#))
            == "pedals.json: bindings[0].action: unknown action 'tapp' (expected one of tap, tempo+, tempo-, tempo-scale, start-stop, start, stop, next-preset, prev-preset, preset, mute-toggle, count-in, mark); did you mean 'tap'?")
        #expect(Self.error(#"{"bindings": [{"message": {"type": "cc", "number": 80}}]}"#)
            == "pedals.json: bindings[0].action: missing; one of tap, tempo+, tempo-, tempo-scale, start-stop, start, stop, next-preset, prev-preset, preset, mute-toggle, count-in, mark")
        #expect(Self.error(#"{"bindings": [{"action": "tap"}]}"#)
            == #"pedals.json: bindings[0].message: missing; the MIDI message, e.g. {"type": "cc", "number": 80}"#)
        #expect(Self.error(Self.binding(#""action": "tap", "amount": 5"#))
            == "pedals.json: bindings[0].amount: not used by action 'tap'")
        #expect(Self.error(Self.binding(#""action": "mark", "name": "x""#))
            == "pedals.json: bindings[0].name: not used by action 'mark'")
        #expect(Self.error(Self.binding(#""action": "preset""#))
            == "pedals.json: bindings[0].name: missing; the setlist preset to select")
        #expect(Self.error(Self.binding(#""action": "tempo-scale""#))
            == "pedals.json: bindings[0].amount: missing; the factor, e.g. 2 or 0.5")
        #expect(Self.error(Self.binding(#""action": "tempo-scale", "amount": 1"#))
            == "pedals.json: bindings[0].amount: factor 1 changes nothing; give e.g. 2 or 0.5")
        #expect(Self.error(Self.binding(#""action": "tempo-scale", "amount": 20"#))
            == "pedals.json: bindings[0].amount: factor 20 is outside 0.1–10")
        #expect(Self.error(Self.binding(#""action": "tempo+", "amount": 0"#))
            == "pedals.json: bindings[0].amount: 0 BPM is outside 0.001–380")
        #expect(Self.error(Self.binding(#""action": "tempo+", "amount": "5""#))
            == "pedals.json: bindings[0].amount: expected a number, found a string")
        #expect(Self.error(Self.binding(#""action": "tap", "repeat": true"#))
            == "pedals.json: bindings[0].repeat: unknown field; expected one of message, action, amount, name")
    }

    @Test func badDocumentsAreRefused() {
        #expect(Self.error("[]") == "pedals.json: expected a pedal map (a JSON object {…}) at the top level, found a list [...]")
        #expect(Self.error("{}") == #"pedals.json: bindings: missing; the list of {"message": …, "action": …} entries"#)
        #expect(Self.error(#"{"bindings": []}"#) == "pedals.json: bindings: empty; a pedal map needs at least one binding")
        #expect(Self.error(#"{"bindings": {}}"#) == "pedals.json: bindings: expected a list [...], found an object {…}")
        #expect(Self.error(#"{"bindings": [], "pedals": 2}"#)
            == "pedals.json: pedals: unknown field; expected one of description, bindings")
        #expect(Self.error("{\n  \"bindings\": [\n    {\"action\": \"tap\",}\n  ]\n}")
            == "pedals.json: line 3, column 22: expected a key in double quotes after ',', found '}' (a trailing comma?)")
        #expect(Self.error("") == "pedals.json: line 1, column 1: the file is empty; expected a JSON object")
    }

    @Test func everyShippedMapLoads() throws {
        let directory = Repository.url("Configs/pedals")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names == [
            "four-switch-cc.json", "note-footswitch.json", "program-pedalboard.json", "sustain-pedal.json",
            "two-switch-cc.json",
        ])
        var counts: [String: Int] = [:]
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(name)))
            counts[name] = try PedalMap(json: bytes, file: name).bindings.count
        }
        #expect(counts == [
            "four-switch-cc.json": 4, "note-footswitch.json": 5, "program-pedalboard.json": 6, "sustain-pedal.json": 1,
            "two-switch-cc.json": 2,
        ])
    }

    @Test func twoSwitchMapTapsAndStartsStops() throws {
        let url = Repository.url("Configs/pedals/two-switch-cc.json")
        var map = try PedalMap(json: [UInt8](Data(contentsOf: url)), file: "two-switch-cc.json")
        let presses: [(UInt8, UInt8)] = [(80, 127), (80, 0), (80, 127), (80, 0), (81, 127), (81, 0)]
        #expect(presses.compactMap { map.action(status: 0xB0, data1: $0.0, data2: $0.1) } == [.tap, .tap, .startStop])
    }
}
