/// Counts of offsets in fixed 5 ms bins from -50 ms to +50 ms. Bins are
/// half-open, [lower, lower + 5), except the last, which also holds +50; offsets
/// below -50 count as `under`, above +50 as `over`.
public struct OffsetHistogram: Hashable, Sendable {
    public static let binMs = 5.0
    public static let lowestMs = -50.0
    public static let binCount = 20

    /// Count per bin, from the bin starting at -50 ms upwards.
    public private(set) var counts: [Int]
    public private(set) var under: Int
    public private(set) var over: Int

    init() {
        self.init(counts: Array(repeating: 0, count: Self.binCount), under: 0, over: 0)
    }

    init(counts: [Int], under: Int, over: Int) {
        self.counts = counts
        self.under = under
        self.over = over
    }

    /// Lower edge of bin `index` in ms.
    public static func lowerMs(ofBin index: Int) -> Double { lowestMs + Double(index) * binMs }

    public mutating func add(_ offsetMs: Double) {
        let highestMs = Self.lowestMs + Double(Self.binCount) * Self.binMs
        if offsetMs.isNaN {
            over += 1
        } else if offsetMs < Self.lowestMs {
            under += 1
        } else if offsetMs > highestMs {
            over += 1
        } else {
            let index = min(Int(((offsetMs - Self.lowestMs) / Self.binMs).rounded(.down)), Self.binCount - 1)
            counts[index] += 1
        }
    }
}

extension OffsetHistogram: Codable {
    enum CodingKeys: String, CodingKey {
        case binMs, bins, under, over
    }

    struct Bin: Codable {
        var lowerMs: Double
        var count: Int
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let bins = try c.decode([Bin].self, forKey: .bins)
        self.init(counts: bins.map(\.count), under: try c.decode(Int.self, forKey: .under), over: try c.decode(Int.self, forKey: .over))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.binMs, forKey: .binMs)
        try c.encode(counts.indices.map { Bin(lowerMs: Self.lowerMs(ofBin: $0), count: counts[$0]) }, forKey: .bins)
        try c.encode(under, forKey: .under)
        try c.encode(over, forKey: .over)
    }
}
