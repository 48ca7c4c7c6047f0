/// A scoring setting that cannot be used, naming the setting ("windows.good",
/// "subdivision", "noteFilter.channels") and what is wrong.
public typealias ScoringError = SettingError<ScoringDomain>

/// The scoring settings, as the domain of ``ScoringError``.
public enum ScoringDomain {}
