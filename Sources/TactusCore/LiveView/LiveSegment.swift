/// One element of a live-view line (the tempo, the preset, a counter) with
/// how much it matters: when the line is too wide, the segments with the
/// highest `priority` number go first; priority 0 always stays.
struct LiveSegment: Hashable, Sendable {
    var spans: [LiveSpan]
    var priority: Int
    /// May be cut short, ending in "…", rather than left out.
    var shrinkable: Bool

    init(_ spans: [LiveSpan], priority: Int = 0, shrinkable: Bool = false) {
        self.spans = spans
        self.priority = priority
        self.shrinkable = shrinkable
    }

    init(_ text: String, _ style: LiveSpan.Style = .plain, priority: Int = 0, shrinkable: Bool = false) {
        self.init([LiveSpan(text, style)], priority: priority, shrinkable: shrinkable)
    }

    var width: Int { spans.reduce(0) { $0 + $1.width } }

    static let separator = "  "

    /// The segments joined by two spaces, leaving out (or shortening) the
    /// least important ones until the line fits in `width` columns. What
    /// still does not fit is cut by the caller.
    static func fit(_ segments: [LiveSegment], width: Int) -> [LiveSpan] {
        var kept = segments.filter { $0.width > 0 }
        func total() -> Int {
            kept.reduce(0) { $0 + $1.width } + separator.count * max(kept.count - 1, 0)
        }
        while total() > width {
            let candidates = kept.indices.filter { kept[$0].priority > 0 }
            guard let index = candidates.max(by: { (kept[$0].priority, $0) < (kept[$1].priority, $1) }) else { break }
            let room = width - (total() - kept[index].width)
            if kept[index].shrinkable && room >= 4 {
                let text = kept[index].spans.map(\.text).joined()
                kept[index].spans = [LiveSpan(DisplayWidth.prefix(text, width: room - 1) + "…", kept[index].spans.first?.style ?? .plain)]
                break
            }
            kept.remove(at: index)
        }
        var spans: [LiveSpan] = []
        for (index, segment) in kept.enumerated() {
            if index > 0 { spans.append(LiveSpan(separator)) }
            spans += segment.spans
        }
        return spans
    }
}
