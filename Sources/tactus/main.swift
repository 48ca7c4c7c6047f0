import Foundation

exit(Tactus.main(Array(CommandLine.arguments.dropFirst())).rawValue)
