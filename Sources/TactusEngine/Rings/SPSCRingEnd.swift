import Synchronization

/// What each end of an `SPSCRing` holds: plain pointers into the ring's
/// storage, so that using them touches no class reference and counts no
/// references; the storage itself, retained once and released when the end
/// goes (on the non-realtime side only); and the end's own cursor. For the
/// producer `next` is the next index to write (only it writes `head`) and
/// `cached` the consumer's tail as last seen, reloaded only when the ring
/// looks full; for the consumer `next` is the next index to read (only it
/// writes `tail`) and `cached` the producer's head, reloaded only when the
/// ring looks empty.
@usableFromInline
struct SPSCRingEnd<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let stride: Int
    @usableFromInline let mask: Int
    @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let drops: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline var next = 0
    @usableFromInline var cached = 0
    @usableFromInline let storage: Unmanaged<SPSCRingStorage<Element>>

    init(storage: SPSCRingStorage<Element>) {
        slots = UnsafeMutableRawPointer(storage.slots.baseAddress.unsafelyUnwrapped)
        stride = MemoryLayout<Element>.stride
        mask = storage.capacity - 1
        head = storage.head
        tail = storage.tail
        drops = storage.drops
        self.storage = .passRetained(storage)
    }

    @inlinable
    deinit {
        storage.release()
    }
}
