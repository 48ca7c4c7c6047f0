import Foundation
import TactusCore
import TactusLive

/// Finds a shipped config by bare name (`--pedal-map sustain-pedal`): in
/// `$XDG_CONFIG_HOME/tactus/KIND/` (or `~/.config/tactus/KIND/`), then in a
/// `Configs/KIND/` folder in the current directory, in the install prefix's
/// `share/tactus/KIND/` (the executable in `PREFIX/bin`), or above the
/// executable (the repository's, when run from a build).
enum ConfigSearch {
    /// The config `nameOrPath` names for `option` (a file, or a shipped one
    /// of `kind`), read by `read` from its bytes, its path and its name (the
    /// file's, without `.json`); each failure one line naming the option or
    /// the file.
    static func load<Config>(
        _ nameOrPath: String, kind: String, option: String, what: String, environment: [String: String],
        read: ([UInt8], _ path: String, _ name: String) throws(SettingError) -> Config
    ) throws(CommandLineError) -> Config {
        guard let path = resolve(nameOrPath, kind: kind, environment: environment) else {
            throw .option(option, "no file '\(nameOrPath)' and no shipped map of that name (see Configs/\(kind))")
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let bytes = try FileSystem.read(path, limit: InputLimit.settings, what: what)
        return try CommandLineError.catching(exitCode: .badInput) { try read(bytes, path, name) }
    }

    static func resolve(_ nameOrPath: String, kind: String, environment: [String: String]) -> String? {
        if FileManager.default.fileExists(atPath: nameOrPath) { return nameOrPath }
        guard !nameOrPath.contains("/") else { return nil }
        let file = nameOrPath.hasSuffix(".json") ? nameOrPath : nameOrPath + ".json"
        var folders: [String] = []
        if let user = xdgFile(kind, in: "XDG_CONFIG_HOME", orHome: ".config", environment: environment) { folders.append(user) }
        folders.append(FileManager.default.currentDirectoryPath + "/Configs/\(kind)")
        folders.append("\(installPrefix)/share/tactus/\(kind)")
        var directory = (executablePath as NSString).deletingLastPathComponent
        for _ in 0..<6 {
            folders.append("\(directory)/Configs/\(kind)")
            directory = (directory as NSString).deletingLastPathComponent
        }
        return folders.map { "\($0)/\(file)" }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The folder above the executable's (`/usr` for `/usr/bin/tactus`).
    static var installPrefix: String {
        ((executablePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    }

    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
