/// A fixed-capacity list of engine events for one cycle, in memory allocated
/// once; the driver forwards them to the control side after the cycle.
public struct EngineEventList: ~Copyable {
    @usableFromInline let storage: UnsafeMutableBufferPointer<EngineEvent>
    public var count: Int
    /// Events refused because the list was full, since creation.
    public var refused: Int

    /// Allocates room for `capacity` events (non-realtime).
    public init(capacity: Int) {
        storage = .allocate(capacity: max(capacity, 1))
        storage.initialize(repeating: .marked(frame: 0, tag: 0))
        count = 0
        refused = 0
    }

    deinit { storage.deallocate() }

    /// Appends `event`, or counts it as refused when full.
    /// Realtime: fixed capacity; a full list refuses.
    @inlinable @_noLocks @_noAllocation
    public mutating func append(_ event: EngineEvent) {
        guard count < storage.count else {
            refused &+= 1
            return
        }
        storage[count] = event
        count &+= 1
    }

    /// Realtime: resets the count.
    @inlinable @_noLocks @_noAllocation
    public mutating func removeAll() { count = 0 }

    /// Realtime: reads preallocated storage.
    @inlinable
    public subscript(index: Int) -> EngineEvent {
        @_noLocks @_noAllocation get { storage[index] }
    }

    /// The events in use (non-realtime: for drivers and tests).
    public var events: [EngineEvent] { Array(storage.prefix(count)) }
}
