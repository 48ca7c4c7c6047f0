/// A recorded performance that cannot be scored with the settings given:
/// which setting or part of the file ("meter", "tempo at tick 1920",
/// "time signature at tick 0", "subdivision"), and what is wrong.
public typealias AnalysisError = SettingError<AnalysisDomain>

/// The analysis settings and file parts, as the domain of ``AnalysisError``.
public enum AnalysisDomain {}
