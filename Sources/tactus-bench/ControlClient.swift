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
    static let usage = BenchOptions.usage

    static func run(arguments: [String]) throws {
        var server: String?
        var name = "tactus-control"
        var busy: UInt64 = 20
        var rest = arguments[...]
        func value(_ option: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("control: \(option) needs a value\n\n\(usage)") }
            return next
        }
        while let option = rest.popFirst() {
            switch option {
            case "--server": server = try value(option)
            case "--name": name = try value(option)
            case "--busy-us":
                let text = try value(option)
                guard let microseconds = UInt64(text), microseconds <= 100_000 else {
                    throw BenchError("control: --busy-us: expected microseconds from 0 to 100000, got '\(text)'")
                }
                busy = microseconds
            default: throw BenchError("control: unknown option '\(option)'\n\n\(usage)")
            }
        }
        guard let server else { throw BenchError("control: --server is required\n\n\(usage)") }

        // Blocked before libjack starts its threads, so only sigwait sees them.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let client = try BenchRecorder.connect(name: name, server: server)
        let state = UnsafeMutablePointer<ControlClientState>.allocate(capacity: 1)
        state.initialize(to: ControlClientState(busyMicroseconds: busy, sampleRate: client.sampleRate))
        defer {
            state.deinitialize(count: 1)
            state.deallocate()
        }
        try client.setProcess(ControlClientState.process, context: UnsafeMutableRawPointer(state))
        let budget = CycleBudget(frames: client.bufferSize, sampleRate: client.sampleRate)
        try client.activate()
        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        client.close()

        let cost = state.pointee.meter.cost(budget: budget)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        FileHandle.standardOutput.write(try encoder.encode(cost) + Data("\n".utf8))
    }
}
