/// An ordered list of presets (songs) to step through with a pedal.
///
/// Navigation is clamped: next on the last preset stays on the last, previous
/// on the first stays on the first, so an extra press at the end of a set
/// never jumps back to the first song.
public struct Setlist: Hashable, Sendable {
    public var name: String
    /// In playing order; never empty when read from a file.
    public var presets: [SetlistPreset]

    public init(name: String, presets: [SetlistPreset]) {
        self.name = name
        self.presets = presets
    }

    /// The preset after `index`, or `index` itself on the last one.
    public func index(after index: Int) -> Int {
        clamped(index + 1)
    }

    /// The preset before `index`, or `index` itself on the first one.
    public func index(before index: Int) -> Int {
        clamped(index - 1)
    }

    private func clamped(_ index: Int) -> Int {
        min(max(index, 0), max(presets.count - 1, 0))
    }

    /// The preset called `name`, ignoring case (and surrounding spaces).
    public func index(named name: String) throws(SetlistSelectionError) -> Int {
        let wanted = Self.key(name)
        guard let index = presets.firstIndex(where: { Self.key($0.name) == wanted }) else {
            throw SetlistSelectionError(name: name, setlist: self.name, available: presets.map(\.name))
        }
        return index
    }

    /// Names that `preset` actions of `map` ask for but this setlist lacks.
    public func missingPresets(in map: PedalMap) -> [String] {
        map.bindings.compactMap { binding in
            guard case .preset(let name) = binding.action, (try? index(named: name)) == nil else { return nil }
            return name
        }
    }

    static func key(_ name: String) -> String {
        String(name.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
    }
}

/// A preset name that is not in the setlist; lists the ones that are.
public struct SetlistSelectionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var setlist: String
    public var available: [String]

    public var description: String {
        let hint = Suggestion.closest(to: name, among: available).map { " Did you mean '\($0)'?" } ?? ""
        return "no preset '\(name)' in setlist '\(setlist)'; presets: \(available.joined(separator: ", ")).\(hint)"
    }
}
