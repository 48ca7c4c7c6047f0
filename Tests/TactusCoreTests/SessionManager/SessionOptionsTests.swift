import Testing
@testable import TactusCore

@Suite struct SessionOptionsTests {
    func read(_ text: String) throws(SettingError) -> SessionOptions {
        try SessionOptions(json: Array(text.utf8), file: "session.json")
    }

    @Test func everyFieldAndNone() throws {
        #expect(try read(#"{"oscPort": 7770, "oscAddress": "0.0.0.0", "transport": "follow"}"#)
            == SessionOptions(oscPort: 7770, oscAddress: "0.0.0.0", followsTransport: true))
        #expect(try read("{}") == SessionOptions())
        #expect(try read(#"{"transport": "off"}"#) == SessionOptions())
    }

    @Test func wrongValuesAreNamed() {
        #expect(throws: SettingError(file: "session.json", field: "oscPort", message: "0 is outside 1–65535")) { try read(#"{"oscPort": 0}"#) }
        #expect(throws: SettingError(file: "session.json", field: "transport", message: "expected follow or off, got 'master'")) {
            try read(#"{"transport": "master"}"#)
        }
        #expect(throws: SettingError(
            file: "session.json", field: "osc",
            message: "unknown field; expected one of oscPort, oscAddress, transport")) { try read(#"{"osc": 1}"#) }
    }
}
