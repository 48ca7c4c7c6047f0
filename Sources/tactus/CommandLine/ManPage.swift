import Foundation
import TactusCore
import TactusJack

/// The manual page `docs/tactus.1` (roff, man(7) macros), built from the same
/// command list, usage lines, options and discussions that `--help` prints,
/// so the two cannot disagree. `tactus help --man` prints it.
enum ManPage {
    static var text: String {
        var page = """
            .TH TACTUS 1 "" "tactus \(TactusVersion.string)" "User Commands"
            .SH NAME
            tactus \\- realtime practice tool: metronome click, MIDI clock and timing scores over JACK
            .SH SYNOPSIS
            .B tactus
            .I command
            .RI [ options ]
            .br
            .B tactus
            .B \\-\\-help
            |
            .B \\-\\-version
            .SH DESCRIPTION
            tactus is a JACK client for practising musicians. Its process callback plays a
            sample\\-accurate metronome click and sends MIDI beat clock; it listens to the
            player's MIDI instrument and scores every note against the beats, subdivisions
            and bars of one exact timeline; it takes tempo commands from a MIDI foot pedal
            (tap tempo, tempo up and down, start and stop, setlists); and it writes a JSON
            report of each session (\\fBtactus.report/1\\fR) for later review.
            Offsets are the hit minus the nearest grid position in milliseconds, after
            latency compensation: positive is late.
            .PP
            Every command answers \\fB\\-\\-help\\fR; the options below are the same text.
            Options take their value as \\fB\\-\\-bpm 97\\fR or \\fB\\-\\-bpm=97\\fR; given twice, the last wins.

            """
        page += ".SH COMMANDS\n"
        for command in Tactus.commands {
            page += section(command)
            if command == ReportCommand.self {
                for sub in ReportCommand.subcommands { page += section(sub) }
            }
        }
        page += ".SH JACK PORTS\n"
        for port in JackEngineHost.portDescriptions {
            page += ".TP\n.B tactus:\(escape(port.name))\n\(escape(port.kind)): \(escape(port.carries)).\n"
        }
        page += """
            .SH REMOTE CONTROL
            With \\fB\\-\\-osc\\-port\\fR \\fIN\\fR, \\fBtactus run\\fR takes OSC 1.0 messages over UDP on 127.0.0.1
            (\\fB\\-\\-osc\\-address\\fR for another address). Commands take effect as a pedal's do and are
            listed in the report's events as pedal actions, their cause \\fBosc\\fR and the message.
            A message that is no command is answered \\fB/tactus/error\\fR \\fIaddress message\\fR;
            a packet that is not OSC is dropped and counted.

            """
        for entry in RemoteCommand.addresses {
            page += ".TP\n.B \(escape(entry.address))\(entry.arguments.isEmpty ? "" : " " + escape(entry.arguments))\n\(escape(entry.meaning)).\n"
        }
        page += """
            .PP
            \\fB/tactus/state\\fR carries playing (T/F), tempo (f), bar (i), beat (i), meter (s), subdivision (i),
            accents (s), muted (T/F) and preset (s). Registered clients get \\fB/tactus/state/playing\\fR,
            \\fB/tempo\\fR, \\fB/preset\\fR, \\fB/muted\\fR, \\fB/meter\\fR, \\fB/subdivision\\fR, \\fB/accents\\fR and \\fB/bar\\fR
            as they change (a grid change when it takes over at its bar line), and \\fB/tactus/state/playing\\fR F
            when the session ends.
            .SH SESSION MANAGER
            Started with no arguments and \\fBNSM_URL\\fR set (by nsmd, RaySession, Agordejo), tactus is an NSM
            client (API 1.1): it announces itself, opens its JACK client under the \\fIclient_id\\fR once
            \\fB/nsm/client/open\\fR arrives, keeps its settings (\\fItactus.json\\fR), pedal map
            (\\fIpedal\\-map.json\\fR), options (\\fIsession.json\\fR: oscPort, oscAddress, transport), state,
            calibration and reports in the session folder it names, waits stopped for a start (the first plays the count\\-in of \\fItactus.json\\fR), saves on \\fB/nsm/client/save\\fR, says when its settings are dirty, and ends the
            take and writes its report on SIGTERM.
            .SH EXIT STATUS
            .TP
            .B 0
            success.
            .TP
            .B 1
            another failure, e.g. an output file that cannot be written.
            .TP
            .B 2
            a usage error: an unknown or bad option, named on stderr.
            .TP
            .B 3
            the JACK server or the ALSA sequencer is unavailable (or went away).
            .TP
            .B 4
            a bad input file or config: the file, field or byte offset is named on stderr.
            .SH FILES
            .TP
            .I $XDG_DATA_HOME/tactus/sessions/
            session reports (default \\fI~/.local/share/tactus/sessions/\\fR) and, while a session runs, its journal.
            .TP
            .I $XDG_CONFIG_HOME/tactus/calibration.json
            latency calibration per input device (default \\fI~/.config/tactus/\\fR).
            .TP
            .I $XDG_CONFIG_HOME/tactus/pedals/ \\fRand\\fP $XDG_CONFIG_HOME/tactus/setlists/
            pedal maps and setlists found by name, before the shipped ones.
            .TP
            .I PREFIX/share/tactus/
            the shipped example configs, pedal maps, setlists and the report's JSON schema (\\fI/usr/share/tactus/\\fR from the Debian package; \\fIConfigs/\\fR in the source).
            .TP
            .I $XDG_STATE_HOME/tactus/state.json
            the setlist, preset and tempo last used (default \\fI~/.local/state/tactus/\\fR).
            .TP
            .I \\- \\fRor\\fP /dev/stdout
            as an output path (\\-\\-out, \\-\\-report, \\-\\-truth): standard output, written as the shell opened it (a pipe, a terminal, a file opened with >>), never replaced.
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            turns colour off in the live view.
            .TP
            .B NSM_URL
            the session manager's address (osc.udp://HOST:PORT/); the bare \\fBtactus\\fR is then its client.
            .TP
            .B XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME
            where reports, configs and state are kept.
            .SH EXAMPLES
            .nf
            tactus run \\-\\-bpm 97 \\-\\-subdivision 4 \\-\\-count\\-in 1 \\e
                \\-\\-connect\\-click 'system:playback_[12]' \\-\\-connect\\-input 'a2j:.*TD\\-17.*' \\-\\-bars 64
            tactus render \\-\\-bpm 97 \\-\\-meter 7/8 \\-\\-subdivision 2 \\-\\-bars 64 \\-\\-out click.wav
            tactus report show ~/.local/share/tactus/sessions/2026\\-03\\-01T18\\-00\\-00.json
            tactus report trend ~/.local/share/tactus/sessions \\-\\-since 7d
            tactus analyze take.mid \\-\\-subdivision 4 \\-\\-report take.json
            .fi
            .SH SEE ALSO
            .BR jackd (1),
            .BR jack_lsp (1),
            .BR a2jmidid (1),
            .BR klick (1).
            The manual, one page per topic, is in the \\fIdocs/\\fR folder of the source
            (\\fI/usr/share/doc/tactus/\\fR from the Debian package).

            """
        return page
    }

    /// One command: its name and abstract, usage, options and discussion.
    static func section(_ command: any Command.Type) -> String {
        var text = ".SS tactus \(escape(command.name))\n\(escape(command.abstract))\n"
        text += ".PP\n.B tactus \(escape(command.name))\n\(escape(command.usageLine))\n"
        for option in command.options + [.help] {
            text += ".TP\n.B \(escape(option.synopsis))\n\(escape(option.text))\n"
        }
        if !command.discussion.isEmpty {
            text += ".PP\n.nf\n" + command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { escape(String($0)) }.joined(separator: "\n") + "\n.fi\n"
        }
        return text
    }

    /// Text safe in roff: backslashes and hyphens escaped, no line starting
    /// with a control character.
    static func escape(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if text.hasPrefix(".") || text.hasPrefix("'") { text = "\\&" + text }
        return text
    }
}
