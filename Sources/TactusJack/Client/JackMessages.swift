import CJack

/// Where libjack's own error and info messages go. By default libjack prints
/// them to stderr, several lines per failed open ("Cannot connect to server
/// socket …"); a command that reports its own one-line ``JackError`` silences them.
public enum JackMessages {
    /// Discards libjack's messages (`jack_set_error_function`,
    /// `jack_set_info_function`), for the whole process.
    public static func silence() {
        jack_set_error_function(discard)
        jack_set_info_function(discard)
    }

    static let discard: @convention(c) (UnsafePointer<CChar>?) -> Void = { _ in }
}
