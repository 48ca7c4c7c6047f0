/// A run of live-view text in one style. Lines are built as spans so their
/// width can be measured and cut before any colour codes go in.
struct LiveSpan: Hashable, Sendable {
    enum Style: Hashable, Sendable {
        case plain
        case bold
        case dim
        /// An accented beat.
        case accent
        /// The beat now playing.
        case current
        /// Something wrong: dropped events, xruns, muted click.
        case warning
        case grade(HitGrade)
        /// The latest hit.
        case latest(HitGrade)
    }

    var text: String
    var style: Style

    init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }

    var width: Int { DisplayWidth.of(text) }

    /// SGR parameters of the style; nil for plain text.
    var sgr: String? {
        switch style {
        case .plain: nil
        case .bold: "1"
        case .dim: "2"
        case .accent: "1;33"
        case .current: "1;7"
        case .warning: "1;31"
        case .grade(let grade): Self.colour(grade)
        case .latest(let grade): "1;" + Self.colour(grade)
        }
    }

    static func colour(_ grade: HitGrade) -> String {
        switch grade {
        case .perfect: "32"
        case .good: "36"
        case .ok: "33"
        case .extra: "31"
        }
    }

    /// The spans as one line: with `color`, each styled span wrapped in its SGR
    /// code and a reset; neighbouring spans of one style are joined first.
    static func line(_ spans: [LiveSpan], color: Bool) -> String {
        guard color else { return spans.map(\.text).joined() }
        var merged: [LiveSpan] = []
        for span in spans where !span.text.isEmpty {
            if let last = merged.last, last.style == span.style {
                merged[merged.count - 1].text += span.text
            } else {
                merged.append(span)
            }
        }
        return merged.map { span in
            span.sgr.map { "\u{1B}[\($0)m\(span.text)\u{1B}[0m" } ?? span.text
        }.joined()
    }

    /// The spans cut to at most `width` columns.
    static func truncate(_ spans: [LiveSpan], to width: Int) -> [LiveSpan] {
        var room = max(width, 0)
        var result: [LiveSpan] = []
        for span in spans {
            guard room > 0 else { break }
            let kept = DisplayWidth.prefix(span.text, width: room)
            room -= DisplayWidth.of(kept)
            result.append(LiveSpan(kept, span.style))
            if kept.count < span.text.count { break }
        }
        return result
    }
}
