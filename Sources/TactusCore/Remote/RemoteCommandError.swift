/// Why an OSC message is no command tactus takes; sent back to its sender
/// as `/tactus/error` with the address (the error's `field`) and its message.
public typealias RemoteCommandError = SettingError<RemoteCommandDomain>

/// OSC remote commands, as the domain of ``RemoteCommandError``.
public enum RemoteCommandDomain {}
