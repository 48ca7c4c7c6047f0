import Foundation
import TactusTestSupport

extension TactusBinary {
    /// A fresh empty folder with `config` and `data` inside, and the
    /// environment that points tactus at them and keeps it from starting a
    /// JACK server of its own.
    static func scratch() throws -> (folder: URL, environment: [String: String]) {
        let folder = try scratchFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["JACK_NO_START_SERVER"] = "1"
        return (folder, environment)
    }
}
