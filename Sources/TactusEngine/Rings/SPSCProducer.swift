import Synchronization

/// The writing end of an `SPSCRing`. Exactly one exists per ring, and only its
/// owner pushes. Dropping it releases its hold on the storage: drop handles on
/// the non-realtime side only.
public struct SPSCProducer<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline var ring: SPSCRingEnd<Element>

    init(storage: SPSCRingStorage<Element>) {
        ring = SPSCRingEnd(storage: storage)
    }

    /// Slots in the ring. Realtime: reads a field.
    @inlinable
    public var capacity: Int {
        @_noLocks @_noAllocation get { ring.mask + 1 }
    }

    /// Appends a copy of `element` unless the ring is full; a full ring keeps
    /// its contents, counts the refusal in `droppedCount` and returns false.
    /// `element` is taken `inout` only so its bytes can be copied without a
    /// generic call; it is not changed.
    ///
    /// Realtime: wait-free; no reference counting.
    @inlinable @_noLocks @_noAllocation
    @discardableResult
    public mutating func push(_ element: inout Element) -> Bool {
        if ring.next &- ring.cached > ring.mask {
            ring.cached = ring.tail.pointee.load(ordering: .acquiring)
            if ring.next &- ring.cached > ring.mask {
                ring.drops.pointee.wrappingAdd(1, ordering: .relaxed)
                return false
            }
        }
        SPSCSlotCopy.copy(to: ring.slots + (ring.next & ring.mask) &* ring.stride, from: &element, count: ring.stride)
        ring.next &+= 1
        ring.head.pointee.store(ring.next, ordering: .releasing)
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
    /// Realtime: one relaxed atomic load.
    @inlinable
    public var droppedCount: Int {
        @_noLocks @_noAllocation get { ring.drops.pointee.load(ordering: .relaxed) }
    }
}
