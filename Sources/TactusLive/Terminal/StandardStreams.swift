import Foundation
import TactusCore

/// Standard output and standard error as tactus writes to them.
public enum StandardStreams {
    /// Writes to standard output; when its reader has gone (`| head`), what
    /// is left is dropped rather than the process stopped.
    public static func write(_ text: String) {
        try? FileSystem.write(Array(text.utf8), to: STDOUT_FILENO)
    }

    public static func write(_ bytes: UnsafeRawBufferPointer) {
        try? FileSystem.write(bytes, to: STDOUT_FILENO)
    }

    /// A warning on stderr that does not stop the command: `tactus report trend: warning: …`.
    public static func warn(_ prefix: String, _ message: String) {
        FileHandle.standardError.write(Data("\(prefix): warning: \(message)\n".utf8))
    }
}
