import Foundation

/// Progress and warnings on stderr, so stdout carries only the table.
enum Console {
    static func progress(_ text: String) {
        FileHandle.standardError.write(Data("bench: \(text)\n".utf8))
    }

    static func warn(_ text: String) {
        FileHandle.standardError.write(Data("bench: warning: \(text)\n".utf8))
    }
}
