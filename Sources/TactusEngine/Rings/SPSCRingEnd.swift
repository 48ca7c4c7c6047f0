import Synchronization

/// What both ends of an `SPSCRing` hold: plain pointers into the ring's
/// storage, and the storage itself, retained once (the end that holds it releases it) so that using the pointers
/// touches no class reference and counts no references. Each end keeps one
/// and adds only its own cursor.
@usableFromInline
struct SPSCRingEnd<Element: BitwiseCopyable>: ~Copyable, @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let stride: Int
    @usableFromInline let mask: Int
    @usableFromInline let head: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let tail: UnsafeMutablePointer<Atomic<Int>>
    @usableFromInline let drops: UnsafeMutablePointer<Atomic<Int>>
    let storage: Unmanaged<SPSCRingStorage<Element>>

    init(storage: SPSCRingStorage<Element>) {
        slots = UnsafeMutableRawPointer(storage.slots.baseAddress.unsafelyUnwrapped)
        stride = MemoryLayout<Element>.stride
        mask = storage.capacity - 1
        head = storage.head
        tail = storage.tail
        drops = storage.drops
        self.storage = .passRetained(storage)
    }
}
