import Testing
import TactusCore

@Suite struct SubdivisionHintTests {
    /// 500 ms beats: eighths land ±250 ms from the nearest beat.
    @Test func eighthsOnAQuarterGridSuggestTwo() throws {
        let offsets = [0.0, 250, 2, -249, -3, 251, 1, -250, 4, 248]
        let hint = try #require(SubdivisionHint(offsetsMs: offsets, lineSpacingMs: 500, subdivision: 1))
        #expect(hint == SubdivisionHint(between: 5, total: 10, scored: 1, subdivision: 2))
        #expect(hint.text == "5 of 10 hits fall between the beats, as eighths would; score them with --subdivision 2")
    }

    @Test func sixteenthsSuggestFourAndTripletsThree() throws {
        let sixteenths = [0.0, 125, 250, -125, 2, 126, -249, -124, 0, 125]
        #expect(SubdivisionHint(offsetsMs: sixteenths, lineSpacingMs: 500, subdivision: 1)?.subdivision == 4)
        let triplets = [0.0, 166.7, -166.7, 1, 167, -166, 0, 166, -167, 2]
        #expect(SubdivisionHint(offsetsMs: triplets, lineSpacingMs: 500, subdivision: 1)?.subdivision == 3)
        // Eighths against a grid of eighths already: sixteenths suggest twice that.
        let onEighths = [0.0, 125, -125, 2, 124, -126, 0, 125, -3, 125]
        #expect(SubdivisionHint(offsetsMs: onEighths, lineSpacingMs: 250, subdivision: 2)?.text
            == "6 of 10 hits fall between the lines of --subdivision 2, as sixteenths would; score them with --subdivision 4")
    }

    @Test func hitsOnTheGridOrScatteredSuggestNothing() {
        #expect(SubdivisionHint(offsetsMs: [0, 5, -3, 250, 2, -4, 1, 0, 3, -2], lineSpacingMs: 500, subdivision: 1) == nil)
        #expect(SubdivisionHint(offsetsMs: [0, 180, -90, 230, -200, 60, 140, -170, 210, -40], lineSpacingMs: 500, subdivision: 1) == nil)
        #expect(SubdivisionHint(offsetsMs: [250, -250, 250], lineSpacingMs: 500, subdivision: 1) == nil)
    }
}
