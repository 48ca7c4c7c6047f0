import TactusCore
import TactusLive

extension MIDIFile {
    /// The file `bytes` (read from `path`) hold, or exit 4 naming it and what
    /// is wrong; damage read past is a warning of `tactus COMMAND` on stderr.
    static func read(
        _ bytes: consuming [UInt8], path: String, channelMessages: SMFChannelMessages = .all, for command: String
    ) throws(CommandLineError) -> MIDIFile {
        let (file, warnings) = try CommandLineError.catching(exitCode: .badInput, file: path) {
            try read(bytes, channelMessages: channelMessages)
        }
        for warning in warnings {
            StandardStreams.warn("tactus \(command)", "\(path): \(warning)")
        }
        return file
    }
}
