/// How much a calibration can be trusted, from the spread of its measurements.
public enum CalibrationQuality: String, Hashable, Sendable, CaseIterable {
    case good
    /// Usable, but another run would likely give a closer value.
    case fair
    /// Too scattered to use.
    case poor
}
