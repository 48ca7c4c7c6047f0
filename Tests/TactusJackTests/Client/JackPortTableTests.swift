import Testing
@testable import TactusJack

@Suite(.serialized)
struct JackPortTableTests {
    @Test func formatsPaddedColumnsWithoutTrailingSpaces() {
        let ports = [
            JackPortInfo(name: "system:capture_1", type: .audio, direction: .output, isPhysical: true, connections: []),
            JackPortInfo(
                name: "tactus:click", type: .audio, direction: .output, isPhysical: false,
                connections: ["system:playback_1", "system:playback_2"]
            ),
            JackPortInfo(name: "a2j:in", type: .midi, direction: .input, isPhysical: false, connections: ["tactus:clock"]),
            JackPortInfo(name: "x:y", type: .other("custom type"), direction: .input, isPhysical: false, connections: []),
        ]
        #expect(JackPortTable.format(ports) == """
            PORT              TYPE         DIR  PHYSICAL  CONNECTIONS
            system:capture_1  audio        out  yes       -
            tactus:click      audio        out  no        system:playback_1, system:playback_2
            a2j:in            midi         in   no        tactus:clock
            x:y               custom type  in   no        -

            """)
    }

    @Test func formatsAnEmptyListAsTheHeaderAlone() {
        #expect(JackPortTable.format([]) == "PORT  TYPE  DIR  PHYSICAL  CONNECTIONS\n")
    }

    @Test func listsTheServersPortsWithTheirConnections() async throws {
        try await JackTestServer.with { server in
            let client = try JackClient.clickAndInput(on: server)
            try client.connect("tactus:click", "system:playback_1")
            try client.connect("tactus:click", "system:playback_2")

            let ports = try JackPortInfo.list(server: server.name)
            #expect(ports == [
                JackPortInfo(name: "system:capture_1", type: .audio, direction: .output, isPhysical: true, connections: []),
                JackPortInfo(name: "system:capture_2", type: .audio, direction: .output, isPhysical: true, connections: []),
                JackPortInfo(
                    name: "system:playback_1", type: .audio, direction: .input, isPhysical: true,
                    connections: ["tactus:click"]
                ),
                JackPortInfo(
                    name: "system:playback_2", type: .audio, direction: .input, isPhysical: true,
                    connections: ["tactus:click"]
                ),
                JackPortInfo(
                    name: "tactus:click", type: .audio, direction: .output, isPhysical: false,
                    connections: ["system:playback_1", "system:playback_2"]
                ),
                JackPortInfo(name: "tactus:input", type: .midi, direction: .input, isPhysical: false, connections: []),
            ])
            #expect(JackPortTable.format(ports) == """
                PORT               TYPE   DIR  PHYSICAL  CONNECTIONS
                system:capture_1   audio  out  yes       -
                system:capture_2   audio  out  yes       -
                system:playback_1  audio  in   yes       tactus:click
                system:playback_2  audio  in   yes       tactus:click
                tactus:click       audio  out  no        system:playback_1, system:playback_2
                tactus:input       midi   in   no        -

                """)
        }
    }

    @Test func listingAMissingServerThrowsServerUnreachable() async throws {
        try await JackTestServer.with { _ in
            #expect(throws: JackError.serverUnreachable(server: "tactus-test-nowhere")) {
                try JackPortInfo.list(server: "tactus-test-nowhere")
            }
        }
    }
}
