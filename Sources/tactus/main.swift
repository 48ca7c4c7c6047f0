import Foundation
import TactusJack

// A closed pipe (`tactus run | head`) must not kill a session before its
// report is written: writes then fail with EPIPE instead.
signal(SIGPIPE, SIG_IGN)
// tactus's realtime thread must not fault a page in: its memory is locked
// before its first JACK client is activated (a library user's is not).
MemoryLock.want()
// Every JACK failure is said in one line of tactus's own: libjack's own
// messages (several lines for a failed open) are silenced.
JackMessages.silence()
exit(Tactus.main(Array(CommandLine.arguments.dropFirst())).rawValue)
