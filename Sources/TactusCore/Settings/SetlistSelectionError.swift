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
