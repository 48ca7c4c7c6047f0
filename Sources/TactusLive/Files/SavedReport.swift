import Foundation
import TactusCore

/// Where a session's report was written: the place asked for, or — when that
/// failed because its folder was removed or its disk is full — the same name
/// in `$TMPDIR` (or `/tmp`; `tactus-PID.json` when standard output was
/// asked for), with `problem` saying why.
struct SavedReport {
    let path: String
    /// Why the report is not at the path asked for; nil when it is.
    let problem: String?

    /// Writes the bytes `produce` hands over (a report's `writeJSON`)
    /// atomically (all or nothing) to `path`, else to the temporary folder,
    /// streaming them to each place through `OutputFile`; the failure names
    /// every place tried and why it failed. What `produce` throws itself
    /// passes through.
    static func write(to path: String, environment: [String: String], _ produce: OutputFile.Chunks) throws -> Result<SavedReport, Failure> {
        guard let problem = try attempt(produce, path) else { return .success(SavedReport(path: path, problem: nil)) }
        var tried = ["\(path) (\(problem))"]
        // Standard output (`-`, `/dev/stdout`) names no file to keep beside.
        let name = OutputFile.descriptor(namedBy: path) != nil ? "tactus-\(getpid()).json" : FileSystem.fileName(of: path)
        let folder = FileSystem.directory(of: path) ?? "."
        var places = [SessionFiles.temporaryDirectory(environment: environment)]
        if places[0] != "/tmp" { places.append("/tmp") }
        for directory in places where directory != folder {
            let fallback = directory + "/" + name
            guard let reason = try attempt(produce, fallback) else {
                return .success(SavedReport(path: fallback, problem: problem))
            }
            tried.append("\(fallback) (\(reason))")
        }
        return .failure(Failure(tried: tried))
    }

    /// Writes what `produce` hands over to `path`; returns why the file
    /// failed, or nil.
    private static func attempt(_ produce: OutputFile.Chunks, _ path: String) throws -> String? {
        let folder = FileSystem.directory(of: path) ?? "."
        guard FileSystem.isDirectory(folder) else {
            return "its folder \(folder) is gone"
        }
        do {
            try OutputFile.write(to: path, produce)
            return nil
        } catch let error as FileSystem.Failure {
            return "cannot write it: \(error.reason)"
        }
    }

    /// Every place tried, with why it failed.
    struct Failure: Error, CustomStringConvertible {
        let tried: [String]

        var description: String {
            "cannot write the report to " + tried.joined(separator: " nor to ")
        }
    }
}
