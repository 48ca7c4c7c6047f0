/// What `tactus run` does with the JACK transport (`--transport`).
public enum TransportMode: String, Hashable, Sendable {
    /// Leave it alone.
    case off
    /// Be its timebase master: publish bars, beats and tempo, roll it from
    /// bar 1 and stop it with the click.
    case master
    /// Click along its master's tempo, meter and position while it rolls.
    case follow
}
