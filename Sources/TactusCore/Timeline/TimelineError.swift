/// A timeline setting that cannot be played, naming the field (`bpm`,
/// `subdivision`, `changes[2].bar`, …).
public typealias TimelineError = SettingError<TimelineDomain>

/// The timeline's settings, as the domain of ``TimelineError``.
public enum TimelineDomain {}
