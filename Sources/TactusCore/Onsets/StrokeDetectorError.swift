/// Settings a `StrokeDetector` cannot use: the field and what is wrong.
public typealias StrokeDetectorError = SettingError<StrokeDetectorDomain>

/// The stroke detector's settings, as the domain of ``StrokeDetectorError``.
public enum StrokeDetectorDomain {}
