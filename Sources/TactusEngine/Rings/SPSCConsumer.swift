import Synchronization

/// The reading end of an `SPSCRing`. Exactly one exists per ring, and only its
/// owner pops. It holds plain pointers into the ring's storage, so popping
/// touches no class reference and counts no references.
public struct SPSCConsumer<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline let ring: SPSCRingEnd<Element>
    /// The next index to read; only this handle writes `tail`.
    @usableFromInline var nextTail: Int
    /// The producer's head as last seen; reloaded only when the ring looks empty.
    @usableFromInline var cachedHead: Int

    init(storage: SPSCRingStorage<Element>) {
        ring = SPSCRingEnd(storage: storage)
        nextTail = 0
        cachedHead = 0
    }

    /// Releases the storage: drop handles on the non-realtime side only.
    deinit {
        ring.storage.release()
    }

    /// Slots in the ring.
    ///
    /// Realtime: reads a field.
    @inlinable
    public var capacity: Int {
        @_noLocks @_noAllocation get { ring.mask + 1 }
    }

    /// Moves the oldest element into `element` and returns true, or returns
    /// false (leaving `element` as it was) when the ring is empty.
    ///
    /// Realtime: wait-free; no allocation, no locks, no reference counting.
    @inlinable @_noLocks @_noAllocation
    public mutating func pop(into element: inout Element) -> Bool {
        if nextTail == cachedHead {
            cachedHead = ring.head.pointee.load(ordering: .acquiring)
            if nextTail == cachedHead {
                return false
            }
        }
        SPSCSlotCopy.copy(to: &element, from: ring.slots + (nextTail & ring.mask) &* ring.stride, count: ring.stride)
        nextTail &+= 1
        ring.tail.pointee.store(nextTail, ordering: .releasing)
        return true
    }

    /// The oldest element, or nil when the ring is empty (see `pop(into:)`,
    /// which realtime code uses).
    @inlinable
    public mutating func pop() -> Element? {
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { buffer in
            let slot = buffer.baseAddress.unsafelyUnwrapped
            return pop(into: &slot.pointee) ? slot.pointee : nil
        }
    }

    /// Elements refused by the producer because the ring was full, since it was made.
    ///
    /// Realtime: one relaxed atomic load.
    @inlinable
    public var droppedCount: Int {
        @_noLocks @_noAllocation get { ring.drops.pointee.load(ordering: .relaxed) }
    }
}
