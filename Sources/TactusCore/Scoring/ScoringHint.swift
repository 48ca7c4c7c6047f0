/// Advice on how a performance was scored, as one line each: the grid too
/// coarse for what was played (`SubdivisionHint`), or every subdivision
/// expected of a sparser part (`ExpectedHint`). `analyze`, the live summary
/// and the live view all take their hints from here.
public enum ScoringHint: Hashable, Sendable {
    case subdivision(SubdivisionHint)
    case expected(ExpectedHint)

    /// The report's hints, the subdivision's first. `--expected` is an
    /// option of `analyze` only, so only its reports are told of it.
    public static func hints(for report: PracticeReport) -> [ScoringHint] {
        let expected = report.source.kind == .analyze ? ExpectedHint(report: report).map(Self.expected) : nil
        return [SubdivisionHint(report: report).map(Self.subdivision), expected].compactMap { $0 }
    }

    public var text: String {
        switch self {
        case .subdivision(let hint): hint.text
        case .expected(let hint): hint.text
        }
    }
}
