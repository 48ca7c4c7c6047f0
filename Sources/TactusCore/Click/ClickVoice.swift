/// What a click sounds like: one of the built-in synthesised voices, or a
/// sample from a WAV file.
public enum ClickVoice: Hashable, Sendable {
    /// A short resonant knock, two inharmonic partials.
    case woodblock
    /// A square-wave beep.
    case beep
    /// A sine bell with a slower decay and bell-like partials.
    case bell
    /// Filtered noise like a closed hi-hat (seeded, so every render is identical).
    case hat
    /// A recorded sound.
    case sample(ClickSample)

    /// The voices `--sound` accepts by name, the default first.
    public static let builtIn: [ClickVoice] = [.woodblock, .beep, .bell, .hat]

    /// The built-in voice called `name`, if there is one.
    init?(named name: String) {
        guard let voice = Self.builtIn.first(where: { $0.name == name }) else { return nil }
        self = voice
    }

    public var name: String {
        switch self {
        case .woodblock: "woodblock"
        case .beep: "beep"
        case .bell: "bell"
        case .hat: "hat"
        case .sample(let sample): sample.name
        }
    }
}
