import Foundation

do {
    if CommandLine.arguments.dropFirst().first == "control" {
        try ControlClient.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    }
    let options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let report = try BenchSuite(options: options).run()
    let markdown = report.markdown
    FileHandle.standardOutput.write(Data(markdown.utf8))
    let directory = (options.out as NSString).deletingLastPathComponent
    if !directory.isEmpty {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    try markdown.write(toFile: options.out, atomically: true, encoding: .utf8)
    Console.progress("wrote \(options.out)")
} catch {
    FileHandle.standardError.write(Data("tactus-bench: \(error)\n".utf8))
    exit(1)
}
