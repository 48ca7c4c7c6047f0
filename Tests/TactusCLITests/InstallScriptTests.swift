import Foundation
import Testing
import TactusTestSupport

/// `Scripts/install` and `Scripts/uninstall` into a staging folder: the
/// files where a prefix puts them, the binary finding its shipped configs
/// there, and nothing left once uninstalled.
@Suite struct InstallScriptTests {
    /// Runs a script of the repository to its end (at most 15 minutes: the
    /// release build it starts with may be a cold one).
    static func script(_ name: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let script = try ChildProcess(
            TactusBinary.repository.appendingPathComponent("Scripts/\(name)").path, arguments, stdout: .captured)
        let status = try script.wait(for: "the end of Scripts/\(name)", within: .seconds(900))
        return (status, script.stdout)
    }

    @Test func installPutsEachFileUnderThePrefixAndUninstallTakesThemAway() throws {
        let stage = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: stage) }
        let installed = try Self.script("install", ["--prefix", "/opt/tactus", "--destdir", stage.path])
        #expect(installed.status == 0, "\(installed.text)")
        let root = stage.appendingPathComponent("opt/tactus")
        let list = try String(contentsOf: root.appendingPathComponent("share/tactus/installed-files"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        for file in ["bin/tactus", "share/man/man1/tactus.1", "share/tactus/pedals/two-switch-cc.json",
                     "share/tactus/setlists/example.json", "share/tactus/schema/tactus.report-1.schema.json",
                     "share/bash-completion/completions/tactus", "share/zsh/site-functions/_tactus",
                     "share/fish/vendor_completions.d/tactus.fish", "share/tactus/installed-files"] {
            #expect(list.contains(file), "\(file) not listed")
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) not installed")
        }
        // The man page is the repository's; the completions are what the binary writes.
        #expect(try Data(contentsOf: root.appendingPathComponent("share/man/man1/tactus.1"))
            == Data(contentsOf: TactusBinary.repository.appendingPathComponent("docs/tactus.1")))
        let bash = try TactusBinary.run(["help", "--completion", "bash"]).stdout
        #expect(try String(contentsOf: root.appendingPathComponent("share/bash-completion/completions/tactus"), encoding: .utf8) == bash)
        #expect(bash.contains("'run') options='") && bash.contains("--subdivision"))
        // Staged under DESTDIR, it finds its shipped configs from its own
        // prefix: a map it knows by name passes to the server (which is not
        // there), one it does not is refused.
        let work = try TactusBinary.scratchFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        func run(_ map: String) throws -> (status: Int32, errors: String) {
            let child = try TactusBinary.start(
                ["run", "--pedal-map", map, "--server", "tactus-no-such-server", "--no-ui"], in: work,
                environment: ["PATH": "/usr/bin:/bin", "HOME": work.path, "JACK_NO_START_SERVER": "1"],
                binary: root.appendingPathComponent("bin/tactus"), stdout: .null)
            let status = try child.wait(for: "exit of the staged tactus run")
            return (status, child.stderr)
        }
        let known = try run("two-switch-cc")
        #expect(known.status == 3, "\(known.errors)")
        #expect(!known.errors.contains("--pedal-map"))
        #expect(try run("no-such-map") == (2, "tactus run: --pedal-map: no file 'no-such-map' and no shipped map of that name (see Configs/pedals)\n"))

        let removed = try Self.script("uninstall", ["--prefix", "/opt/tactus", "--destdir", stage.path])
        #expect(removed.status == 0, "\(removed.text)")
        #expect(removed.text == "removed \(list.count) files of tactus from \(root.path)\n")
        // Every folder it made under the prefix goes with the files; the prefix stays.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [])
        #expect(try Self.script("uninstall", ["--prefix", "/opt/tactus", "--destdir", stage.path]).status == 4)
    }
}
