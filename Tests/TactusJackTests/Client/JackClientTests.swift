import Glibc
import Testing
@testable import TactusJack

@Suite(.serialized)
struct JackClientTests {
    @Test func opensAndReadsTheServerSettings() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            #expect(client.name == "tactus")
            #expect(client.serverName == server.name)
            #expect(client.sampleRate == 48_000)
            #expect(client.bufferSize == 64)
            #expect(!client.isActive)
            try client.activateIdle()
            #expect(client.isActive)
            try client.deactivate()
            #expect(!client.isActive)
            client.close()
            client.close()
            #expect(throws: JackError.clientClosed(client: "tactus")) { try client.activate() }
            #expect(throws: JackError.clientClosed(client: "tactus")) { try client.ports() }
        }
    }

    @Test func refusesATakenNameUnlessAskedToPickAnother() async throws {
        try await JackTestServer.with { server in
            let first = try JackClient(name: "tactus", server: server.name)
            #expect(throws: JackError.clientNameTaken(client: "tactus", server: server.name)) {
                try JackClient(name: "tactus", server: server.name)
            }
            let second = try JackClient(name: "tactus", server: server.name, exactName: false)
            #expect(second.name == "tactus-01")
            first.close()
            second.close()
        }
    }

    @Test func namesTheUnknownServerItCannotReach() async throws {
        try await JackTestServer.with { _ in
            let missing = "tactus-test-missing-\(getpid())"
            #expect(throws: JackError.serverUnreachable(server: missing)) {
                try JackClient(name: "tactus", server: missing)
            }
            #expect(
                JackError.serverUnreachable(server: missing).description
                    == "cannot reach JACK server '\(missing)': is jackd running? (start one with: jackd -n \(missing) -d dummy)"
            )
        }
    }

    @Test func refusesASecondServerInOneProcess() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            #expect(throws: JackError.serverMismatch(openServer: server.name, requestedServer: "other")) {
                try JackClient(name: "tactus", server: "other")
            }
            client.close()
        }
    }

    @Test func registersPortsAndListsThemByRegex() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let click = try client.registerPort(name: "click", type: .audio, direction: .output)
            _ = try client.registerPort(name: "clock", type: .midi, direction: .output)
            _ = try client.registerPort(name: "input", type: .midi, direction: .input)
            let pedal = try client.registerPort(name: "pedal", type: .midi, direction: .input)

            #expect(click.name == "tactus:click")
            #expect(click.shortName == "click")
            #expect(click.type == .audio)
            #expect(click.direction == .output)
            #expect(!click.isPhysical)
            #expect(pedal.type == .midi)
            #expect(pedal.direction == .input)
            #expect(try client.port(named: "tactus:pedal") == pedal)

            #expect(try client.ports(matching: "^tactus:") == ["tactus:click", "tactus:clock", "tactus:input", "tactus:pedal"])
            #expect(try client.ports(matching: "^tactus:", type: .midi) == ["tactus:clock", "tactus:input", "tactus:pedal"])
            #expect(try client.ports(matching: "^tactus:", type: .midi, flags: .input) == ["tactus:input", "tactus:pedal"])
            #expect(try client.ports(matching: "c[lk]+ock$") == ["tactus:clock"])
            #expect(try client.ports(type: .audio, flags: [.physical, .input]) == ["system:playback_1", "system:playback_2"])
            #expect(try client.ports(matching: "^nothing:") == [])

            try client.unregisterPort(pedal)
            #expect(try client.ports(matching: "^tactus:", flags: .input) == ["tactus:input"])
            #expect(throws: JackError.portNotFound(port: "tactus:pedal")) { try client.port(named: "tactus:pedal") }

            #expect(throws: JackError.portRegistrationFailed(port: "click", client: "tactus")) {
                try client.registerPort(name: "click", type: .midi, direction: .input)
            }
        }
    }

    @Test func connectsAndDisconnects() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient.clickAndInput(on: server)

            try client.connect("tactus:click", "system:playback_1")
            try client.connect("tactus:click", "system:playback_2")
            try client.connect("tactus:click", "system:playback_1")
            // A client reads the graph the server last switched to, at the
            // start of a cycle; under load that can be a few cycles later.
            try await TestWait.time(.seconds(20)).until("both connections of tactus:click in the graph") { (try? client.connections(of: "tactus:click"))?.count == 2 }
            #expect(try client.connections(of: "tactus:click") == ["system:playback_1", "system:playback_2"])
            #expect(try client.connections(of: "system:playback_1") == ["tactus:click"])

            try client.disconnect("tactus:click", "system:playback_1")
            try await TestWait.time(.seconds(20)).until("the disconnection in the graph") { (try? client.connections(of: "tactus:click"))?.count == 1 }
            #expect(try client.connections(of: "tactus:click") == ["system:playback_2"])
            #expect(try client.connections(of: "system:playback_1") == [])

            let mismatch = #expect(throws: JackError.self) { try client.connect("tactus:click", "tactus:input") }
            guard case .connectFailed("tactus:click", "tactus:input", _) = mismatch else {
                Issue.record("expected connectFailed naming both ports, got \(String(describing: mismatch))")
                return
            }
            let missing = #expect(throws: JackError.self) { try client.disconnect("tactus:click", "system:playback_1") }
            guard case .disconnectFailed("tactus:click", "system:playback_1", _) = missing else {
                Issue.record("expected disconnectFailed naming both ports, got \(String(describing: missing))")
                return
            }
            #expect(throws: JackError.portNotFound(port: "nobody:out")) { try client.connections(of: "nobody:out") }
        }
    }

    @Test func readsLatencyRangesOnceConnected() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let click = try client.registerPort(name: "click", type: .audio, direction: .output)
            let input = try client.registerPort(name: "input", type: .audio, direction: .input)
            try client.activateIdle()
            #expect(try client.portLatencyRange(click, mode: .playback) == JackLatencyRange(min: 0, max: 0))

            // The dummy driver reports two periods of playback and one of capture latency.
            let playback = try client.port(named: "system:playback_1")
            let capture = try client.port(named: "system:capture_1")
            #expect(try client.portLatencyRange(playback, mode: .playback) == JackLatencyRange(min: server.playbackLatency, max: server.playbackLatency))
            #expect(try client.portLatencyRange(capture, mode: .capture) == JackLatencyRange(min: 64, max: 64))

            let changes = client.latencyChangeCount
            try client.connect("tactus:click", "system:playback_1")
            try client.connect("system:capture_1", "tactus:input")
            try await TestWait.time(.seconds(30)).until("the latencies of both connections") {
                (try? client.portLatencyRange(input, mode: .capture)) != JackLatencyRange(min: 0, max: 0)
                    && (try? client.portLatencyRange(click, mode: .playback)) != JackLatencyRange(min: 0, max: 0)
            }
            #expect(try client.portLatencyRange(click, mode: .playback) == JackLatencyRange(min: server.playbackLatency, max: server.playbackLatency))
            #expect(try client.portLatencyRange(input, mode: .capture) == JackLatencyRange(min: 64, max: 64))
            #expect(try client.portLatencyRange(click, mode: .capture) == JackLatencyRange(min: 0, max: 0))
            #expect(client.latencyChangeCount > changes)
        }
    }

    @Test(arguments: [SIGTERM, SIGKILL])
    func setsTheShutdownFlagWhenTheServerDies(signal: Int32) async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            _ = try client.registerPort(name: "click", type: .audio, direction: .output)
            try client.activateIdle()
            #expect(!client.isShutDown)

            server.terminate(signal: signal)
            let deadline = ContinuousClock.now + .seconds(10)
            while !client.isShutDown, ContinuousClock.now < deadline {
                _ = client.waitForNotification(timeout: .milliseconds(100))
            }
            #expect(client.isShutDown)
            #expect(client.shutdownReason == "JACK server has been closed")
            let error = #expect(throws: JackError.self) { try client.connect("tactus:click", "system:playback_1") }
            guard case .serverShutDown(server.name, _) = error else {
                Issue.record("expected serverShutDown naming \(server.name), got \(String(describing: error))")
                return
            }
            client.close()
        }
    }

    /// `jack_last_frame_time` outside the process callback is the first
    /// frame of the latest cycle: a period more each cycle. (JACK's
    /// wall-clock estimate, `jack_frame_time`, is no cycle count: it reads
    /// before the latest cycle's start where the machine's clock and the
    /// cycles disagree, so nothing is compared with it.)
    @Test func theLatestCyclesFrameTimeAdvancesAPeriodACycle() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            try client.activateIdle()
            let first = Int64(client.lastFrameTime)
            try await TestWait.frames(20 * 64, of: server).until("ten cycles after frame \(first)") {
                Int64(client.lastFrameTime) >= first + 10 * 64
            }
            let later = Int64(client.lastFrameTime)
            #expect(first % 64 == 0)
            #expect(later % 64 == 0)
            #expect(later >= first + 10 * 64)
        }
    }

    @Test func wakesTheControlThreadOnRequest() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            while client.waitForNotification(timeout: .zero) {}
            #expect(!client.waitForNotification(timeout: .milliseconds(1)))
            client.wake()
            #expect(client.waitForNotification(timeout: .seconds(30)))
        }
    }
}
