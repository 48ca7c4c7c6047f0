import Synchronization

/// The memory one single-producer single-consumer ring lives in: the slots and
/// three atomic counters (the producer's head, the consumer's tail, the drop
/// count). It is allocated once, on the non-realtime side, and never moves, so
/// the atomics keep a stable address. The handles keep it alive; it is freed
/// when the last handle is dropped, which must happen on the non-realtime side.
public final class SPSCRingStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    /// Number of slots (a power of two); every slot can be filled.
    public let capacity: Int
    @usableFromInline let slots: UnsafeMutableBufferPointer<Element>
    @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let drops: UnsafeMutablePointer<Atomic<Int>>
    private let counters: UnsafeMutableRawPointer

    /// Each counter gets its own cache line pair so the producer's and the
    /// consumer's writes do not contend.
    private static var counterSpacing: Int { 128 }

    /// Allocates `capacity` slots and zeroes them, so their pages are touched
    /// before the realtime side first writes.
    public init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "SPSC ring capacity \(capacity) is not a power of two")
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        UnsafeMutableRawBufferPointer(slots).initializeMemory(as: UInt8.self, repeating: 0)
        let spacing = Self.counterSpacing
        counters = .allocate(byteCount: 3 * spacing, alignment: spacing)
        head = counters.bindMemory(to: Atomic<Int>.self, capacity: 1)
        tail = (counters + spacing).bindMemory(to: Atomic<Int>.self, capacity: 1)
        drops = (counters + 2 * spacing).bindMemory(to: Atomic<Int>.self, capacity: 1)
        head.initialize(to: Atomic(0))
        tail.initialize(to: Atomic(0))
        drops.initialize(to: Atomic(0))
    }

    deinit {
        head.deinitialize(count: 1)
        tail.deinitialize(count: 1)
        drops.deinitialize(count: 1)
        counters.deallocate()
        slots.deallocate()
    }

    /// Elements refused because the ring was full, since it was made.
    public var droppedCount: Int { drops.pointee.load(ordering: .relaxed) }

    /// Elements waiting at this instant (a snapshot; either side may move it).
    public var count: Int { head.pointee.load(ordering: .acquiring) &- tail.pointee.load(ordering: .acquiring) }
}
