/// A practice program setting that cannot be used, naming the field
/// (`step`, `everyBars`, `gate.maxSdMs`, `percent`, …).
public typealias PracticeProgramError = SettingError<PracticeProgramDomain>

/// The settings of a practice program, as the domain of ``PracticeProgramError``.
public enum PracticeProgramDomain {}
