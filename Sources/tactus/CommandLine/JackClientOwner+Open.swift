import TactusCore
import TactusJack

extension JackClientOwner {
    /// A JACK client of `tactus COMMAND`: made by `make`, activated and
    /// readied by `ready`; what fails becomes `failure`'s error. Says, the
    /// first time, when the process's memory could not be locked
    /// (``MemoryLock``): the command runs on.
    static func open<Owner: JackClientOwner, Failure: Error>(
        for command: String, failure: (any Error) -> Failure, _ make: () throws -> Owner, ready: (Owner) throws -> Void = { _ in }
    ) throws(Failure) -> Owner {
        let owner: Owner
        do {
            owner = try make()
            try owner.activate()
            try ready(owner)
        } catch {
            throw failure(error)
        }
        if let notice = MemoryLock.takeRefusalNotice() { Tactus.warn("tactus \(command)", notice) }
        return owner
    }
}

extension JackEngineHost {
    /// The engine's client of `tactus COMMAND` (``JackClientOwner/open(for:failure:_:ready:)``),
    /// exit 3 when JACK refuses; with `cycles`, exit 3 too when the server
    /// runs no cycle within 5 s.
    static func open(
        for command: String, cycles: Bool = false, _ make: () throws -> JackEngineHost, ready: (JackEngineHost) throws -> Void = { _ in }
    ) throws(CommandLineError) -> JackEngineHost {
        let host = try open(for: command, failure: { CommandLineError("\($0)", exitCode: .unavailable) }, make, ready: ready)
        guard !cycles || host.waitForFirstCycle(timeout: .seconds(5)) else {
            throw CommandLineError("JACK server '\(host.serverName)' is not running cycles", exitCode: .unavailable)
        }
        return host
    }
}
