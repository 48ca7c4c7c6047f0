import Glibc
import Synchronization
import Testing
import TactusEngine
@testable import TactusJack

@Suite(.serialized)
struct JackXrunTests {
    /// On a server in JACK's default, asynchronous mode, as a player runs it.
    @Test func countsTheXrunOfAStalledCycle() async throws {
        try await JackTestServer.with(mode: .asynchronous) { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let stall = UnsafeMutablePointer<Atomic<Bool>>.allocate(capacity: 1)
            stall.initialize(to: Atomic(false))
            defer {
                client.close()
                stall.deinitialize(count: 1)
                stall.deallocate()
            }
            try client.setProcess(StallingProcess.process, context: UnsafeMutableRawPointer(stall))
            try client.activate()
            // A loaded machine may add xruns of its own; the stall adds at least one.
            let before = client.xrunCount
            stall.pointee.store(true, ordering: .releasing)
            try await TestWait.time(.seconds(30)).until("the end of the stalled cycle") { !stall.pointee.load(ordering: .acquiring) }
            let deadline = ContinuousClock.now + .seconds(30)
            while client.xrunCount == before, ContinuousClock.now < deadline {
                _ = client.waitForNotification(timeout: .milliseconds(100))
            }
            let stalled = !stall.pointee.load(ordering: .acquiring)
            #expect(stalled)
            #expect(client.xrunCount > before)
        }
    }
}

extension JackXrunTests {
    /// Another client stalls the server; tactus' process callback reports
    /// each xrun JACK counted with a frame of its own cycles (the cycle
    /// counter), between the last cycle before the stall and the first after.
    @Test func theEngineHostStampsEachXrunWithACycleFrame() async throws {
        try await JackTestServer.with(mode: .asynchronous) { server in
            let host = try JackEngineHost.started(on: server)
            let client = try JackClient(name: "staller", server: server.name)
            let stall = UnsafeMutablePointer<Atomic<Bool>>.allocate(capacity: 1)
            stall.initialize(to: Atomic(false))
            defer {
                client.close()
                stall.deinitialize(count: 1)
                stall.deallocate()
            }
            try client.setProcess(StallingProcess.process, context: UnsafeMutableRawPointer(stall))
            try client.activate()
            try await TestWait.time(.seconds(10)).until("tactus's first cycle") { host.lastCycleEnd != nil }
            // The last cycle's end first, then the events: a cycle stores its
            // end after it has queued its events, so what the drain leaves
            // came from later cycles, stamped at that end or after. (Read the
            // other way round, an xrun a loaded machine added, reported by a
            // cycle that ended between the drain and the read, was stamped a
            // cycle before `ranBefore`.)
            let ranBefore = try #require(host.lastCycleEnd)
            _ = host.drainEvents()
            let before = host.xrunCount
            stall.pointee.store(true, ordering: .releasing)
            try await TestWait.time(.seconds(30)).until("the end of the stalled cycle") { !stall.pointee.load(ordering: .acquiring) }
            let deadline = ContinuousClock.now + .seconds(30)
            while host.xrunCount == before, ContinuousClock.now < deadline {
                host.waitForNotification(timeout: .milliseconds(100))
            }
            // Past the count: the next cycles read it and report.
            let counted = host.xrunCount
            let end = (host.lastCycleEnd ?? 0) + 48_000
            var xruns: [Int64] = []
            try await host.pollEvents(until: end) { events in
                for case .xrun(let frame) in events { xruns.append(frame) }
            }
            #expect(counted > before)
            #expect(xruns.count >= counted - before)
            // A loaded machine may add xruns while this polls: those counted
            // before `end` was read come first and lie before it.
            #expect(xruns.allSatisfy { $0 >= ranBefore })
            #expect(xruns.prefix(counted - before).allSatisfy { $0 < end })
        }
    }
}

/// A process callback that, once asked, blocks its cycle for 100 ms: far
/// longer than the 1.3 ms period, so the server reports an xrun.
enum StallingProcess {
    static let process: JackProcessFunction = { _, context in
        guard let context else { return 0 }
        let stall = context.assumingMemoryBound(to: Atomic<Bool>.self)
        if stall.pointee.exchange(false, ordering: .acquiringAndReleasing) {
            usleep(100_000)
        }
        return 0
    }
}
