import Foundation
import Glibc
import TactusCore
import TactusJack

/// `tactus-bench control`: a JACK client that does nothing but spin for a
/// fixed time each cycle and measure its cycles with the same meter as
/// tactus. Run beside tactus on one server, it shows what the machine alone
/// does to a callback: a cycle of its own over a period in CPU time is the
/// kernel's or the hypervisor's, since its work never changes. It runs until
/// SIGINT or SIGTERM, then prints its cost as one JSON object (the report's
/// `source.processCycle` fields).
enum ControlClient {
    static func run(arguments: [String]) throws {
        let options = try BenchOptions.parse(arguments, into: ControlOptions(), table: ControlOptions.optionTable, command: "control: ")
        guard let server = options.server else { throw BenchError("control: --server is required\n\n\(BenchOptions.usage)") }
        let (name, busy) = (options.name, UInt64(options.busyMicroseconds))

        // Blocked before libjack starts its threads, so only sigwait sees them.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let client = try BenchRecorder.connect(name: name, server: server)
        let host = try JackProcessHost(
            client, state: ControlClientState(busyMicroseconds: busy, sampleRate: client.sampleRate),
            process: ControlClientState.process)
        let budget = CycleBudget(frames: client.bufferSize, sampleRate: client.sampleRate)
        try host.activate()
        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        // Closed first: no cycle runs while the meter is read.
        client.close()

        let cost = host.state.pointee.meter.cost(budget: budget)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(cost) + Data("\n".utf8))
    }
}
