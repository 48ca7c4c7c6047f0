/// Computes bar, beat and tick for a transport frame on behalf of the
/// timebase master (see ``JackClient/becomeTimebaseMaster(_:context:conditional:)``).
///
/// JACK calls it on the realtime thread right after the process callback of
/// the same cycle, for the first frame of the next cycle (`transportFrame`),
/// whenever the transport rolls or was relocated (`isNewPosition`). Store a
/// ``JackBBT`` into `bbt` (`bbt.storeBytes(of: value, as: JackBBT.self)`; C
/// function types cannot name Swift structs) and return `true`; return
/// `false` to publish no BBT for that cycle. It must
/// not block, allocate or touch class references: it reads the state behind
/// `context` that the process callback keeps current.
///
/// tactus hands the computation to the engine rather than extrapolating a
/// snapshot: only the engine's tempo map knows the bar at an arbitrary frame
/// after a relocation or tempo change.
public typealias JackTimebaseFunction = @convention(c) (
    _ transportFrame: UInt32,
    _ frameRate: UInt32,
    _ isNewPosition: Bool,
    _ bbt: UnsafeMutableRawPointer,
    _ context: UnsafeMutableRawPointer?
) -> Bool

/// The engine's function and context, in memory that stays put while JACK may
/// call the timebase callback; freed at close.
struct JackTimebaseBinding {
    let function: JackTimebaseFunction
    let context: UnsafeMutableRawPointer?
}
