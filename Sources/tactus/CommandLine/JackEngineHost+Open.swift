import TactusCore
import TactusJack

extension JackEngineHost {
    /// The JACK client of `tactus COMMAND`: made by `make` (JACK's own messages
    /// silenced), activated and readied by `ready`, exit 3 when JACK refuses;
    /// with `cycles`, exit 3 too when the server runs no cycle within 5 s.
    static func open(
        for command: String, cycles: Bool = false, _ make: () throws -> JackEngineHost,
        ready: (JackEngineHost) throws -> Void = { _ in }
    ) throws(CommandLineError) -> JackEngineHost {
        JackMessages.silence()
        let host = try CommandLineError.catching(exitCode: .unavailable) {
            let host = try make()
            try host.activate()
            try ready(host)
            return host
        }
        Tactus.warnIfMemoryUnlocked("tactus \(command)")
        guard !cycles || host.waitForFirstCycle(timeout: .seconds(5)) else {
            throw CommandLineError("JACK server '\(host.serverName)' is not running cycles", exitCode: .unavailable)
        }
        return host
    }
}
