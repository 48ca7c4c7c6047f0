import TactusCore
import TactusJack

/// A `--name CLIENT` value, checked before any server is asked: JACK
/// refuses a longer name only with a bare "communication error".
enum ClientNameOption {
    /// `name` when JACK can take it — and `name + suffix`, for a command
    /// that opens a second client so named; else a usage error naming `option`.
    static func check(_ name: String, option: String = "--name", suffix: String = "") throws(CommandLineError) {
        guard !name.isEmpty, !name.contains(":") else {
            throw .option(option, "expected a client name without ':', got '\(name)'")
        }
        let limit = JackClient.maximumNameBytes - suffix.utf8.count
        guard name.utf8.count <= limit else {
            let why = suffix.isEmpty ? "" : " here (\(JackClient.maximumNameBytes) less the '\(suffix)' of the second client it names)"
            throw .option(option, "'\(name)' is \(name.utf8.count) bytes; JACK takes client names of at most \(limit) bytes\(why); give a shorter name")
        }
    }
}
