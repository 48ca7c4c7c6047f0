import Testing
@testable import TactusCore

@Suite struct JSONNodeTests {
    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONNode.parse(Array(text.utf8))
    }

    static func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func parsesValuesWithTheirOffsets() throws {
        let node = try Self.parse(#" {"a": [1, -2.5e1, true, null], "b": "x\"\u00e9\ud834\udd1e"}"#)
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(node.offset == 1)
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].value.offset == 7)
        #expect(members[0].value.value == .array([
            JSONNode(value: .number(1), offset: 8), JSONNode(value: .number(-25), offset: 11),
            JSONNode(value: .bool(true), offset: 19), JSONNode(value: .null, offset: 25),
        ]))
        #expect(members[1].value.value == .string("x\"é𝄞"))
    }

    @Test func refusesBadSyntaxNamingTheByte() {
        #expect(Self.failure(#"{"a": 1,}"#) == "byte 8 (line 1): expected a field name in double quotes")
        #expect(Self.failure(#"{"a" 1}"#) == "byte 5 (line 1): expected ':' after field name 'a'")
        #expect(Self.failure("[1 2]") == "byte 3 (line 1): expected ',' or ']' in array")
        #expect(Self.failure("{\"a\": 1, \"a\": 2}") == "byte 9 (line 1): field 'a' appears twice")
        #expect(Self.failure("01") == "byte 1 (line 1): unexpected text after the JSON value")
        #expect(Self.failure("1.") == "byte 0 (line 1): invalid number: digits must follow '.'")
        #expect(Self.failure("1e999") == "byte 0 (line 1): number 1e999 is out of range")
        #expect(Self.failure("tru") == "byte 0 (line 1): expected 'true'")
        #expect(Self.failure("\"abc") == "byte 0 (line 1): unterminated string")
        #expect(Self.failure("\"a\nb\"") == "byte 2 (line 1): control character in string (write it as an escape)")
        #expect(Self.failure(#""\x""#) == #"byte 1 (line 1): unknown escape '\x'"#)
        #expect(Self.failure(#""\ud834""#) == #"byte 1 (line 1): unpaired surrogate in \u escape"#)
        #expect(Self.failure("\n\n  @") == "byte 4 (line 3): unexpected character '@', expected a value")
        #expect(Self.failure(String(repeating: "[", count: 100)) == "byte 65 (line 1): nested more than 64 levels deep")
    }

    @Test func invalidUTF8InAStringIsRefused() {
        #expect(throws: JSONSyntaxError(offset: 0, line: 1, message: "string is not valid UTF-8")) {
            try JSONNode.parse([0x22, 0xFF, 0x22])
        }
    }

    @Test func truncatedDocumentsNeverCrash() {
        let text = Array(#"{"bindings": [{"message": {"type": "cc", "number": 80}, "action": "tap", "amount": -1.5e+2}]}"#.utf8)
        var failures = 0
        for length in 0..<text.count {
            if (try? JSONNode.parse(Array(text[..<length]))) == nil { failures += 1 }
        }
        #expect(failures == text.count)
        #expect((try? JSONNode.parse(text)) != nil)
    }
}
