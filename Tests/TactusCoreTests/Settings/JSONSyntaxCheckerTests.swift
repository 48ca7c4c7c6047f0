import Testing
@testable import TactusCore

@Suite struct JSONSyntaxCheckerTests {
    func check(_ text: String) -> JSONSyntaxError? {
        do {
            try JSONSyntaxChecker.check(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func strictJSONPasses() {
        #expect(check(#"{"a": [1, -2.5e3, 0, true, false, null, "x\"\u00e9\n"], "b": {}, "c": []}"#) == nil)
        #expect(check("\u{FEFF}{\"é\": \"ü\"}") == nil)
        #expect(check("  [ ]  \n") == nil)
    }

    @Test func errorsAtLineAndColumn() {
        #expect(check("{\n  \"bpm\": 120,\n  meter: \"7/8\"\n}") == JSONSyntaxError(line: 3, column: 3, message: "expected a key in double quotes after ',', found 'm' (a trailing comma?)"))
        #expect(check("{\n  \"bpm\": 120,\n}") == JSONSyntaxError(line: 3, column: 1, message: "expected a key in double quotes after ',', found '}' (a trailing comma?)"))
        #expect(check("{\"a\": 1 \"b\": 2}") == JSONSyntaxError(line: 1, column: 9, message: "expected ',' or '}' after a value, found '\"'"))
        #expect(check("{\"a\": [1, 2,]}") == JSONSyntaxError(line: 1, column: 13, message: "expected a value after ',', found ']' (a trailing comma?)"))
        #expect(check("{\"a\": fast}") == JSONSyntaxError(line: 1, column: 7, message: "expected a value, found 'f' (strings need double quotes)"))
        #expect(check("{\"a\": 'x'}") == JSONSyntaxError(line: 1, column: 7, message: "expected a value, found '''"))
        #expect(check("{\"a\": 1e999}") == JSONSyntaxError(line: 1, column: 7, message: "the number 1e999 is too large"))
        #expect(check("{\"a\": 012}") == JSONSyntaxError(line: 1, column: 8, message: "a number may not start with 0"))
        #expect(check("{\"a\": 1.}") == JSONSyntaxError(line: 1, column: 9, message: "expected a digit after '.', found '}'"))
        #expect(check("{\"a\": \"x\n\"}") == JSONSyntaxError(line: 1, column: 9, message: "the string is not closed before the end of the line"))
        #expect(check("{\"a\": \"\\q\"}") == JSONSyntaxError(line: 1, column: 9, message: "unknown escape \\q in a string"))
        #expect(check("{\"a\": 1} x") == JSONSyntaxError(line: 1, column: 10, message: "unexpected 'x' after the end of the JSON value"))
        #expect(check("{\"a\": 1") == JSONSyntaxError(line: 1, column: 8, message: "expected ',' or '}' after a value, found the end of the file"))
        #expect(check("") == JSONSyntaxError(line: 1, column: 1, message: "the file is empty; expected a JSON object"))
        #expect(check("{\"é\": 1,\n \"ü\": \u{1}}") == JSONSyntaxError(line: 2, column: 7, message: "expected a value, found byte 0x1"))
    }

    @Test func duplicateKeysAreRefused() {
        #expect(check("{\"bpm\": 120,\n \"meter\": \"4/4\",\n \"bpm\": 90}") == JSONSyntaxError(line: 3, column: 2, message: "duplicate key \"bpm\""))
        #expect(check("{\"a\": {\"b\": 1}, \"c\": {\"b\": 2}}") == nil)
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONSyntaxError(line: 1, column: 8, message: "the file is not UTF-8 text")) {
            try JSONSyntaxChecker.check(Array("{\"a\": \"".utf8) + [0xFF] + Array("\"}".utf8))
        }
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(check(deep) == JSONSyntaxError(line: 1, column: 129, message: "nested more than 128 levels deep"))
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 99)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tfnrul"\x"#.utf8) + [0x0A, 0xC3, 0xA9]
        var passed = 0
        for _ in 0..<20_000 {
            let bytes = (0..<(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            if (try? JSONSyntaxChecker.check(bytes)) != nil { passed += 1 }
        }
        #expect(passed > 0)
    }
}
