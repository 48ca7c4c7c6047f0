import Foundation

// A closed pipe (`tactus run | head`) must not kill a session before its
// report is written: writes then fail with EPIPE instead.
signal(SIGPIPE, SIG_IGN)
exit(Tactus.main(Array(CommandLine.arguments.dropFirst())).rawValue)
