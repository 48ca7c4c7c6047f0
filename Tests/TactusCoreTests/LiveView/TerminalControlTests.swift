import Testing
@testable import TactusCore

@Suite struct TerminalControlTests {
    @Test func redrawOverwritesInPlace() {
        #expect(TerminalControl.redraw(["ab", "c"]) == "\u{1B}[Hab\u{1B}[K\r\nc\u{1B}[K\u{1B}[J")
        #expect(TerminalControl.redraw(["1", "2", "3"], rows: 2) == "\u{1B}[H1\u{1B}[K\r\n2\u{1B}[K\u{1B}[J")
        #expect(TerminalControl.redraw([]) == "\u{1B}[H\u{1B}[J")
    }

    @Test func entryAndExit() {
        #expect(TerminalControl.entrySequence == "\u{1B}[?1049h\u{1B}[?25l")
        #expect(TerminalControl.exitSequence == "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() {
        #expect(TerminalControl.usesColor(environment: ["TERM": "xterm-256color"], isTerminal: true))
        #expect(!TerminalControl.usesColor(environment: ["TERM": "xterm-256color"], isTerminal: false))
        #expect(!TerminalControl.usesColor(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(TerminalControl.usesColor(environment: ["NO_COLOR": ""], isTerminal: true))
        #expect(!TerminalControl.usesColor(environment: ["TERM": "dumb"], isTerminal: true))
    }
}
