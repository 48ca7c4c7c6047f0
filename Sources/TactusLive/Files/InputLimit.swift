/// The most bytes tactus reads of each kind of input file: far above any
/// real one, far below what would exhaust memory.
public enum InputLimit {
    /// A Standard MIDI File: a million notes take about 8 MiB.
    public static let midi = 256 << 20
    /// A recording to analyse: an hour of 48 kHz stereo 32-bit takes 1.3 GiB.
    public static let audio = 2 << 30
    /// A report or a session journal: a three-hour session takes about 40 MiB.
    public static let report = 256 << 20
    /// A config, pedal map, setlist, calibration or practice state.
    public static let settings = 16 << 20
}
