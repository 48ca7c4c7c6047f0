import Foundation
import Glibc
import Testing
import TactusCore
import TactusTestSupport

/// The Debian package as a musician without Swift installs it: built by
/// `Scripts/package`, installed with dpkg as root, run from /usr/bin with no
/// Swift toolchain on `PATH` and none in the library path, its manual page
/// and completions used as a shell user would, then removed: nothing of it
/// is left behind.
@Suite(.serialized)
struct InstalledPackageJackTests {
    /// What the installed tactus runs with: the system's folders only.
    static let plain = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LD_LIBRARY_PATH": "", "HOME": "/root", "LANG": "C.UTF-8"]
    static let installed = URL(fileURLWithPath: "/usr/bin/tactus")

    /// Runs `command` with `arguments` in `environment` (the plain one
    /// unless given) to its exit, within `limit`; its exit status and what it
    /// printed (stdout and stderr together, through a file). A command that
    /// leaves a daemon behind cannot be run this way (see `complete`).
    static func run(
        _ command: String, _ arguments: [String], environment: [String: String] = plain, limit: Duration = .seconds(60)
    ) throws -> (status: Int32, text: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("package-test-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let process = try ChildProcess(command, arguments, environment: environment, stdout: .file(outputPath))
        let status = try process.wait(for: "the end of \(command) \(arguments.joined(separator: " "))", within: limit)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Types `line` and a Tab into `shell` running in tmux, and returns the
    /// screen's line once the Tab has completed it (within 10 s).
    ///
    /// The tmux server is this test's own child, in the foreground (`-D`) on
    /// a socket of its own, and stopped at the end: no server outlives the test.
    static func complete(_ line: String, in shell: [String], setup: String) async throws -> String {
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("tactus-completion-\(UUID().uuidString)").path
        let server = try ChildProcess("/usr/bin/tmux", ["-D", "-S", socket, "-f", "/dev/null"], environment: plain)
        defer {
            server.stop(grace: .seconds(10))
            try? FileManager.default.removeItem(atPath: socket)
        }
        try await TestWait.time(.seconds(10)).until("tmux's server listening on \(socket)") {
            FileManager.default.fileExists(atPath: socket)
        }
        let tmux = { (arguments: [String]) throws in try run("/usr/bin/tmux", ["-S", socket] + arguments) }
        _ = try tmux(["new-session", "-d", "-s", "completion", "-x", "200", "-y", "20", "env", "PATH=/usr/bin:/bin"] + shell)
        if !setup.isEmpty { _ = try tmux(["send-keys", "-t", "completion", setup, "Enter"]) }
        _ = try tmux(["send-keys", "-t", "completion", line, "Tab"])
        var screen = ""
        try await TestWait.time(.seconds(10)).until("the completion of '\(line)' in \(shell[0])", detail: { screen }) {
            screen = try tmux(["capture-pane", "-p", "-t", "completion"]).text
            return screen.contains("tactus run --subdivision")
        }
        return screen
    }

    @Test(.enabled(if: getuid() == 0, "installs a package: needs root"))
    func thePackageInstallsRunsAndRemovesCleanly() async throws {
        // Built where Swift is, as a developer builds it.
        let built = try Self.run(
            TactusBinary.repository.appendingPathComponent("Scripts/package").path, [], environment: ProcessInfo.processInfo.environment,
            limit: .seconds(900))
        #expect(built.status == 0, "\(built.text)")
        let deb = try #require(built.text.split(separator: "\n").last.map(String.init))
        // lintian has nothing to say of it (Scripts/package prints what it says).
        #expect(!built.text.split(separator: "\n").contains { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }, "\(built.text)")
        let architecture = try Self.run("/usr/bin/dpkg", ["--print-architecture"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix("/tactus_\(TactusVersion.string)_\(architecture).deb"))
        let install = try Self.run("/usr/bin/dpkg", ["-i", deb])
        #expect(install.status == 0, "\(install.text)")
        let listed = try Self.run("/usr/bin/dpkg", ["-L", "tactus"]).text.split(separator: "\n").map(String.init)
        let files = listed.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        var removed = false
        defer { if !removed { _ = try? Self.run("/usr/bin/dpkg", ["-P", "tactus"]) } }
        #expect(files.contains("/usr/bin/tactus"))
        #expect(files.contains("/usr/share/man/man1/tactus.1.gz"))
        #expect(files.contains("/usr/share/tactus/pedals/two-switch-cc.json"))
        #expect(files.contains("/usr/share/tactus/schema/tactus.report-1.schema.json"))
        #expect(files.contains("/usr/share/bash-completion/completions/tactus"))
        #expect(files.contains("/usr/share/zsh/vendor-completions/_tactus"))
        #expect(files.contains("/usr/share/fish/vendor_completions.d/tactus.fish"))

        // No Swift library is linked: only the system's.
        let libraries = try Self.run("/usr/bin/ldd", [Self.installed.path]).text
        #expect(!libraries.contains("swift") && !libraries.contains("Foundation") && !libraries.contains("not found"), "\(libraries)")
        #expect(libraries.contains("libjack.so") && libraries.contains("libasound.so"))
        #expect(try Self.run(Self.installed.path, ["--version"]) == (0, "tactus \(TactusVersion.string)\n"))

        // The click it renders is the built one's, byte for byte.
        let folder = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let render = ["render", "--bpm", "97", "--meter", "7/8", "--subdivision", "2", "--bars", "2"]
        let fromPackage = try Self.run(Self.installed.path, render + ["--out", folder.appendingPathComponent("installed.wav").path])
        #expect(fromPackage.status == 0, "\(fromPackage.text)")
        let fromBuild = try await TactusChild(render + ["--out", folder.appendingPathComponent("built.wav").path]).result()
        #expect(fromBuild.exitCode == 0)
        let installedWAV = try Data(contentsOf: folder.appendingPathComponent("installed.wav"))
        #expect(installedWAV == (try Data(contentsOf: folder.appendingPathComponent("built.wav"))))
        #expect(installedWAV.count > 44)

        // A short session on a dummy server, its pedal map found by name in
        // /usr/share/tactus from a folder that has no Configs/.
        try await JackTestServer.with { server in
            let report = folder.appendingPathComponent("session.json").path
            let session = try TactusChild(
                ["run", "--server", server.name, "--bpm", "240", "--bars", "2", "--no-ui", "--no-calibration",
                 "--pedal-map", "two-switch-cc", "--report", report],
                environment: Self.plain, binary: Self.installed)
            let result = try await session.result(within: .frames(12 * 48_000, of: server))
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stderr == "")
            #expect(try PracticeReport.read(report).bars.map(\.bar) == [1, 2])
        }

        // man finds the page.
        #expect(try Self.run("/usr/bin/man", ["-w", "tactus"]) == (0, "/usr/share/man/man1/tactus.1.gz\n"))
        let page = try Self.run("/usr/bin/man", ["-P", "cat", "tactus"])
        #expect(page.status == 0 && page.text.contains("JACK PORTS") && page.text.contains("tactus:player-NAME"))

        // Each shell's completion, loaded as the shell loads it, completes `tactus run --sub`.
        _ = try await Self.complete(
            "tactus run --sub", in: ["bash", "--norc", "-i"], setup: "source /usr/share/bash-completion/completions/tactus")
        _ = try await Self.complete(
            "tactus run --sub", in: ["zsh", "-f", "-i"],
            setup: "fpath=(/usr/share/zsh/vendor-completions $fpath); autoload -Uz compinit; compinit -u")
        let fish = try Self.run("/usr/bin/fish", ["-c", "complete -C 'tactus run --sub'"])
        #expect(fish.status == 0)
        let offered: [String] = fish.text.split(separator: "\n").map { line in String(line.prefix { $0 != "\t" }) }
        #expect(offered == ["--subdivision"])

        // Removed, it leaves nothing behind.
        let purge = try Self.run("/usr/bin/dpkg", ["-P", "tactus"])
        removed = true
        #expect(purge.status == 0, "\(purge.text)")
        #expect(files.filter { FileManager.default.fileExists(atPath: $0) } == [])
        #expect(!FileManager.default.fileExists(atPath: "/usr/share/tactus"))
        #expect(try Self.run("/usr/bin/dpkg", ["-s", "tactus"]).status != 0)
    }
}
