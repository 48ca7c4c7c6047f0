/// Moves one element's bytes between a caller's variable and a ring slot.
///
/// Generic realtime code may not copy a value of its element type (the compiler
/// counts that as a metadata access), so the ring copies `stride` raw bytes
/// instead; for a `BitwiseCopyable` element that is exactly a copy. The
/// functions are not generic, and a caller's `&variable` converts to their
/// pointer parameters without a generic call.
@usableFromInline
enum SPSCSlotCopy {
    /// Realtime: copies `count` bytes.
    @inlinable @_noLocks @_noAllocation
    static func copy(to destination: UnsafeMutableRawPointer, from source: UnsafeRawPointer, count: Int) {
        destination.copyMemory(from: source, byteCount: count)
    }
}
