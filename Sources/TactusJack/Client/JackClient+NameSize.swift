import CJack

extension JackClient {
    /// The longest client name JACK takes, in bytes: `jack_client_name_size()`
    /// less the terminating NUL it counts (64 with JACK 2, whose libjack
    /// refuses a longer name before it reaches the server). Needs no server.
    public static var maximumNameBytes: Int { Int(jack_client_name_size()) - 1 }
}
