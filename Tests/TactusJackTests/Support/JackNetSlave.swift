import Foundation
import Glibc
import TactusJack
import TactusTestSupport

/// A netjack2 pair on localhost: the test's dummy server as master with
/// jackd2's `netmanager` loaded on a UDP port of its own (`jack_load
/// netmanager -i "-a 127.0.0.1 -p PORT"`), and a second server, the slave,
/// on the net backend (`jackd -n NAME -d net -a 127.0.0.1 -p PORT -n far
/// -l 2 -i 1 -o 1`). On the master the slave is the client `far`:
/// `far:to_slave_N` carry audio to the slave's `system:capture_N`,
/// `far:midi_from_slave_1` brings what reaches the slave's
/// `system:midi_playback_1`, with the latencies netjack2 reports.
///
/// ``stop()`` unloads netmanager while the slave still runs, then stops
/// the slave (SIGTERM, waited for); then the master may stop. Every server
/// exits on its own in about 2 s in that order. Unloaded after the slave
/// has gone, netmanager's client waits on the synchronous master for a
/// cycle it never ends (10 s to deactivate, 2 s to close, jack_unload gives
/// up at 5 s) and the master then takes 24 s more to exit.
final class JackNetSlave {
    let master: JackTestServer
    let name: String
    let port: Int
    private let process: ChildProcess
    private let logPath: String
    private var stopped = false

    /// Loads netmanager on `master` and starts the slave; returns once a
    /// client can connect to the slave and `far` is on the master.
    init(master: JackTestServer, timeout: Duration = .seconds(30)) throws {
        self.master = master
        name = "tactus-net-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        port = Int.random(in: 20_000...59_999)
        logPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).log").path
        let load = try JackTool.run("jack_load", ["-s", master.name, "netmanager", "-i", "-a 127.0.0.1 -p \(port)"])
        guard load.status == 0 else { throw JackTestServerError("jack_load netmanager failed: \(load.text)") }
        process = try JackTool.start(
            "jackd", ["-n", name, "-d", "net", "-a", "127.0.0.1", "-p", "\(port)", "-n", "far", "-l", "2", "-i", "1", "-o", "1"],
            logPath: logPath)
        let deadline = ContinuousClock.now + timeout
        var probe = "not tried"
        var far = "not looked for"
        while true {
            if process.hasExited {
                let log = self.log
                stop()
                throw JackTestServerError("the netjack2 slave exited before accepting clients:\n\(log)")
            }
            do {
                try JackClient(name: "tactus-probe", server: name, exactName: false).close()
                probe = "opened"
                do {
                    far = try JackTool.latencies(server: master.name)["far:midi_from_slave_1"] == nil
                        ? "not on the master yet" : "on the master"
                } catch {
                    far = "not known (\(error))"
                }
                if far == "on the master" { return }
            } catch {
                probe = "refused (\(error))"
            }
            if ContinuousClock.now >= deadline {
                let log = self.log
                stop()
                throw JackTestServerError(
                    "the netjack2 pair was not ready within \(timeout): a client of the slave \(name): \(probe);"
                        + " far:midi_from_slave_1: \(far). The master said: \(masterSays). The slave's log:\n\(log)")
            }
            usleep(50_000)
        }
    }

    deinit {
        stop()
    }

    /// The link's latencies as netjack2 reports them on the master: the
    /// playback latency of `far:to_slave_1` (audio out to the slave) and the
    /// capture latency of `far:midi_from_slave_1` (MIDI back).
    func linkLatencies() throws -> (out: Int, back: Int) {
        let latencies = try JackTool.latencies(server: master.name)
        guard let out = latencies["far:to_slave_1"]?.playback, let back = latencies["far:midi_from_slave_1"]?.capture else {
            throw JackTestServerError("the netjack2 link reports no latencies: \(latencies)")
        }
        return (out, back)
    }

    var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// The master's log since netmanager started (its slaves, the `far`
    /// client, its errors), without the dummy driver's late-cycle lines.
    private var masterSays: String {
        let lines = master.log.split(separator: "\n")
        guard let start = lines.lastIndex(where: { $0.contains("Starting Jack NetManager") }) else {
            return "nothing of netmanager ('Starting Jack NetManager' is not in its log)"
        }
        return lines[start...].filter { !$0.hasPrefix("JackTimedDriver::Process XRun") }.joined(separator: " | ")
    }

    /// Unloads netmanager from the master, then stops the slave. Close the
    /// slave's clients first.
    func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? JackTool.run("jack_unload", ["netmanager", master.name])
        JackTool.terminate(process)
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
