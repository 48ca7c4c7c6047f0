import Foundation
import Testing
@testable import TactusCore

@Suite struct LiveKeyTests {
    @Test func plainKeys() {
        #expect(LiveKey.keys(in: Array(" +-tnpmq".utf8)) == [
            .startStop, .tempoUp, .tempoDown, .tap, .nextPreset, .previousPreset, .mute, .quit,
        ])
        #expect(LiveKey.keys(in: Array("=_TNPMQ".utf8)) == [.tempoUp, .tempoDown, .tap, .nextPreset, .previousPreset, .mute, .quit])
        #expect(LiveKey.keys(in: Array("xyz1\r\n".utf8)).isEmpty)
        #expect(LiveKey(byte: 0x03) == .quit)
    }

    @Test func arrowsActAndOtherSequencesAreSkippedWhole() {
        let up: [UInt8] = [0x1B, 0x5B, 0x41], down: [UInt8] = [0x1B, 0x5B, 0x42]
        let right: [UInt8] = [0x1B, 0x4F, 0x43], left: [UInt8] = [0x1B, 0x5B, 0x44]
        #expect(LiveKey.keys(in: up + down + right + left) == [.tempoUp, .tempoDown, .nextPreset, .previousPreset])
        // F5 (ESC [ 1 5 ~) and Ctrl+Up (ESC [ 1 ; 5 A) hold bytes that are keys on their own.
        let f5: [UInt8] = [0x1B, 0x5B, 0x31, 0x35, 0x7E]
        let ctrlUp: [UInt8] = [0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x41]
        #expect(LiveKey.keys(in: f5 + Array("t".utf8) + ctrlUp) == [.tap, .tempoUp])
        // F1 (ESC O P) is not "previous preset".
        #expect(LiveKey.keys(in: [0x1B, 0x4F, 0x50]).isEmpty)
        // Alt+m: the m acts.
        #expect(LiveKey.keys(in: [0x1B, UInt8(ascii: "m")]) == [.mute])
    }

    @Test func escapeAloneQuitsAndCutSequencesAreDropped() {
        #expect(LiveKey.keys(in: [0x1B]) == [.quit])
        #expect(LiveKey.keys(in: Array("t".utf8) + [0x1B, 0x5B, 0x31]) == [.tap])
    }

    /// Every key is in the legend once, under the names of its first bytes.
    @Test func theLegendNamesEveryKeyOnce() {
        let listed = LiveKey.legend.flatMap(\.keys)
        #expect(Set(listed) == Set(LiveKey.allCases) && listed.count == LiveKey.allCases.count)
        #expect(LiveKey.legend.map(\.short) == ["space start/stop", "+/- tempo", "t tap", "n/p preset", "m mute", "q quit"])
        for entry in LiveKey.legend {
            #expect(entry.short.hasPrefix(entry.keys.map(\.name).joined(separator: "/") + " "), "\(entry.short)")
        }
    }

    /// The key table of docs/live-practice.md names every binding (a
    /// capital letter being its small one in the other case).
    @Test func theDocsKeyTableNamesEveryBinding() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/live-practice.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table = try #require(text.components(separatedBy: "| Key | Action |").dropFirst().first?.components(separatedBy: "\n\n").first)
        let arrows: [UInt8: String] = [0x41: "↑", 0x42: "↓", 0x43: "→", 0x44: "←"]
        for key in LiveKey.allCases {
            for byte in key.bindings.bytes where !(0x41...0x5A).contains(byte) {
                let name = byte == 0x20 ? "space" : byte == 0x03 ? "Ctrl-C" : "`\(Character(UnicodeScalar(byte)))`"
                #expect(table.contains(name), "\(key): \(name)")
            }
            if let arrow = key.bindings.arrow { #expect(table.contains(arrows[arrow] ?? "?"), "\(key)") }
        }
    }
}
