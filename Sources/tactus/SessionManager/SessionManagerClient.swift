import Dispatch
import Foundation
import TactusCore
import TactusLive

/// The bare `tactus` started by a session manager (`NSM_URL` set, NSM API
/// 1.1): announces itself from one UDP socket, waits for
/// `/nsm/client/open`, keeps everything under the folder it names (the XDG
/// folders point there), and runs a session as `tactus run` would, its
/// JACK client named by the `client_id`, stopped until a start comes.
enum SessionManagerClient {
    /// How long the server has to answer the announce.
    static let announceLimit: Duration = .seconds(5)
    /// How long the server has, after answering, to send open.
    static let openLimit: Duration = .seconds(30)

    static func main(url: String) -> ExitCode {
        do {
            return try run(url: url)
        } catch {
            return Tactus.fail("tactus", error)
        }
    }

    static func run(url: String) throws(CommandLineError) -> ExitCode {
        guard case .address(let host, let port)? = RemoteReturn(url: url),
              let server = UDPAddress.resolve(host: host, port: port) else {
            throw .usage("NSM_URL: '\(url)' is not osc.udp://HOST:PORT/ of a session manager")
        }
        let socket: UDPSocket
        do {
            socket = try UDPSocket(bindingTo: UDPAddress(host: "0.0.0.0", port: 0)!)
        } catch {
            throw .failure("NSM_URL: cannot open a UDP socket: \(error)")
        }
        let control = RemoteControl(socket: socket, server: server)
        defer { control.stop() }
        let arrived = DispatchSemaphore(value: 0)
        control.onMessage { arrived.signal() }
        control.send(NSMClientMessage.announce(name: "tactus", executable: "tactus", pid: getpid()), to: server)
        let clock = ContinuousClock()
        var announced = false
        var deadline = clock.now + announceLimit
        while true {
            for message in control.drainSessionMessages() {
                switch NSMMessage(message) {
                case .reply(to: "/nsm/server/announce", _)?:
                    announced = true
                    deadline = clock.now + openLimit
                case .error(to: "/nsm/server/announce", let code, let text)?:
                    throw .failure("the session manager at \(url) refused tactus: \(text) (error \(code))")
                case .open(let path, _, let clientID)?:
                    let link = SessionManagerLink(control: control, server: server, folder: path)
                    return try open(link, clientID: clientID)
                default:
                    break
                }
            }
            let left = deadline - clock.now
            guard left > .zero else {
                throw .failure(announced
                    ? "the session manager at \(url) did not send /nsm/client/open within \(openLimit.components.seconds) s"
                    : "no answer from a session manager at \(url) (NSM_URL) within \(announceLimit.components.seconds) s")
            }
            let milliseconds = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            _ = arrived.wait(timeout: .now() + .milliseconds(milliseconds))
        }
    }

    /// Opens the session in `link.folder` and runs it until SIGTERM.
    static func open(_ link: SessionManagerLink, clientID: String) throws(CommandLineError) -> ExitCode {
        let folder = link.folder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            link.openFailed(.createFailed, "cannot create \(folder)")
            throw .failure("\(folder): cannot create the session folder")
        }
        setenv("XDG_CONFIG_HOME", folder + "/config", 1)
        setenv("XDG_DATA_HOME", folder + "/data", 1)
        setenv("XDG_STATE_HOME", folder + "/state", 1)
        var command = RunCommand()
        command.live.clientName = clientID
        command.live.noUI = true
        command.live.startsStopped = true
        command.sessionManager = link
        if FileManager.default.fileExists(atPath: link.settingsPath) { command.timeline.configPath = link.settingsPath }
        if FileManager.default.fileExists(atPath: link.pedalMapPath) { command.pedalMap = link.pedalMapPath }
        do {
            let options = try sessionOptions(link.optionsPath)
            command.remote.port = options.oscPort
            command.remote.address = options.oscAddress ?? command.remote.address
            if options.followsTransport {
                command.live.transport = .follow
                command.live.startsStopped = false
            }
            try ClientNameOption.check(clientID, option: "client_id")
            try command.validate()
            return try command.run()
        } catch {
            link.openFailed(error.exitCode == .badInput ? .badProject : .launchFailed, error.message)
            throw error
        }
    }

    /// `session.json` in the session folder, if it is there.
    static func sessionOptions(_ path: String) throws(CommandLineError) -> SessionOptions {
        guard FileManager.default.fileExists(atPath: path) else { return SessionOptions() }
        let bytes = try FileSystem.read(path, limit: InputLimit.settings, what: "session options")
        let options = try CommandLineError.catching(exitCode: .badInput) { try SessionOptions(json: bytes, file: path) }
        if let address = options.oscAddress, UDPAddress(host: address, port: 0) == nil {
            throw .badInput(path, "oscAddress: expected an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(address)'")
        }
        return options
    }
}
