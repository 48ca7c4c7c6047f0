import Foundation
import Testing
@testable import TactusCore

/// Every JSON file kind says what is wrong in the same words: the file, the
/// field's path, what was expected and what was found (null included) — or,
/// for the file as a whole, what kind of file it should be.
@Suite struct DecodingProblemTests {
    static func config(_ json: String) -> String {
        do {
            _ = try PracticeConfig(json: Array(json.utf8))
            return "read"
        } catch {
            return error.description
        }
    }

    static func pedalMap(_ json: String) -> String {
        do {
            _ = try PedalMap(json: Array(json.utf8), file: "pedals.json")
            return "read"
        } catch {
            return error.description
        }
    }

    static func setlist(_ json: String) -> String {
        do {
            _ = try Setlist(json: Array(json.utf8), file: "gig.json")
            return "read"
        } catch {
            return error.description
        }
    }

    static func state(_ json: String) -> String {
        do {
            _ = try PracticeState(json: Array(json.utf8), file: "state.json")
            return "read"
        } catch {
            return error.description
        }
    }

    static func calibration(_ json: String) -> String {
        do {
            _ = try CalibrationStore.decode(Data(json.utf8), file: "calibration.json")
            return "read"
        } catch {
            return error.description
        }
    }

    static func report(_ json: String) -> String {
        do {
            _ = try PracticeReport.decode(Data(json.utf8), file: "r.json")
            return "read"
        } catch {
            return error.description
        }
    }

    /// A real report's JSON with `key` at the top level set to `value`.
    static func reportJSON(_ key: String, _ value: Any) throws -> String {
        let text = try SampleSession.run().report.jsonText()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object[key] = value
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func practiceConfig() {
        // null stands for a setting left out, where one may be left out.
        #expect(Self.config(#"{"bpm": null}"#) == "read")
        #expect(Self.config(#"{"tempoMap": [{"bar": null, "bpm": 90}]}"#) == "tempoMap[0].bar: found null; the bar the change starts at")
        #expect(Self.config(#"{"tempoMap": [null]}"#) == "tempoMap[0]: expected an object {…}, found null")
        #expect(Self.config(#"{"accents": [1, null]}"#) == "accents: expected a string, found a list [...]")
        #expect(Self.config(#"{"bpm": "fast"}"#) == "bpm: expected a number, found a string")
        #expect(Self.config("null") == "expected a practice config (a JSON object {…}), found null")
        #expect(Self.config("3") == "expected a practice config (a JSON object {…}) at the top level, found a number")
    }

    @Test func pedalMapIsCalledAPedalMap() {
        #expect(Self.pedalMap(#"{"bindings": null}"#) == #"pedals.json: bindings: found null; the list of {"message": …, "action": …} entries"#)
        #expect(Self.pedalMap(#"{"bindings": [null]}"#) == "pedals.json: bindings[0]: expected an object {…}, found null")
        #expect(Self.pedalMap(#"{"bindings": [{"message": {"type": "cc", "number": null}, "action": "tap"}]}"#)
            == "pedals.json: bindings[0].message.number: found null; the controller number 0–127")
        #expect(Self.pedalMap(#""tap""#) == "pedals.json: expected a pedal map (a JSON object {…}) at the top level, found a string")
    }

    @Test func setlist() {
        #expect(Self.setlist(#"{"name": null, "presets": []}"#) == "gig.json: name: found null; the setlist's name")
        #expect(Self.setlist(#"{"name": "Gig", "presets": [null]}"#) == "gig.json: presets[0]: expected an object {…}, found null")
        #expect(Self.setlist("[]") == "gig.json: expected a setlist (a JSON object {…}) at the top level, found a list [...]")
    }

    @Test func practiceState() {
        #expect(Self.state(#"{"schema": "tactus.state/1", "bpm": null}"#) == "read")
        #expect(Self.state(#"{"schema": "tactus.state/1", "bpm": "90"}"#) == "state.json: bpm: expected a number, found a string")
        #expect(Self.state("[]") == "state.json: expected the practice state (a JSON object {…}) at the top level, found a list [...]")
    }

    @Test func calibrationStore() {
        #expect(Self.calibration(#"{"devices": {"kit": {"latencyMs": null, "method": "tap", "measuredAt": "2025-03-01T10:00:00Z"}}}"#)
            == #"calibration.json: devices["kit"].latencyMs: expected a number, found null"#)
        #expect(Self.calibration(#"{"devices": null}"#) == "calibration.json: devices: expected an object {…}, found null")
    }

    /// `summary` is an object; a string there is not "expected a list".
    @Test func reportSaysWhatEachFieldIs() throws {
        #expect(Self.report(try Self.reportJSON("summary", "good")) == "r.json: summary: expected an object {…}, found a string")
        #expect(Self.report(try Self.reportJSON("summary", NSNull())) == "r.json: summary: expected an object {…}, found null")
        #expect(Self.report(try Self.reportJSON("hits", "none")) == "r.json: hits: expected a list [...], found a string")
        #expect(Self.report("[]") == "r.json: expected a tactus report (a JSON object {…}) at the top level, found a list [...]")
    }

    @Test func numbersTooLargeAreSaidInWords() {
        #expect(DecodingProblem.corrupted("Parsed JSON number <1e999> does not fit in Double.")
            == "expected a number, found 1e999, which does not fit")
        #expect(DecodingProblem.found(in: "Expected to decode Double but found a string instead.") == "a string")
        #expect(DecodingProblem.expected([String: Int].self) == "an object {…}")
        #expect(DecodingProblem.expected([Int].self) == "a list [...]")
    }
}
