/// `$VARIABLE/tactus/FILE`, or `$HOME/HOME_FOLDER/tactus/FILE` when VARIABLE
/// is unset, empty or relative (the XDG base directory spec says to ignore
/// relative paths); nil when neither gives an absolute directory.
public func xdgFile(_ file: String, in variable: String, orHome homeFolder: String, environment: [String: String]) -> String? {
    func directory(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        var trimmed = value
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed == "/" ? "" : trimmed
    }
    if let base = directory(environment[variable]) { return base + "/tactus/" + file }
    return directory(environment["HOME"]).map { $0 + "/" + homeFolder + "/tactus/" + file }
}

/// As `xdgFile`, for a file that must be written somewhere: when neither
/// VARIABLE nor HOME is absolute, `FALLBACK/HOME_FOLDER/tactus/FILE`, as if
/// FALLBACK were HOME (a service started without HOME keeps its reports).
public func xdgFile(_ file: String, in variable: String, orHome homeFolder: String, environment: [String: String],
                    orElseUnder fallback: String) -> String {
    xdgFile(file, in: variable, orHome: homeFolder, environment: environment) ?? fallback + "/" + homeFolder + "/tactus/" + file
}
