/// The spread of a take's observations once the tendencies its findings name
/// are taken out: each named beat, part, position and drift is fitted in
/// turn (its group's mean, or the slope, against the rest as they stand then)
/// and removed, and the SD is taken of what is left, counting one degree of
/// freedom per tendency removed. With nothing named it is the plain SD.
struct ResidualSpread: Hashable, Sendable {
    var sd: Double
    /// The 95 % interval of `sd` (χ² with n − 1 − `removed` degrees of freedom).
    var ci95: [Double]
    /// Tendencies taken out.
    var removed: Int

    /// nil below two observations, or with no degree of freedom left.
    init?(_ observations: [FindingObservation], removing findings: [Finding]) {
        var residuals = observations.map(\.offsetMs)
        var removed = 0
        for finding in findings {
            switch finding.kind {
            case .beat, .subdivision, .position:
                let members = observations.indices.filter { Self.covers(finding, observations[$0].position) }
                guard !members.isEmpty, members.count < residuals.count else { continue }
                let sum = residuals.reduce(0, +)
                let groupSum = members.reduce(0) { $0 + residuals[$1] }
                let shift = groupSum / Double(members.count) - (sum - groupSum) / Double(residuals.count - members.count)
                for index in members { residuals[index] -= shift }
                removed += 1
            case .drift:
                guard let slope = FindingStatistics.slope(x: observations.map(\.minutes), y: residuals) else { continue }
                for index in residuals.indices { residuals[index] -= slope.value * observations[index].minutes }
                removed += 1
            default:
                continue
            }
        }
        let moments = RunningMoments(residuals)
        let n = observations.count
        guard n - removed > 1, let variance = moments.sampleVariance else { return nil }
        let sd = (variance * Double(n - 1) / Double(n - 1 - removed)).squareRoot()
        self.sd = sd
        self.ci95 = FindingStatistics.spreadInterval(sd: sd, n: n - removed)
        self.removed = removed
    }

    /// Whether `finding` speaks about the observation at `position`.
    private static func covers(_ finding: Finding, _ position: GridPosition) -> Bool {
        switch finding.kind {
        case .beat: position.beat == finding.beat && position.subdivision == 1
        case .subdivision: position.subdivision == finding.subdivision
        case .position: position.beat == finding.beat && position.subdivision == finding.subdivision
        default: false
        }
    }
}
