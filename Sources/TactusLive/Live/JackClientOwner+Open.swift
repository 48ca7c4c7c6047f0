import TactusCore
import TactusJack

extension JackClientOwner {
    /// A JACK client of `tactus COMMAND`: made by `make`, activated and
    /// readied by `ready`; what fails becomes `failure`'s error, and a client
    /// made is closed when its activation or `ready` fails. Says, the
    /// first time, when the process's memory could not be locked
    /// (``MemoryLock``): the command runs on.
    public static func open<Owner: JackClientOwner, Failure: Error>(
        for command: String, failure: (any Error) -> Failure, _ make: () throws -> Owner, ready: (Owner) throws -> Void = { _ in }
    ) throws(Failure) -> Owner {
        let owner: Owner
        do {
            owner = try make()
        } catch {
            throw failure(error)
        }
        do {
            try owner.activate()
            try ready(owner)
        } catch {
            owner.close()
            throw failure(error)
        }
        if let notice = MemoryLock.takeRefusalNotice() { StandardStreams.warn("tactus \(command)", notice) }
        return owner
    }
}

extension JackEngineHost {
    /// The engine's client of `tactus COMMAND` (``JackClientOwner/open(for:failure:_:ready:)``),
    /// exit 3 when JACK refuses; with `cycles`, exit 3 too when the server
    /// runs no cycle within 5 s, or runs at another rate than `sampleRate`
    /// (``JackEngineHost/awaitCycles(within:at:)``).
    public static func open(
        for command: String, cycles: Bool = false, sampleRate: Int? = nil, _ make: () throws -> JackEngineHost,
        ready: (JackEngineHost) throws -> Void = { _ in }
    ) throws(CommandLineError) -> JackEngineHost {
        try open(for: command, failure: { CommandLineError("\($0)", exitCode: .unavailable) }, make) { host in
            try ready(host)
            if cycles { try host.awaitCycles(within: .seconds(5), at: sampleRate) }
        }
    }
}
