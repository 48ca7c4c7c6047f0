/// The ANSI control sequences the live view uses, and the text of one
/// in-place redraw. Pure text; writing it is the caller's business.
public enum TerminalControl {
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// The alternate screen keeps the shell's scrollback untouched while the
    /// view runs; leaving it brings the shell's screen back.
    public static let enterAlternateScreen = "\u{1B}[?1049h"
    public static let leaveAlternateScreen = "\u{1B}[?1049l"
    public static let resetAttributes = "\u{1B}[0m"
    public static let cursorHome = "\u{1B}[H"
    public static let clearToEndOfLine = "\u{1B}[K"
    public static let clearBelow = "\u{1B}[J"

    /// One redraw: cursor home, each line overwritten and cleared to its end,
    /// then everything below cleared. Nothing is erased before it is redrawn,
    /// so the screen does not flicker. At most `rows` lines are drawn, and the
    /// last has no line break, so the screen never scrolls.
    public static func redraw(_ lines: [String], rows: Int? = nil) -> String {
        let shown = rows.map { Array(lines.prefix(max($0, 0))) } ?? lines
        var text = cursorHome
        for (index, line) in shown.enumerated() {
            if index > 0 { text += "\r\n" }
            text += line + clearToEndOfLine
        }
        return text + clearBelow
    }

    /// What to restore on the way out: attributes reset, cursor shown, the
    /// shell's screen back.
    public static let exitSequence = resetAttributes + showCursor + leaveAlternateScreen

    /// What to send on the way in.
    public static let entrySequence = enterAlternateScreen + hideCursor

    /// Whether to colour output: only on a terminal, never when `NO_COLOR` is
    /// set to anything non-empty (no-color.org) or `TERM` is `dumb`.
    public static func usesColor(environment: [String: String], isTerminal: Bool) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
