import Synchronization

/// The reading end of an `SPSCRing`. Exactly one exists per ring, and only its
/// owner pops. Dropping it releases its hold on the storage: drop handles on
/// the non-realtime side only.
public struct SPSCConsumer<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline var ring: SPSCRingEnd<Element>

    init(storage: SPSCRingStorage<Element>) {
        ring = SPSCRingEnd(storage: storage)
    }

    /// Slots in the ring. Realtime: reads a field.
    @inlinable
    public var capacity: Int {
        @_noLocks @_noAllocation get { ring.mask + 1 }
    }

    /// Moves the oldest element into `element` and returns true, or returns
    /// false (leaving `element` as it was) when the ring is empty.
    ///
    /// Realtime: wait-free; no reference counting.
    @inlinable @_noLocks @_noAllocation
    public mutating func pop(into element: inout Element) -> Bool {
        if ring.next == ring.cached {
            ring.cached = ring.head.pointee.load(ordering: .acquiring)
            if ring.next == ring.cached {
                return false
            }
        }
        SPSCSlotCopy.copy(to: &element, from: ring.slots + (ring.next & ring.mask) &* ring.stride, count: ring.stride)
        ring.next &+= 1
        ring.tail.pointee.store(ring.next, ordering: .releasing)
        return true
    }

    /// Moves the oldest elements, as many as the ring holds and `buffer` has
    /// room for, to the start of `buffer`, and returns how many. The
    /// buffer's memory need not hold elements before: each is a bitwise copy.
    ///
    /// Realtime: wait-free; no reference counting.
    @inlinable @_noLocks @_noAllocation
    public mutating func pop(into buffer: UnsafeMutableBufferPointer<Element>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        if ring.cached &- ring.next < buffer.count {
            ring.cached = ring.head.pointee.load(ordering: .acquiring)
        }
        let count = ring.cached &- ring.next < buffer.count ? ring.cached &- ring.next : buffer.count
        guard count > 0 else { return 0 }
        let destination = UnsafeMutableRawPointer(base)
        var index = 0
        while index < count {
            SPSCSlotCopy.copy(
                to: destination + index &* ring.stride, from: ring.slots + ((ring.next &+ index) & ring.mask) &* ring.stride,
                count: ring.stride)
            index += 1
        }
        ring.next &+= count
        ring.tail.pointee.store(ring.next, ordering: .releasing)
        return count
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

    /// Pops every element the ring holds now, oldest first (the control side).
    public mutating func popAll() -> [Element] {
        var list: [Element] = []
        while let element = pop() { list.append(element) }
        return list
    }

    /// Elements refused by the producer because the ring was full, since it
    /// was made. Realtime: one relaxed atomic load.
    @inlinable
    public var droppedCount: Int {
        @_noLocks @_noAllocation get { ring.drops.pointee.load(ordering: .relaxed) }
    }
}
