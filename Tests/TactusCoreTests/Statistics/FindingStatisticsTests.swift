import Testing
@testable import TactusCore

@Suite struct FindingStatisticsTests {
    /// Quantiles and p-values as printed in any table of Student's t.
    @Test func studentTMatchesTheTables() {
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 1) - 12.7062) < 1e-3)
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 10) - 2.2281) < 1e-3)
        #expect(abs(StudentT.quantile(coverage: 0.95, df: 1e6) - 1.9600) < 1e-3)
        #expect(abs(StudentT.twoSidedP(2.2281, df: 10) - 0.05) < 1e-4)
        #expect(abs(StudentT.twoSidedP(1, df: 1) - 0.5) < 1e-9)
        #expect(StudentT.twoSidedP(0, df: 5) == 1)
    }

    @Test func meanOfIndependentValues() throws {
        // Mean 2.5, SD √(5/3), alternating so the lag-1 autocorrelation is negative (taken as 0).
        let mean = try #require(FindingStatistics.mean([1, 4, 2, 3]))
        #expect(mean.value == 2.5)
        #expect(abs(mean.standardError - (5.0 / 3 / 4).squareRoot()) < 1e-12)
        #expect(mean.degreesOfFreedom == 3)
        #expect(mean.n == 4)
    }

    /// Values that wander together are worth fewer independent ones.
    @Test func serialCorrelationShrinksTheEffectiveCount() throws {
        let wave: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1, 2]
        let wandering = wave + wave + wave
        let r = FindingStatistics.serialCorrelation(wandering)
        #expect(r > 0.7 && r <= 0.9)
        let mean = try #require(FindingStatistics.mean(wandering))
        let effective = 48 * (1 - r) / (1 + r)
        #expect(effective > 2 && effective < 8)
        #expect(abs(mean.degreesOfFreedom - (effective - 1)) < 1e-12)
        #expect(abs(mean.standardError - (try #require(sampleVariance(wandering)) / effective).squareRoot()) < 1e-12)
        #expect(FindingStatistics.effectiveCount(100, serialCorrelation: 0.5) == 100.0 / 3)
    }

    /// Welch: groups {1, 2, 3} and {4, 6, 8, 10}: difference -5, error
    /// √(1/3 + 20/3/4) = √2, degrees of freedom 4 / (1/9/2 + (5/3)²/3) = 4.27.
    @Test func welchDifference() throws {
        let difference = try #require(FindingStatistics.difference([1, 2, 3], [4, 6, 8, 10]))
        #expect(difference.value == -5)
        #expect(abs(difference.standardError - 2.0.squareRoot()) < 1e-12)
        #expect(abs(difference.degreesOfFreedom - 4 / (1.0 / 18 + 25.0 / 27)) < 1e-9)
        #expect(FindingStatistics.difference([1], [2, 3]) == nil)
    }

    @Test func slopeOfAStraightLineHasNoError() throws {
        let slope = try #require(FindingStatistics.slope(x: [0, 1, 2, 3], y: [1, 3, 5, 7]))
        #expect(slope.value == 2)
        #expect(slope.standardError == 0)
        #expect(FindingStatistics.slope(x: [1, 1, 1], y: [1, 2, 3]) == nil)
    }

    /// Residuals +1, -1, -1, +1 around y = x: s² = 4/2, Sxx = 5, r1 negative.
    @Test func slopeErrorFromTheResiduals() throws {
        let slope = try #require(FindingStatistics.slope(x: [0, 1, 2, 3], y: [1, 0, 1, 4]))
        #expect(abs(slope.value - 1) < 1e-12)
        #expect(abs(slope.standardError - (2.0 / 5).squareRoot()) < 1e-12)
        #expect(slope.degreesOfFreedom == 2)
    }

    /// Holm: 0.01 ≤ 0.05/4, 0.015 ≤ 0.05/3, 0.03 > 0.05/2 stops there.
    @Test func holmStepsDownUntilOneFails() {
        #expect(FindingStatistics.holm([0.03, 0.01, 0.2, 0.015]) == [false, true, false, true])
        #expect(FindingStatistics.holm([0.04]) == [true])
        #expect(FindingStatistics.holm([]) == [])
    }

    @Test func spreadIntervalHoldsTheSpread() {
        let ci = FindingStatistics.spreadInterval(sd: 10, n: 101)
        // χ² with 100 degrees of freedom: 74.22 and 129.56.
        #expect(abs(ci[0] - 10 * (100 / 129.561).squareRoot()) < 0.01)
        #expect(abs(ci[1] - 10 * (100 / 74.222).squareRoot()) < 0.01)
    }

    /// The sample variance of `values`.
    func sampleVariance(_ values: [Double]) -> Double? {
        var moments = RunningMoments()
        for value in values { moments.add(value) }
        return moments.sampleVariance
    }
}
