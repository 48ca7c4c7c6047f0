/// `count` frames `step` apart from `first`: a click's beats, a drummer's
/// strokes. Typed once here, so an expectation built from it does not leave
/// the compiler to guess the type of every literal beside it.
public func frames(from first: Int64, every step: Int64, count: Int) -> [Int64] {
    (0..<Int64(count)).map { first + $0 * step }
}
