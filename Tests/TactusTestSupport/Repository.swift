import Foundation

/// The repository's folder (the one holding Package.swift), for the shipped
/// configs, schemas and examples the tests read.
public enum Repository {
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder }
            folder.deleteLastPathComponent()
        }
        fatalError("no Package.swift above \(#filePath)")
    }()

    /// `path` inside the repository, e.g. "Configs/pedals".
    public static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
