/// A fixed-capacity list of MIDI events in memory allocated once: a cycle's
/// input or output. Appending never allocates; a full list refuses and counts.
/// (Concrete rather than generic: unspecialised generics are opaque to the
/// realtime checker in debug builds.)
public struct MIDIEventList: ~Copyable {
    @usableFromInline let storage: UnsafeMutableBufferPointer<RawMIDIEvent>
    /// Events in use, from index 0.
    public var count: Int
    /// Appends refused because the list was full, since creation.
    public var refused: Int

    /// Allocates room for `capacity` events (non-realtime).
    public init(capacity: Int) {
        storage = .allocate(capacity: max(capacity, 1))
        storage.initialize(repeating: .empty)
        count = 0
        refused = 0
    }

    deinit { storage.deallocate() }

    /// Appends `event`, or counts it as refused when full.
    /// Realtime: fixed capacity; a full list refuses.
    @inlinable @_noLocks @_noAllocation
    @discardableResult
    public mutating func append(_ event: RawMIDIEvent) -> Bool {
        guard count < storage.count else {
            refused &+= 1
            return false
        }
        storage[count] = event
        count &+= 1
        return true
    }

    /// Realtime: resets the count.
    @inlinable @_noLocks @_noAllocation
    public mutating func removeAll() { count = 0 }

    /// Realtime: reads preallocated storage.
    @inlinable
    public subscript(index: Int) -> RawMIDIEvent {
        @_noLocks @_noAllocation get { storage[index] }
    }

    /// The events in use (non-realtime: for drivers and tests).
    public var events: [RawMIDIEvent] { Array(storage.prefix(count)) }
}
