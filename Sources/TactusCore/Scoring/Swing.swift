/// Swung eighths: the off-beat sits `long/(long+short)` of the way through the
/// beat instead of half way (2:1 is triplet swing, 3:1 a dotted feel).
public struct Swing: Hashable, Sendable, Codable {
    public var long: Int
    public var short: Int

    public init(long: Int, short: Int) {
        self.long = long
        self.short = short
    }

    public static let triplet = Swing(long: 2, short: 1)
}
