import Foundation
import Testing
import TactusCore
import TactusTestSupport

/// `tactus analyze --player`: an ensemble recorded in one MIDI file, a
/// player a channel or a track.
@Suite struct AnalyzePlayersTests {
    typealias Result = TactusBinary.Result

    /// Four bars of quarters at 120 BPM, 480 PPQ (a tick is 500/480 ms):
    /// the snare on channel 10 six ticks late, the bass on channel 1 on the
    /// beat, except every third bass note two ticks early.
    static func duo() -> MIDIFile {
        var notes: [MIDIFileNote] = []
        for beat in 0..<16 {
            notes.append(MIDIFileNote(tick: 480 * beat + 6, duration: 60, channel: 9, note: 38, velocity: 100))
            notes.append(MIDIFileNote(tick: 480 * beat - (beat % 3 == 2 ? 2 : 0), duration: 60, channel: 0, note: 36, velocity: 90))
        }
        return MIDIFile.take120(notes)
    }

    /// The duo with the bass moved onto a track of its own (track 3).
    static func duoOnTracks() -> MIDIFile {
        var file = duo()
        var bass = MIDIFileTrack(events: [], endTick: file.tracks[1].endTick)
        file.tracks[1].events.removeAll { event in
            if case .channelVoice(let message) = event.message, message.channel == 0 {
                bass.events.append(event)
                return true
            }
            return false
        }
        file.tracks.append(bass)
        return file
    }

    static func write(_ file: MIDIFile, as name: String) throws -> URL {
        let directory = try TactusBinary.scratchFolder()
        try Data(file.encoded()).write(to: directory.appendingPathComponent(name))
        return directory
    }

    @Test func channelsAsPlayersGiveThePairsAsynchrony() throws {
        let directory = try Self.write(Self.duo(), as: "duo.mid")
        let result = try TactusBinary.run(
            ["analyze", "duo.mid", "--player", "snare=channel:10", "--player", "bass=channel:1", "--report", "duo.json"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let report = try PracticeReport.decode(Data(contentsOf: directory.appendingPathComponent("duo.json")), file: "duo.json")
        #expect(report.summary.hits == 32)
        let players = try #require(report.players)
        #expect(players.map(\.name) == ["snare", "bass"])
        #expect(players.map(\.port) == ["channel:10", "channel:1"])
        #expect(players.map(\.hits.count) == [16, 16])
        #expect(players[0].hits.allSatisfy { $0.offsetMs == 6.25 })
        let pair = try #require(report.ensemble?.pairs.first)
        #expect(pair.players == ["snare", "bass"])
        #expect(pair.n == 16)
        // 6 ticks on 11 beats, 8 ticks on 5 (the early bass notes): 106/16 ticks of 500/480 ms,
        // rounded to 3 decimals in the report.
        #expect(pair.meanAsynchronyMs == 6.901)
        #expect(pair.byBeat.map(\.leader) == ["bass", "bass", "bass", "bass"])
    }

    @Test func tracksAsPlayersScoreTheSameAsChannels() throws {
        let directory = try Self.write(Self.duoOnTracks(), as: "tracks.mid")
        let result = try TactusBinary.run(
            ["analyze", "tracks.mid", "--player", "snare=track:2", "--player", "bass=track:3", "--json"], in: directory)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let report = try PracticeReport.decode(Data(result.stdout.utf8), file: "stdout")
        #expect(report.players?.map(\.port) == ["track:2", "track:3"])
        #expect(report.ensemble?.pairs.first?.meanAsynchronyMs == 6.901)
    }

    @Test func aMissingPartOrATwiceGivenNameIsOneLine() throws {
        let directory = try Self.write(Self.duo(), as: "duo.mid")
        #expect(try TactusBinary.run(["analyze", "duo.mid", "--player", "a=track:5"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --player: a=track:5: the file has 2 tracks (duo.mid)\n"))
        #expect(try TactusBinary.run(["analyze", "duo.mid", "--player", "a=channel:4"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --player: a=channel:4: the file has no notes on channel 4 (duo.mid)\n"))
        #expect(try TactusBinary.run(["analyze", "duo.mid", "--player", "a=channel:1", "--player", "a=channel:10"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --player: 'a' is given twice; give each player a name of their own\n"))
        #expect(try TactusBinary.run(["analyze", "duo.mid", "--player", "a=drums"], in: directory) == Result(
            exitCode: 2, stdout: "", stderr: "tactus analyze: --player: expected NAME=track:N or NAME=channel:N (channel 1–16), got 'a=drums'\n"))
    }

    @Test func runRefusesTwiceGivenNamesAndUnknownDevices() throws {
        #expect(try TactusBinary.run(["run", "--player", "a=x", "--player", "a=y"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --player: 'a' is given twice; give each player a name of their own\n"))
        #expect(try TactusBinary.run(["run", "--player", "a b=x"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --player: expected a name of letters, digits, -, _ or . (up to 32) before '=', got 'a b'\n"))
        #expect(try TactusBinary.run(["run", "--player", "a=x", "--connect-input", "y"]) == Result(
            exitCode: 2, stdout: "",
            stderr: "tactus run: --connect-input and --player exclude each other: in a group session each player has an input of their own\n"))
        #expect(try TactusBinary.run(["run", "--player", "a=x", "--player-device", "b=kit"]) == Result(
            exitCode: 2, stdout: "", stderr: "tactus run: --player-device: no --player named 'b'\n"))
    }
}
