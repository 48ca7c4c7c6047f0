import Testing
@testable import TactusCore

/// `text` in SGR style `code`, then reset.
private func sgr(_ code: String, _ text: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

/// The line without SGR codes.
private func stripped(_ line: String) -> String {
    var result = ""
    var inCode = false
    for character in line {
        if character == "\u{1B}" { inCode = true } else if inCode { inCode = character != "m" } else { result.append(character) }
    }
    return result
}

@Suite struct LiveViewTests {
    /// Bar 12 of a 4/4 session at 120 BPM, beat 3 playing, seven hits so far.
    var playing: LiveViewState {
        var state = LiveViewState(
            isPlaying: true, bar: 12, beat: 3, beatsPerBar: 4, tempo: Tempo(milliBPM: 120_000), presetName: "Warm-up",
            currentBar: LiveStatistics(hits: 8, meanOffsetMs: 4.21, sdOffsetMs: 6.08, percentInWindow: 87.5),
            session: LiveStatistics(hits: 96, meanOffsetMs: 2.96, sdOffsetMs: 7.4, percentInWindow: 85.4),
            feedback: .tap(count: 3, needed: 4, tempo: Tempo(bpm: 101.2)),
            timer: PracticeTimer(sampleRate: 48_000, playMinutes: 15).status(elapsedFrames: 48_000))
        let hits: [(Double, HitGrade)] = [(-8, .perfect), (3, .perfect), (14, .good), (31, .ok), (-60, .extra), (5, .perfect), (6, .perfect)]
        for (offset, grade) in hits { state.record(LiveHitMark(offsetMs: offset, grade: grade)) }
        return state
    }

    @Test func eightyColumnsPlain() {
        // Ruler: 51 columns of 2 ms, 0 ms in column 25. -8 → 21, +3 → 27 (1.5 rounds away),
        // +5 and +6 → 28 (the later one shows), +14 → 32, +31 → 41, -60 → 0 (the end).
        #expect(LiveView.render(playing, width: 80, color: false) == [
            "playing  bar 12  beat 3/4  120 BPM  Warm-up",
            "   X  x [x] x ",
            "early x                    *     **   +        o          late",
            "-50ms ------------:-------:----|----:-------:------------ +50ms",
            "bar 12   hits    8   mean   +4.2 ms   sd   6.1 ms   in window  88%",
            "session  hits   96   mean   +3.0 ms   sd   7.4 ms   in window  85%",
            "tap 3/4 → 101.2 BPM",
            "dropped 0  xruns 0  play 14:59  * perfect  + good  o ok  x extra",
            "space start/stop  +/- tempo  t tap  n/p preset  m mute  q quit",
        ])
    }

    /// A kit's voices get a line of their running means under the session's:
    /// kick −2 and +10 (+4.0), hi-hat −1 and +2 (+0.5); the count-in's, a
    /// muted bar's and an extra left out.
    @Test func theVoicesRunningMeansGetALine() {
        var means = LiveVoiceMeans(map: .generalMIDI)
        func hit(_ note: Int, _ ms: Double, grade: HitGrade = .good, countIn: Bool = false, muted: Bool = false) -> ScoredHit {
            ScoredHit(
                frame: 0, gridFrame: 0, timeS: 0, position: GridPosition(bar: 1, beat: 1), offsetMs: ms, note: note, velocity: 90,
                channel: 10, grade: grade, countIn: countIn, muted: muted)
        }
        for scored in [hit(42, -1), hit(36, -2), hit(36, 30, countIn: true), hit(42, 2), hit(36, 10), hit(36, 50, grade: .extra),
                       hit(42, 9, muted: true)] {
            means.record(scored)
        }
        #expect(means.entries == [LiveVoiceMean(voice: "kick", meanOffsetMs: 4, hits: 2), LiveVoiceMean(voice: "hi-hat", meanOffsetMs: 0.5, hits: 2)])
        var state = playing
        state.voices = means.entries
        let lines = LiveView.render(state, width: 80, color: false)
        #expect(lines.count == 10)
        #expect(lines[6] == "voices  kick +4.0  hi-hat +0.5 ms")
        state.voices = Array(means.entries.prefix(1))
        #expect(LiveView.render(state, width: 80, color: false).count == 9)
    }

    @Test func aReminderGetsALineOfItsOwn() {
        var state = playing
        state.timer = PracticeTimer(sampleRate: 48_000, playMinutes: 15, restMinutes: 5).status(elapsedFrames: 48_000 * 60 * 15)
        state.reminder = "practice timer: 15:00 played (round 1); rest for 5:00"
        let lines = LiveView.render(state, width: 80, color: false)
        #expect(lines.count == 10)
        #expect(lines[6] == "tap 3/4 → 101.2 BPM")
        #expect(lines[7] == "practice timer: 15:00 played (round 1); rest for 5:00")
        #expect(lines[8] == "dropped 0  xruns 0  rest 5:00  * perfect  + good  o ok  x extra")
        #expect(LiveView.render(state, width: 80, color: true)[7] == sgr("1;31", "practice timer: 15:00 played (round 1); rest for 5:00"))
    }

    @Test func eightyColumnsInColour() {
        let ruler = sgr("2", "early ") + sgr("31", "x") + String(repeating: " ", count: 20) + sgr("32", "*") + "     "
            + sgr("32", "*") + sgr("1;32", "*") + "   " + sgr("36", "+") + "        " + sgr("33", "o") + "         "
            + sgr("2", " late")
        #expect(LiveView.render(playing, width: 80, color: true) == [
            sgr("1", "playing") + "  bar 12  beat 3/4  " + sgr("1", "120 BPM") + "  Warm-up",
            "  " + sgr("1;33", " X ") + " x " + sgr("1;7", "[x]") + " x ",
            ruler,
            sgr("2", "-50ms ------------:-------:----|----:-------:------------ +50ms"),
            sgr("1", "bar 12   ") + "hits    8   mean   +4.2 ms   sd   6.1 ms   in window  88%",
            sgr("1", "session  ") + "hits   96   mean   +3.0 ms   sd   7.4 ms   in window  85%",
            sgr("1", "tap 3/4 → 101.2 BPM"),
            "dropped 0  xruns 0  play 14:59  " + sgr("32", "* perfect") + "  " + sgr("36", "+ good") + "  "
                + sgr("33", "o ok") + "  " + sgr("31", "x extra"),
            ["space start/stop", "+/- tempo", "t tap", "n/p preset", "m mute", "q quit"].map { sgr("2", $0) }
                .joined(separator: "  "),
        ])
    }

    @Test func fortyColumnsPlain() {
        // Ruler: 27 columns of 3.85 ms, 0 ms in column 13; marks at ±10 (2.6 → 3) and ±25 (6.5 → 7).
        #expect(LiveView.render(playing, width: 40, color: false) == [
            "playing  bar 12  beat 3/4  120 BPM  War…",
            "   X  x [x] x ",
            "early x          *  ** +   o      late",
            "-50ms ------:---:--|--:---:------ +50ms",
            "bar 12    +4.2 ms  sd  6.1 ms   88%",
            "session   +3.0 ms  sd  7.4 ms   85%",
            "tap 3/4 → 101.2 BPM",
            "dropped 0  xruns 0  play 14:59",
            "space start/stop  +/- tempo  q quit",
        ])
    }

    @Test func fortyColumnsInColour() {
        let ruler = sgr("2", "early ") + sgr("31", "x") + String(repeating: " ", count: 10) + sgr("32", "*") + "  "
            + sgr("32", "*") + sgr("1;32", "*") + " " + sgr("36", "+") + "   " + sgr("33", "o") + "     " + sgr("2", " late")
        #expect(LiveView.render(playing, width: 40, color: true) == [
            sgr("1", "playing") + "  bar 12  beat 3/4  " + sgr("1", "120 BPM") + "  War…",
            "  " + sgr("1;33", " X ") + " x " + sgr("1;7", "[x]") + " x ",
            ruler,
            sgr("2", "-50ms ------:---:--|--:---:------ +50ms"),
            sgr("1", "bar 12   ") + " +4.2 ms  sd  6.1 ms   88%",
            sgr("1", "session  ") + " +3.0 ms  sd  7.4 ms   85%",
            sgr("1", "tap 3/4 → 101.2 BPM"),
            "dropped 0  xruns 0  play 14:59",
            sgr("2", "space start/stop") + "  " + sgr("2", "+/- tempo") + "  " + sgr("2", "q quit"),
        ])
    }

    @Test func countInStoppedAndMuted() {
        var state = LiveViewState(
            isPlaying: true, isMuted: true, bar: 0, beat: 2, beatsPerBar: 3, accents: [.accent, .soft, .silent],
            countInBars: 2, tempo: Tempo(milliBPM: 97_500), feedback: .muted(true), droppedEvents: 3, xruns: 1)
        let lines = LiveView.render(state, width: 80, color: false)
        #expect(lines[0] == "count-in 2/2  muted  beat 2/3  97.5 BPM")
        #expect(lines[1] == "   X [o] . ")
        #expect(lines[2] == "early " + String(repeating: " ", count: 51) + " late")
        #expect(lines[4] == "count-in hits    0   mean         -   sd        -   in window    -")
        #expect(lines[6] == "click muted")
        #expect(lines[7] == "dropped 3  xruns 1  * perfect  + good  o ok  x extra")
        let coloured = LiveView.render(state, width: 80, color: true)
        #expect(coloured[0] == sgr("1;33", "count-in 2/2") + "  " + sgr("1;31", "muted") + "  beat 2/3  " + sgr("1", "97.5 BPM"))
        #expect(coloured[7].hasPrefix(sgr("1;31", "dropped 3") + "  " + sgr("1;31", "xruns 1") + "  "))

        state.isPlaying = false
        state.isMuted = false
        state.bar = 5
        state.beat = 0
        state.feedback = nil
        let stopped = LiveView.render(state, width: 80, color: false)
        #expect(stopped[0] == "stopped  bar 5  97.5 BPM")
        #expect(stopped[1] == "   X  o  . ")
        #expect(stopped[6] == "")
    }

    /// A counter shown only where its source is (an OSC port, an audio
    /// input): left out while nil, shown from 0, red above it.
    private func expectCounterWithItsSource(_ label: String, count: Int, set: (inout LiveViewState, Int) -> Void) {
        var state = LiveViewState(isPlaying: true, bar: 1, beat: 1, tempo: Tempo(milliBPM: 120_000))
        #expect(LiveView.render(state, width: 80, color: false).contains("dropped 0  xruns 0  * perfect  + good  o ok  x extra"))
        set(&state, 0)
        #expect(LiveView.render(state, width: 80, color: false).contains("dropped 0  xruns 0  \(label) 0  * perfect  + good  o ok  x extra"))
        set(&state, count)
        let lines = LiveView.render(state, width: 80, color: false)
        #expect(lines.contains("dropped 0  xruns 0  \(label) \(count)  * perfect  + good  o ok  x extra"))
        let coloured = LiveView.render(state, width: 80, color: true)
        #expect(coloured.contains { $0.contains(sgr("1;31", "\(label) \(count)")) })
    }

    @Test func droppedOSCPacketsAreCountedWithAnOSCPort() {
        expectCounterWithItsSource("osc dropped", count: 2) { $0.droppedOSCPackets = $1 }
    }

    @Test func lostAudioSamplesAreCountedWithAnAudioInput() {
        expectCounterWithItsSource("audio lost", count: 448) { $0.lostAudioSamples = $1 }
    }

    @Test func anAudioInputsLevelAndLastStrokeHaveALineOfTheirOwn() {
        var state = LiveViewState(isPlaying: true, bar: 1, beat: 1, tempo: Tempo(milliBPM: 120_000))
        let without = LiveView.render(state, width: 80, color: false)
        state.audioInput = LiveAudioInput(levelDb: -12.04)
        let lines = LiveView.render(state, width: 80, color: false)
        #expect(lines.count == without.count + 1)
        #expect(lines[4] == "input -12.0 dBFS  [###############-----]  stroke -")
        state.audioInput = LiveAudioInput(levelDb: -0.5, lastStrokeDb: -6.54)
        #expect(LiveView.render(state, width: 80, color: false)[4] == "input -0.5 dBFS  [###################-]  stroke -6.5 dBFS")
        #expect(LiveView.render(state, width: 80, color: true)[4].hasPrefix(sgr("1;31", "input -0.5 dBFS")))
        #expect(LiveView.render(state, width: 50, color: false)[4] == "input -0.5 dBFS  stroke -6.5 dBFS")
        state.audioInput = LiveAudioInput(levelDb: -90)
        #expect(LiveView.render(state, width: 80, color: false)[4] == "input -90.0 dBFS  [--------------------]  stroke -")
    }

    @Test func manyBeatsTakeOneColumnEach() {
        let state = LiveViewState(isPlaying: true, bar: 1, beat: 5, beatsPerBar: 16, tempo: Tempo(milliBPM: 200_000))
        #expect(LiveView.render(state, width: 50, color: false)[1] == "   X  x  x  x [x] x  x  x  x  x  x  x  x  x  x  x ")
        #expect(LiveView.render(state, width: 40, color: false)[1] == "  Xxxx#xxxxxxxxxxx")
        #expect(LiveView.render(state, width: 40, color: true)[1] == "  " + sgr("1;33", "X") + "xxx" + sgr("1;7", "#") + "xxxxxxxxxxx")
    }

    @Test func linesNeverOverflow() {
        var state = playing
        state.presetName = "Étude Nº 5 — 練習曲 with a very long name indeed"
        state.feedback = .preset(name: "Étude\u{1B}[2J", number: 12, count: 40)
        state.beatsPerBar = 32
        state.beat = 32
        state.timer = PracticeTimer(sampleRate: 48_000, playMinutes: 90, restMinutes: 10).status(elapsedFrames: 0)
        for width in 0...120 {
            for color in [false, true] {
                let lines = LiveView.render(state, width: width, color: color)
                // "preset: Étude?[2J (12/40)" (25 columns) wraps below that width.
                #expect(lines.count == 8 + DisplayWidth.wrap("preset: Étude?[2J (12/40)", width: width).count)
                for line in lines {
                    #expect(DisplayWidth.of(stripped(line)) <= width, "width \(width): \(line)")
                    #expect(!stripped(line).contains("\u{1B}"))
                }
            }
        }
        #expect(LiveView.render(state, width: 80, color: false)[6] == "preset: Étude?[2J (12/40)")
        // 38 columns before the name, which is cut to 42 counting each of 練習曲 twice.
        #expect(LiveView.render(state, width: 80, color: false)[0] == "playing  bar 12  beat 32/32  120 BPM  Étude Nº 5 — 練習曲 with a very long name…")
    }

    /// The latency line as a live session shows it, at 100 columns: the part
    /// that did not fit goes on the next line, broken at a space.
    @Test func longFeedbackWrapsAtSpaces() {
        var state = playing
        state.feedback = .message(
            "latency compensation 0.000 ms: JACK 0 frames out + 0 in, no calibration for 'default' (tactus calibrate)")
        let lines = LiveView.render(state, width: 100, color: false)
        #expect(lines.count == 10)
        #expect(lines[6] == "latency compensation 0.000 ms: JACK 0 frames out + 0 in, no calibration for 'default' (tactus")
        #expect(lines[7] == "calibrate)")
        #expect(lines[8].hasPrefix("dropped 0  xruns 0"))
        #expect(LiveView.render(state, width: 100, color: true)[7] == sgr("1", "calibrate)"))
    }

    /// After a server loss at 80 columns the path of the saved report is shown whole.
    @Test func theSavedReportsPathIsNotCut() throws {
        var state = playing
        state.feedback = .message("JACK server 'default' went away (the server shut down); the report so far is saved to "
            + "/home/anna/.local/share/tactus/sessions/2026-11-25T17-02-11.json; waiting for the server to come back (Ctrl-C ends the session)")
        state.reminder = "practice timer: 15:00 played (round 1); rest for 5:00 before the next round begins"
        let lines = LiveView.render(state, width: 80, color: false)
        try #require(lines.count == 13)
        #expect(Array(lines[6...10]) == [
            "JACK server 'default' went away (the server shut down); the report so far is",
            "saved to /home/anna/.local/share/tactus/sessions/2026-11-25T17-02-11.json;",
            "waiting for the server to come back (Ctrl-C ends the session)",
            "practice timer: 15:00 played (round 1); rest for 5:00 before the next round",
            "begins",
        ])
        #expect(lines[11].hasPrefix("dropped 0"))
        #expect(lines[12].hasPrefix("space start/stop"))
    }

    @Test func wrappingCutsOnlyWordsWiderThanALine() {
        #expect(DisplayWidth.wrap("one two  three", width: 7) == ["one two", "three"])
        #expect(DisplayWidth.wrap("abcdefghij k", width: 4) == ["abcd", "efgh", "ij k"])
        #expect(DisplayWidth.wrap("練習曲 ab", width: 5) == ["練習", "曲 ab"])
        #expect(DisplayWidth.wrap("", width: 10) == [""])
        #expect(DisplayWidth.wrap("word", width: 0) == [""])
    }

    /// Free time: the header says so and shows the tempo held against where
    /// it began; a gap click's muted bar shows the tempo held beside the click's.
    @Test func theTempoHeldWithoutTheClick() {
        var state = playing
        state.presetName = nil
        state.heldTempo = LiveHeldTempo(bpm: 118.64, referenceBPM: 120, free: true)
        #expect(LiveView.render(state, width: 80, color: false)[0] == "playing  free  bar 12  beat 3/4  118.6 BPM  from 120 -1.4")
        state.heldTempo = LiveHeldTempo(bpm: nil, referenceBPM: 97.5, free: true)
        #expect(LiveView.render(state, width: 80, color: false)[0] == "playing  free  bar 12  beat 3/4  - BPM  from 97.5")
        state.heldTempo = LiveHeldTempo(bpm: 121.08, referenceBPM: 120, free: false)
        #expect(LiveView.render(state, width: 80, color: false)[0] == "playing  bar 12  beat 3/4  120 BPM  held 121.1 BPM +1.1")
        // Narrow, the comparison goes before the tempo does.
        #expect(LiveView.render(state, width: 30, color: false)[0] == "playing  beat 3/4  120 BPM")
    }

    @Test func plainBarLinesWithoutTheClick() {
        let stats = LiveStatistics(hits: 8, meanOffsetMs: 0.4, sdOffsetMs: 6.08, percentInWindow: 87.5)
        let free = LiveHeldTempo(bpm: 123.26, referenceBPM: 120, free: true)
        #expect(LiveView.plainBarLine(bar: 7, tempo: Tempo(milliBPM: 120_000), statistics: stats, held: free)
            == "bar 7  123.3 BPM  hits 8  mean +0.4 ms  sd 6.1 ms  in window 88%  free, from 120 +3.3")
        let held = LiveHeldTempo(bpm: 117.5, referenceBPM: 120, free: false)
        #expect(LiveView.plainBarLine(bar: 3, tempo: Tempo(milliBPM: 120_000), statistics: stats, muted: true, held: held)
            == "bar 3  120.0 BPM  hits 8  mean +0.4 ms  sd 6.1 ms  in window 88%  no click  held 117.5 BPM -2.5")
    }

    @Test func plainBarLines() {
        let stats = LiveStatistics(hits: 8, meanOffsetMs: 4.21, sdOffsetMs: 6.08, percentInWindow: 87.5)
        #expect(LiveView.plainBarLine(bar: 12, tempo: Tempo(milliBPM: 120_000), statistics: stats)
            == "bar 12  120.0 BPM  hits 8  mean +4.2 ms  sd 6.1 ms  in window 88%")
        #expect(LiveView.plainBarLine(bar: 3, tempo: Tempo(milliBPM: 97_250), statistics: LiveStatistics(), muted: true)
            == "bar 3  97.3 BPM  hits 0  mean -  sd -  in window -  no click")
        let one = LiveStatistics(hits: 1, meanOffsetMs: -0.04, sdOffsetMs: nil, percentInWindow: 100)
        #expect(LiveView.plainBarLine(bar: 1, tempo: Tempo(milliBPM: 60_000), statistics: one)
            == "bar 1  60.0 BPM  hits 1  mean 0.0 ms  sd -  in window 100%")
    }

    @Test func statisticsFromTheScorer() {
        var statistics = OffsetStatistics()
        let position = GridPosition(bar: 1, beat: 1)
        statistics.addMatched(offsetMs: 2, grade: .perfect, position: position, gridTimeS: 0)
        statistics.addMatched(offsetMs: 20, grade: .good, position: position, gridTimeS: 0)
        statistics.addMatched(offsetMs: 40, grade: .ok, position: position, gridTimeS: 0)
        statistics.addExtra()
        let live = LiveStatistics(statistics)
        #expect(live.hits == 4)
        #expect(live.meanOffsetMs == statistics.meanOffsetMs)
        #expect(abs((live.meanOffsetMs ?? 0) - 62.0 / 3) < 1e-12)
        #expect(live.sdOffsetMs == statistics.sdOffsetMs)
        // Perfect and good: 2 of 4 hits (the extra counts).
        #expect(live.percentInWindow == 50)
        #expect(LiveStatistics(OffsetStatistics()).percentInWindow == nil)
    }

    @Test func feedbackText() {
        #expect(LiveFeedback.tap(count: 3, needed: 4, tempo: Tempo(bpm: 101.2)).description == "tap 3/4 → 101.2 BPM")
        #expect(LiveFeedback.tap(count: 1, needed: 4, tempo: nil).description == "tap 1/4")
        #expect(LiveFeedback.preset(name: "Warm-up", number: 2, count: 4).description == "preset: Warm-up (2/4)")
        #expect(LiveFeedback.tempo(from: Tempo(milliBPM: 120_000), to: Tempo(milliBPM: 125_000)).description == "tempo 120 → 125")
        #expect(LiveFeedback.muted(false).description == "click on")
    }

    @Test func recentHitsAreBounded() {
        var state = LiveViewState(tempo: Tempo(milliBPM: 120_000), recentHitLimit: 3)
        for offset in 1...5 { state.record(LiveHitMark(offsetMs: Double(offset), grade: .perfect)) }
        #expect(state.recentHits.map(\.offsetMs) == [3, 4, 5])
        state.clearHits()
        #expect(state.recentHits.isEmpty)
    }

    @Test func beatAccentsFollowTheClick() {
        #expect(LiveViewState.beatAccents(pattern: nil, beatsPerBar: 4, subdivision: 1) == [.accent, .normal, .normal, .normal])
        #expect(LiveViewState.beatAccents(pattern: AccentPattern(parsing: "Xo"), beatsPerBar: 5, subdivision: 1)
            == [.accent, .soft, .accent, .soft, .accent])
        // A pattern per pulse of 3 beats × 2: the beats are pulses 0, 2, 4.
        #expect(LiveViewState.beatAccents(pattern: AccentPattern(parsing: "X.o.x."), beatsPerBar: 3, subdivision: 2)
            == [.accent, .soft, .normal])
    }
}

@Suite struct LiveHintTests {
    /// 120 BPM: beats 500 ms apart, eighths ±250 ms from them.
    @Test func theLatestHitsSayWhenEighthsArePlayedOnTheBeatGrid() {
        var hint = LiveHint()
        for index in 0..<20 { hint.record(offsetMs: index % 2 == 0 ? 1 : 249) }
        let tempo = Tempo(milliBPM: 120_000)
        #expect(hint.hint(tempo: tempo, subdivision: 1, swing: nil) == SubdivisionHint(between: 10, total: 20, scored: 1, subdivision: 2))
        #expect(hint.hint(tempo: tempo, subdivision: 1, swing: Swing(long: 2, short: 1)) == nil)
        // Scored with eighths now: the latest 64 hits are all on their lines.
        for _ in 0..<LiveHint.window { hint.record(offsetMs: 2) }
        #expect(hint.offsetsMs.count == 64)
        #expect(hint.hint(tempo: tempo, subdivision: 1, swing: nil) == nil)
        hint.clear()
        #expect(hint.offsetsMs == [])
    }

    @Test func theHintHasLinesOfItsOwnAfterTheFeedback() {
        var state = LiveViewState(isPlaying: true, bar: 3, beat: 1, tempo: Tempo(milliBPM: 120_000), feedback: .muted(false))
        state.hint = "10 of 20 hits fall between the beats, as eighths would; score them with --subdivision 2"
        let lines = LiveView.render(state, width: 60, color: false)
        #expect(lines.count == 11)
        #expect(lines[6] == "click on")
        #expect(lines[7] == "hint: 10 of 20 hits fall between the beats, as eighths")
        #expect(lines[8] == "would; score them with --subdivision 2")
        #expect(LiveView.render(state, width: 60, color: true)[8] == sgr("1;33", "would; score them with --subdivision 2"))
    }
}
