/// The screen shown while playing, as a pure function of `LiveViewState`,
/// and the one-line-per-bar output used without a terminal.
///
/// At 80 columns:
///
/// ```
/// playing  bar 12  beat 3/4  120 BPM  Warm-up
///    X  x [x] x
/// early                 x   *+ *  o                  late
/// -50ms ------------:-------:----|----:-------:------------ +50ms
/// bar 12   hits    8   mean   +4.2 ms   sd   6.1 ms   in window  88%
/// session  hits   96   mean   +3.0 ms   sd   7.4 ms   in window  85%
/// tap 3/4 → 101.2 BPM
/// dropped 0  xruns 0  play 14:59  * perfect  + good  o ok  x extra
/// space start/stop  +/- tempo  t tap  n/p preset  m mute  q quit
/// ```
///
/// Every line fits in `width` columns: at narrower widths less important
/// elements are left out or shortened, and below 40 columns lines are cut;
/// messages (feedback, reminders) are wrapped onto further lines instead.
public enum LiveView {
    /// The lines of the screen: nine, some of them may be empty, or more
    /// with players' meters or an audio input's level, or when the feedback
    /// is wider than `width` (it is wrapped at spaces onto further lines) or a
    /// reminder or a hint is set (on lines of their own after the feedback,
    /// wrapped the same way). With `color`, ANSI SGR codes mark accents, the
    /// current beat, grades and warnings; the caller decides (see
    /// `TerminalControl.usesColor`).
    public static func render(_ state: LiveViewState, width: Int, color: Bool) -> [String] {
        let width = max(width, 0)
        let feedback = state.feedback.map { wrapped($0.description, .bold, width: width) } ?? [[]]
        let reminder = state.reminder.map { wrapped($0, .warning, width: width) } ?? []
        let hint = state.hint.map { wrapped("hint: " + $0, .accent, width: width) } ?? []
        let lines: [[LiveSpan]] = [
            header(state, width: width),
            beatIndicator(state, width: width),
            hitRuler(state, width: width),
            scale(state, width: width),
        ] + playerMeters(state, width: width) + audioInputLine(state, width: width) + [
            statisticsLine(label: state.bar >= 1 ? "bar \(state.bar)" : "count-in", state.currentBar, width: width),
            statisticsLine(label: "session", state.session, width: width),
        ] + voicesLine(state) + feedback + reminder + hint + [
            counters(state, width: width),
            keyHelp(width: width),
        ]
        return lines.map { LiveSpan.line(LiveSpan.truncate($0, to: width), color: color) }
    }

    /// A message as lines of one span each, broken at spaces to fit `width`.
    static func wrapped(_ text: String, _ style: LiveSpan.Style, width: Int) -> [[LiveSpan]] {
        DisplayWidth.wrap(DisplayWidth.printable(text), width: width).map { [LiveSpan($0, style)] }
    }

    /// One line for a bar that has ended, for `--no-ui` and output that is not
    /// a terminal: `bar 12  120.0 BPM  hits 8  mean +4.2 ms  sd 6.1 ms  in window 88%`
    /// (`-` for a number without enough hits; `no click` after a bar a gap
    /// pattern silenced, and the tempo held in it when `held` says it; in
    /// free time the pulse's bar and tempo, `free, from 120 -1.4` after).
    public static func plainBarLine(
        bar: Int, tempo: Tempo, statistics: LiveStatistics, muted: Bool = false, held: LiveHeldTempo? = nil
    ) -> String {
        let (mean, sd, window) = statistics.texts
        let bpm = held.flatMap { $0.free ? $0.tempoText : nil } ?? NumberText.fixed(tempo.bpm, 1) + " BPM"
        var line = "bar \(bar)  \(bpm)  hits \(statistics.hits)  mean \(mean)  sd \(sd)  in window \(window)"
        if let held, held.free { return line + "  free, " + held.comparisonText }
        if muted { line += "  no click" }
        if let held, muted { line += "  " + held.comparisonText }
        return line
    }

    /// A tempo for the screen: whole BPM without decimals ("120"), others with
    /// one ("97.5").
    public static func bpmText(_ tempo: Tempo) -> String {
        tempo.milliBPM % 1000 == 0 ? "\(tempo.milliBPM / 1000)" : NumberText.fixed(tempo.bpm, 1)
    }
}
