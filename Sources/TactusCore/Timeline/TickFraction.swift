/// A place in a MIDI file's ticks as an exact fraction, for grid positions
/// that fall between ticks (a dotted beat at an odd PPQ, an origin given in
/// milliseconds). Kept in lowest terms; the denominator is above 0.
struct TickFraction: Hashable, Sendable, Comparable {
    let numerator: Int128
    let denominator: Int128

    init(_ whole: Int) {
        numerator = Int128(whole)
        denominator = 1
    }

    /// `numerator / denominator`; `denominator` must not be 0.
    init(_ numerator: Int128, over denominator: Int128) {
        let sign: Int128 = denominator < 0 ? -1 : 1
        let divisor = Self.gcd(numerator.magnitude, denominator.magnitude)
        let common = divisor == 0 ? 1 : Int128(divisor)
        self.numerator = sign * numerator / common
        self.denominator = sign * denominator / common
    }

    /// ⌊self⌋.
    var floor: Int128 {
        let quotient = numerator / denominator
        return numerator % denominator < 0 ? quotient - 1 : quotient
    }

    /// ⌈self⌉.
    var ceiling: Int128 {
        let below = floor
        return below * denominator == numerator ? below : below + 1
    }

    static func + (a: TickFraction, b: TickFraction) -> TickFraction {
        TickFraction(a.numerator * b.denominator + b.numerator * a.denominator, over: a.denominator * b.denominator)
    }

    static func - (a: TickFraction, b: TickFraction) -> TickFraction {
        TickFraction(a.numerator * b.denominator - b.numerator * a.denominator, over: a.denominator * b.denominator)
    }

    static func * (a: TickFraction, factor: Int128) -> TickFraction {
        TickFraction(a.numerator * factor, over: a.denominator)
    }

    /// How many whole `step`s fit from 0 up to `self`, rounded up (`step` above 0).
    func steps(of step: TickFraction, roundingUp: Bool) -> Int128 {
        let ratio = TickFraction(numerator * step.denominator, over: denominator * step.numerator)
        return roundingUp ? ratio.ceiling : ratio.floor
    }

    static func < (a: TickFraction, b: TickFraction) -> Bool {
        a.numerator * b.denominator < b.numerator * a.denominator
    }

    static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
