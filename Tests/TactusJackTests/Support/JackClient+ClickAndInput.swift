import TactusJack

extension JackClient {
    /// An active client `tactus` on `server` with an audio output `click`
    /// and a MIDI input `input`, not yet connected.
    static func clickAndInput(on server: JackTestServer) throws -> JackClient {
        let client = try JackClient(name: "tactus", server: server.name)
        _ = try client.registerPort(name: "click", type: .audio, direction: .output)
        _ = try client.registerPort(name: "input", type: .midi, direction: .input)
        try client.activateIdle()
        return client
    }
}
