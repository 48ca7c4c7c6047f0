import Foundation
import Testing
import TactusTestSupport

/// Headless Chromium (Debian's `chromium` package, installed by Scripts/setup),
/// for rendering the HTML report as a browser does.
enum Chromium {
    /// The browser on PATH, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }()

    /// The browser, or a recorded failure saying how to get it: CI installs
    /// it, so a missing browser is a broken setup, not a reason to skip.
    static func require() -> URL? {
        guard let executable else {
            Issue.record("chromium is not installed: the HTML report is checked in headless Chromium; run Scripts/setup, which installs Debian's chromium package")
            return nil
        }
        return executable
    }

    /// Runs headless Chromium on `page` with `arguments`, with a fresh profile
    /// in `directory`; returns what it printed on stdout. A run longer than
    /// `timeout` seconds is stopped and recorded as a failure.
    static func run(_ executable: URL, page: URL, arguments: [String], in directory: URL, timeout: Double = 180) throws -> String {
        let output = directory.appendingPathComponent("chromium-\(UUID().uuidString).out")
        let chromium = try ChildProcess(
            executable.path,
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
             "--user-data-dir=\(directory.appendingPathComponent("profile").path)"] + arguments + [page.absoluteString],
            stdout: .file(output.path), stderr: .null)
        if !chromium.exited(within: .seconds(timeout)) {
            chromium.stop()
            Issue.record("chromium did not finish within \(Int(timeout)) s")
        }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
