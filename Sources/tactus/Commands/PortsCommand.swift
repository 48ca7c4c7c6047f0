import Foundation
import TactusALSA
import TactusCore
import TactusJack
import TactusLive

/// `tactus ports`: the JACK ports with their types, directions and
/// connections, and with `--alsa` the ALSA MIDI sources a pedal can be read from.
struct PortsCommand: Command {
    static let name = "ports"
    static let abstract = "List the JACK ports (and the ALSA MIDI sources)."
    static let usage = "[--server] [--alsa]"
    static let optionTable: [Option<Self>] = [
        .server { $0.server = $1 },
        .flag("--alsa", "Also list the ALSA sequencer's MIDI sources (devices not bridged into JACK).") { $0.alsa = true },
    ]
    static let discussion = """
        These names (or regexes matching them) are what run's --connect options and
        play's --to take. Exit 3 when JACK (or, with --alsa, ALSA) is not there.
        """

    var server: String?
    var alsa = false

    /// Lists what it can; each source that is not there is one line on stderr.
    func run() throws(CommandLineError) -> ExitCode {
        var exitCode = ExitCode.success
        do {
            StandardStreams.write(JackPortTable.format(try JackPortInfo.list(server: server)))
        } catch {
            exitCode = Tactus.fail("tactus \(Self.name)", .jack(error))
        }
        guard alsa else { return exitCode }
        do {
            let sources = try ALSAMIDISources.list()
            let lines = sources.isEmpty ? "none\n" : sources.map { "\($0)\n" }.joined()
            StandardStreams.write("\nALSA MIDI SOURCES\n" + lines)
        } catch {
            exitCode = Tactus.fail("tactus \(Self.name)", CommandLineError(error.description, exitCode: .unavailable))
        }
        return exitCode
    }
}
