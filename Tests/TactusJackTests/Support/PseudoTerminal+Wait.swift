import Foundation
import TactusTestSupport

extension PseudoTerminal {
    /// Reads until `condition` holds for the output (`what`) of `program`,
    /// within `limit`, leaving out the time the program waits in the kernel
    /// (`KernelWait`); throws with the output so far when the limit runs out.
    func read(_ what: String, from program: ChildProcess, within limit: TestWait, until condition: (String) -> Bool) async throws {
        try await limit.until(
            what, detail: { "the terminal shows:\n\(text)" }, waitingInKernel: { KernelWait.holds(program.pid) }
        ) {
            read(forMilliseconds: 0)
            return condition(text)
        }
    }
}
