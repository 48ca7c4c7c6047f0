/// A `--sound` / `"sound"` value that names no voice.
public struct ClickSoundError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String

    public var description: String {
        let names = ClickVoice.builtIn.map(\.name)
        return "unknown sound '\(name)'\(Suggestion.hint(for: name, among: names)); expected \(names.joined(separator: ", ")) or a .wav file"
    }
}
