import Foundation
import Synchronization
import Testing
import TactusCore
@testable import TactusLive

/// The live view's key reader on a pipe in place of the terminal.
@Suite struct KeyReaderTests {
    final class Wakes: Sendable {
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
    }

    static func pipeEnds() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    static func type(_ text: String, into fd: Int32) {
        var bytes = Array(text.utf8)
        _ = write(fd, &bytes, bytes.count)
    }

    /// The reader takes every key as it arrives: whoever reads the terminal
    /// besides it finds nothing, so a loop waiting for the server to come
    /// back must take its keys from the reader (the first key was lost there).
    @Test func keysWaitInTheReaderNotOnTheTerminal() throws {
        let ends = try Self.pipeEnds()
        defer { close(ends.read); close(ends.write) }
        let wakes = Wakes()
        let reader = KeyReader(fd: ends.read) { wakes.first.signal() }
        defer { reader.stop() }
        // `q` would end the reader's thread; any key shows the same.
        Self.type("m", into: ends.write)
        #expect(wakes.first.wait(timeout: .now() + 5) == .success)
        #expect(TerminalScreen.readKeys(fd: ends.read) == [])
        #expect(reader.drain() == [.mute])
        #expect(reader.drain() == [])
    }

    /// After the server came back the loop waits on a new client: keys wake that one.
    @Test func keysWakeWhomeverWasNamedLast() throws {
        let ends = try Self.pipeEnds()
        defer { close(ends.read); close(ends.write) }
        let wakes = Wakes()
        let reader = KeyReader(fd: ends.read) { wakes.first.signal() }
        defer { reader.stop() }
        Self.type("+", into: ends.write)
        #expect(wakes.first.wait(timeout: .now() + 5) == .success)
        reader.onKeys { wakes.second.signal() }
        Self.type("t", into: ends.write)
        #expect(wakes.second.wait(timeout: .now() + 5) == .success)
        #expect(wakes.first.wait(timeout: .now() + 0.2) == .timedOut)
        #expect(reader.drain() == [.tempoUp, .tap])
    }
}
