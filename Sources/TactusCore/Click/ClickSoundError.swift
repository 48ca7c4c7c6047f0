/// A `--sound` / `"sound"` value that names no voice.
public struct ClickSoundError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String

    public var description: String {
        let names = ClickVoice.builtIn.map(\.name).joined(separator: ", ")
        return "unknown sound '\(name)'; expected \(names) or a .wav file"
    }
}
