import Synchronization

/// The writing end of an `SPSCRing`. Exactly one exists per ring, and only its
/// owner pushes. It holds plain pointers into the ring's storage, so pushing
/// touches no class reference and counts no references.
public struct SPSCProducer<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let stride: Int
    @usableFromInline let mask: Int
    @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let drops: UnsafeMutablePointer<Atomic<Int>>
    /// The next index to write; only this handle writes `head`.
    @usableFromInline var nextHead: Int
    /// The consumer's tail as last seen; reloaded only when the ring looks full.
    @usableFromInline var cachedTail: Int
    private let storage: Unmanaged<SPSCRingStorage<Element>>

    init(storage: SPSCRingStorage<Element>) {
        slots = UnsafeMutableRawPointer(storage.slots.baseAddress.unsafelyUnwrapped)
        stride = MemoryLayout<Element>.stride
        mask = storage.capacity - 1
        head = storage.head
        tail = storage.tail
        drops = storage.drops
        nextHead = 0
        cachedTail = 0
        self.storage = .passRetained(storage)
    }

    /// Releases the storage: drop handles on the non-realtime side only.
    deinit {
        storage.release()
    }

    /// Slots in the ring.
    ///
    /// Realtime: reads a field.
    @inlinable
    public var capacity: Int {
        @_noLocks @_noAllocation get { mask + 1 }
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
        if nextHead &- cachedTail > mask {
            cachedTail = tail.pointee.load(ordering: .acquiring)
            if nextHead &- cachedTail > mask {
                drops.pointee.wrappingAdd(1, ordering: .relaxed)
                return false
            }
        }
        SPSCSlotCopy.copy(to: slots + (nextHead & mask) &* stride, from: &element, count: stride)
        nextHead &+= 1
        head.pointee.store(nextHead, ordering: .releasing)
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
        @_noLocks @_noAllocation get { drops.pointee.load(ordering: .relaxed) }
    }
}
