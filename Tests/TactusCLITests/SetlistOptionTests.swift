import Foundation
import Testing
import TactusTestSupport

/// `tactus run --setlist/--preset` and `tactus learn` refuse bad input before
/// touching JACK, in one line naming the flag or file.
@Suite struct SetlistOptionTests {
    typealias Result = TactusBinary.Result

    @Test func presetNeedsASetlist() throws {
        #expect(try TactusBinary.run(["run", "--preset", "Ballad"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --preset: needs --setlist (the setlist the preset belongs to)\n"))
    }

    @Test func anUnknownSetlistNameIsAUsageError() throws {
        let folder = try TactusBinary.scratchFolder()
        #expect(try TactusBinary.run(["run", "--setlist", "nosuch"], in: folder) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus run: --setlist: no file 'nosuch' and no shipped setlist of that name (see Configs/setlists)\n"))
    }

    @Test func anUnknownPresetListsThePresets() throws {
        #expect(try TactusBinary.run(["run", "--setlist", "example", "--preset", "balad"]) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus run: --preset: no preset 'balad' in setlist 'Example practice set'; presets: Warm-up, Ballad, Seven, Speed builder. Did you mean 'Ballad'?\n"))
    }

    @Test func aBadPresetNamesTheFileAndField() throws {
        let folder = try TactusBinary.scratchFolder()
        try Data(#"{"name": "Gig", "presets": [{"name": "A", "bpm": 90}, {"name": "B", "bpm": 500}]}"#.utf8)
            .write(to: folder.appendingPathComponent("gig.json"))
        #expect(try TactusBinary.run(["run", "--setlist", "gig.json"], in: folder) == Result(
            exitCode: 4, stdout: "", stderr: "tactus run: gig.json: presets[1].bpm: 500 is outside 20–400\n"))
    }

    @Test func aPedalMapPresetMissingFromTheSetlistIsRefused() throws {
        let folder = try TactusBinary.scratchFolder()
        try Data(#"{"name": "Gig", "presets": [{"name": "A", "bpm": 90}]}"#.utf8).write(to: folder.appendingPathComponent("gig.json"))
        try Data(#"{"bindings": [{"message": {"type": "note", "number": 36}, "action": "preset", "name": "Encore"}]}"#.utf8)
            .write(to: folder.appendingPathComponent("map.json"))
        #expect(try TactusBinary.run(["run", "--setlist", "gig.json", "--pedal-map", "map.json"], in: folder) == Result(
            exitCode: 4, stdout: "", stderr: "tactus run: map.json: bindings: preset 'Encore' is not in setlist 'Gig' (presets: A)\n"))
    }

    @Test func configAndSetlistDoNotMix() throws {
        #expect(try TactusBinary.run(["run", "--setlist", "example", "--config", "x.json"]) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus run: --config and --setlist cannot be used together: each preset of a setlist is a config\n"))
    }

    @Test func learnNeedsActionsWithoutATerminal() throws {
        #expect(try TactusBinary.run(["learn"]) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus learn: --actions: needed when not run on a terminal (e.g. --actions tap,start-stop)\n"))
    }

    @Test func learnRefusesAnUnknownAction() throws {
        #expect(try TactusBinary.run(["learn", "--actions", "tap,jump"]) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus learn: --actions: 'jump' is not an action (tap, tempo+, tempo-, tempo-scale, start-stop, start, stop, next-preset, prev-preset, preset, mute-toggle, count-in, mark; tempo+=2, preset=NAME)\n"))
    }
}
