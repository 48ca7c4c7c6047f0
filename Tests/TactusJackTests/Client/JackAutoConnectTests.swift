import Testing
import TactusJack

@Suite(.serialized)
struct JackAutoConnectTests {
    @Test func connectsExactAndRegexMatchesOnActivation() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let click = try client.registerPort(name: "click", type: .audio, direction: .output)
            try client.autoConnect(click, to: .exact("system:playback_1"))
            try client.autoConnect(click, to: .regex("playback_2$"))
            #expect(try client.connections(of: "tactus:click") == [])

            try client.activateIdle()
            let expected = ["system:playback_1", "system:playback_2"]
            try await TestWait.time(.seconds(30)).until("tactus:click auto-connected to \(expected)") {
                (try? client.connections(of: "tactus:click")) == expected
            }
            #expect(try client.connections(of: "tactus:click") == expected)
            #expect(client.takeAutoConnectFailures() == [])
        }
    }

    /// Settling waits for the connector's thread: once it returns, every
    /// connection asked for to a port that exists is there, with no polling.
    @Test func settlingWaitsUntilTheConnectionsAreMade() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            #expect(client.settleAutoConnections(timeout: .seconds(1)))
            let click = try client.registerPort(name: "click", type: .audio, direction: .output)
            try client.activateIdle()
            try client.autoConnect(click, to: .regex("^system:playback_[12]$"))
            try client.autoConnect(click, to: .exact("nosuch:port"))
            #expect(client.settleAutoConnections(timeout: .seconds(20)))
            #expect(try client.connections(of: "tactus:click") == ["system:playback_1", "system:playback_2"])
        }
    }

    @Test func connectsPortsThatAppearLater() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let input = try client.registerPort(name: "input", type: .midi, direction: .input)
            try client.autoConnect(input, to: .regex("^late:out_"))
            try client.activateIdle()

            let late = try JackClient(name: "late", server: server.name)
            _ = try late.registerPort(name: "out_1", type: .midi, direction: .output)
            _ = try late.registerPort(name: "out_2", type: .midi, direction: .output)
            _ = try late.registerPort(name: "out_audio", type: .audio, direction: .output)
            _ = try late.registerPort(name: "out_in", type: .midi, direction: .input)
            try late.activateIdle()

            let expected = ["late:out_1", "late:out_2"]
            try await TestWait.time(.seconds(30)).until("tactus:input auto-connected to \(expected)") {
                (try? client.connections(of: "tactus:input")) == expected
            }
            #expect(try client.connections(of: "tactus:input") == expected)

            // A connection removed by hand stays removed; a newer port still connects.
            try client.disconnect("late:out_1", "tactus:input")
            _ = try late.registerPort(name: "out_3", type: .midi, direction: .output)
            let afterwards = ["late:out_2", "late:out_3"]
            try await TestWait.time(.seconds(30)).until("tactus:input auto-connected to \(afterwards)") {
                (try? client.connections(of: "tactus:input")) == afterwards
            }
            #expect(try client.connections(of: "tactus:input") == afterwards)
            #expect(client.takeAutoConnectFailures() == [])
        }
    }

    @Test func matchesAnExactNameLiterally() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let input = try client.registerPort(name: "input", type: .midi, direction: .input)
            try client.autoConnect(input, to: .exact("late:a.(b)"))
            try client.activateIdle()

            let late = try JackClient(name: "late", server: server.name)
            _ = try late.registerPort(name: "axb", type: .midi, direction: .output)
            _ = try late.registerPort(name: "a.(b)", type: .midi, direction: .output)
            _ = try late.registerPort(name: "a.(b)c", type: .midi, direction: .output)
            try late.activateIdle()

            try await TestWait.time(.seconds(30)).until("tactus:input auto-connected to late:a.(b)") {
                (try? client.connections(of: "tactus:input")) == ["late:a.(b)"]
            }
            #expect(try client.connections(of: "tactus:input") == ["late:a.(b)"])
        }
    }

    @Test func reportsAPeerThatNeverBecomesConnectable() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient(name: "tactus", server: server.name)
            let input = try client.registerPort(name: "input", type: .midi, direction: .input)
            try client.autoConnect(input, to: .exact("idle:out"))
            try client.activateIdle()

            // JACK refuses connections to ports of clients that never activate.
            let idle = try JackClient(name: "idle", server: server.name)
            _ = try idle.registerPort(name: "out", type: .midi, direction: .output)

            var failures: [JackError] = []
            try await TestWait.time(.seconds(30)).until("an auto-connection failure") {
                failures += client.takeAutoConnectFailures()
                return !failures.isEmpty
            }
            #expect(failures == [.connectFailed(source: "idle:out", destination: "tactus:input", code: -1)])
        }
    }
}
