/// The process callback JACK calls once per cycle on its realtime thread
/// (`JackProcessCallback`): `frames` is the cycle length, `context` the
/// pointer given to ``JackClient/setProcess(_:context:)``. Return 0; a
/// non-zero return makes JACK drop the client.
///
/// Write it as a `static let` closure in an enum in a non-main file, so it is
/// nonisolated, and keep everything it calls `@_noLocks @_noAllocation`.
public typealias JackProcessFunction = @convention(c) (
    _ frames: UInt32, _ context: UnsafeMutableRawPointer?
) -> Int32
