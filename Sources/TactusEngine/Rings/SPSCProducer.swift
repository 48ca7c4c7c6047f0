import Synchronization

/// The writing end of an `SPSCRing`. Exactly one exists per ring, and only its
/// owner pushes. It holds plain pointers into the ring's storage, so pushing
/// touches no class reference and counts no references.
public struct SPSCProducer<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline let ring: SPSCRingEnd<Element>
    /// The next index to write; only this handle writes `head`.
    @usableFromInline var nextHead: Int
    /// The consumer's tail as last seen; reloaded only when the ring looks full.
    @usableFromInline var cachedTail: Int

    init(storage: SPSCRingStorage<Element>) {
        ring = SPSCRingEnd(storage: storage)
        nextHead = 0
        cachedTail = 0
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

    /// Appends a copy of `element` unless the ring is full; a full ring keeps
    /// its contents, counts the refusal in `droppedCount` and returns false.
    /// `element` is taken `inout` only so its bytes can be copied without a
    /// generic call; it is not changed.
    ///
    /// Realtime: wait-free; no allocation, no locks, no reference counting.
    @inlinable @_noLocks @_noAllocation
    @discardableResult
    public mutating func push(_ element: inout Element) -> Bool {
        if nextHead &- cachedTail > ring.mask {
            cachedTail = ring.tail.pointee.load(ordering: .acquiring)
            if nextHead &- cachedTail > ring.mask {
                ring.drops.pointee.wrappingAdd(1, ordering: .relaxed)
                return false
            }
        }
        SPSCSlotCopy.copy(to: ring.slots + (nextHead & ring.mask) &* ring.stride, from: &element, count: ring.stride)
        nextHead &+= 1
        ring.head.pointee.store(nextHead, ordering: .releasing)
        return true
    }

    /// Appends a copy of `element` unless the ring is full (see `push(_:)` with
    /// `&element`, which realtime code uses).
    @inlinable
    @discardableResult
    public mutating func push(_ element: Element) -> Bool {
        var copy = element
        return push(&copy)
    }

    /// Elements refused because the ring was full, since it was made.
    ///
    /// Realtime: one relaxed atomic load.
    @inlinable
    public var droppedCount: Int {
        @_noLocks @_noAllocation get { ring.drops.pointee.load(ordering: .relaxed) }
    }
}
