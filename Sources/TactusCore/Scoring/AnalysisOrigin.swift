/// Where bar 1 of the grid falls in a recorded MIDI file.
public enum AnalysisOrigin: Hashable, Sendable {
    /// Tick 0.
    case fileStart
    /// `thousandths / 1000` beats into the file, counted as the file counts
    /// them: its beat (the meter's, or `--meter`'s) and its tempo map.
    case beats(thousandths: Int64)
    /// A time from tick 0, in microseconds.
    case time(microseconds: Int64)
}
