import Synchronization

/// The memory one single-producer single-consumer ring lives in: the slots and
/// three atomic counters (the producer's head, the consumer's tail, the drop
/// count). It is allocated once, on the non-realtime side, and never moves, so
/// the atomics keep a stable address. The handles keep it alive; it is freed
/// when the last handle is dropped, which must happen on the non-realtime side.
@usableFromInline
final class SPSCRingStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    /// Number of slots (a power of two); every slot can be filled.
    let capacity: Int
    let slots: UnsafeMutableBufferPointer<Element>
    let head: UnsafeMutablePointer<Atomic<Int>>
    let tail: UnsafeMutablePointer<Atomic<Int>>
    let drops: UnsafeMutablePointer<Atomic<Int>>
    private let counters: UnsafeMutableRawPointer

    /// Each counter gets its own cache line pair so the producer's and the
    /// consumer's writes do not contend.
    private static var counterSpacing: Int { 128 }

    /// Allocates `capacity` slots and zeroes them, so their pages are touched
    /// before the realtime side first writes.
    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "SPSC ring capacity \(capacity) is not a power of two")
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
        // Slots are only ever read and written as raw bytes.
        let raw = UnsafeMutableRawBufferPointer(slots)
        raw.copyBytes(from: repeatElement(0, count: raw.count))
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
}
