import Testing
@testable import TactusCore

@Suite struct SuggestionTests {
    @Test func closeWordsAreSuggested() {
        #expect(Suggestion.closest(to: "bmp", among: ["bpm", "bars"]) == "bpm")
        #expect(Suggestion.closest(to: "--bmp", among: ["--out", "--bpm"]) == "--bpm")
        #expect(Suggestion.closest(to: "subdivison", among: ["subdivision"]) == "subdivision")
        #expect(Suggestion.closest(to: "Tempomap", among: ["tempoMap"]) == "tempoMap")
        #expect(Suggestion.closest(to: "--loud", among: ["--out"]) == nil)
        #expect(Suggestion.closest(to: "xyz", among: ["bpm"]) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
    }
}
