import Foundation
import Synchronization
import Testing
import TactusEngine

/// A frame-stamped event of the kind the engine passes to the control thread.
private struct StampedEvent: BitwiseCopyable, Equatable {
    var frame: Int64
    var status: UInt8
    var note: UInt8
    var velocity: UInt8
}

/// Calls the ring from realtime-annotated code, so the build (debug and
/// release) checks the specialized push and pop across the module boundary.
private struct RealtimeSide: ~Copyable {
    var producer: SPSCProducer<StampedEvent>
    var consumer: SPSCConsumer<StampedEvent>

    /// Realtime: pushes one event.
    @_noLocks @_noAllocation
    mutating func send(frame: Int64, note: UInt8) -> Bool {
        var event = StampedEvent(frame: frame, status: 0x90, note: note, velocity: 100)
        return producer.push(&event)
    }

    /// Realtime: pushes by value.
    @_noLocks @_noAllocation
    mutating func sendValue(frame: Int64) -> Bool {
        producer.push(StampedEvent(frame: frame, status: 0x80, note: 0, velocity: 0))
    }

    /// Realtime: pops one event into `event`.
    @_noLocks @_noAllocation
    mutating func receive(into event: inout StampedEvent) -> Bool {
        consumer.pop(into: &event)
    }

    /// Realtime: pops as many events as `buffer` holds.
    @_noLocks @_noAllocation
    mutating func receive(into buffer: UnsafeMutableBufferPointer<StampedEvent>) -> Int {
        consumer.pop(into: buffer)
    }

    /// Realtime: reads the drop counter.
    @_noLocks @_noAllocation
    func drops() -> Int {
        producer.droppedCount &+ consumer.droppedCount
    }
}

/// Reports an engine event the way the process callback will.
///
/// Realtime: pushes one event.
@_noLocks @_noAllocation
private func report(_ producer: inout SPSCProducer<EngineEvent>, pedal: Bool, frame: Int64) -> Bool {
    let midi = RawMIDIEvent(frame: frame, size: 3, status: 0x99, data1: 38, data2: 100)
    var event: EngineEvent = pedal ? .pedal(midi) : .input(midi)
    return producer.push(&event)
}

/// Owns a producer for a thread of its own (a non-copyable value cannot be
/// captured by an escaping closure).
private final class ProducerBox: @unchecked Sendable {
    var producer: SPSCProducer<Int>
    var refusals = 0

    init(_ producer: consuming SPSCProducer<Int>) {
        self.producer = producer
    }
}

@Suite struct SPSCRingTests {
    @Test func keepsOrder() {
        let ring = SPSCRing<Int>(capacity: 8)
        var producer = ring.producer
        var consumer = ring.consumer
        var received: [Int] = []
        var refused = 0
        for round in 0..<5 {
            for i in 0..<6 where !producer.push(round * 10 + i) { refused += 1 }
            while let value = consumer.pop() { received.append(value) }
        }
        let leftover = consumer.pop()
        #expect(refused == 0)
        let sent: [Int] = (0..<5).flatMap { (round: Int) in (0..<6).map { round * 10 + $0 } }
        #expect(received == sent)
        #expect(leftover == nil)
    }

    @Test func holdsExactlyCapacityElements() {
        let ring = SPSCRing<Int>(capacity: 16)
        var producer = ring.producer
        var consumer = ring.consumer
        let capacities = (producer.capacity, consumer.capacity)
        let accepted = (0..<16).map { producer.push($0) }
        let seventeenth = producer.push(99)
        let first = consumer.pop()
        let afterPop = producer.push(16)
        let overfull = producer.push(17)
        var drained: [Int] = []
        while let value = consumer.pop() { drained.append(value) }
        #expect(capacities == (16, 16))
        #expect(accepted == Array(repeating: true, count: 16))
        #expect(seventeenth == false)
        #expect(first == 0)
        #expect(afterPop)
        #expect(overfull == false)
        #expect(drained == Array(1...16))
    }

    @Test func countsEveryDropAndKeepsWhatWasThere() {
        let ring = SPSCRing<Int>(capacity: 4)
        var producer = ring.producer
        var consumer = ring.consumer
        for i in 0..<4 { producer.push(i) }
        let refused = (0..<7).map { producer.push(100 + $0) }
        let dropsAfterSeven = (producer.droppedCount, consumer.droppedCount)
        let first = consumer.pop()
        producer.push(4)
        producer.push(5)
        let dropsAfterEight = producer.droppedCount
        var drained: [Int] = []
        while let value = consumer.pop() { drained.append(value) }
        #expect(refused == Array(repeating: false, count: 7))
        #expect(dropsAfterSeven == (7, 7))
        #expect(first == 0)
        #expect(dropsAfterEight == 8)
        #expect(drained == [1, 2, 3, 4])
    }

    @Test func popIntoLeavesTheVariableAloneWhenEmpty() {
        let ring = SPSCRing<StampedEvent>(capacity: 2)
        var consumer = ring.consumer
        var event = StampedEvent(frame: 7, status: 1, note: 2, velocity: 3)
        let popped = consumer.pop(into: &event)
        #expect(popped == false)
        #expect(event == StampedEvent(frame: 7, status: 1, note: 2, velocity: 3))
    }

    /// A ring of 4 with its cursors at 3: five events wrap past its end;
    /// a buffer of 3 takes the oldest three, one of 8 the other two (and
    /// what it held after them stays), then nothing is left.
    @Test func popIntoABufferTakesTheOldestInOrderAcrossTheEnd() {
        let ring = SPSCRing<StampedEvent>(capacity: 4)
        var side = RealtimeSide(producer: ring.producer, consumer: ring.consumer)
        var event = StampedEvent(frame: 0, status: 0, note: 0, velocity: 0)
        for frame in Int64(0)..<3 { _ = side.send(frame: frame, note: 1) }
        for _ in 0..<3 { _ = side.receive(into: &event) }
        var sent: [Bool] = []
        for frame in Int64(10)...13 { sent.append(side.send(frame: frame, note: 2)) }
        let small = UnsafeMutableBufferPointer<StampedEvent>.allocate(capacity: 3)
        let large = UnsafeMutableBufferPointer<StampedEvent>.allocate(capacity: 8)
        defer {
            small.deallocate()
            large.deallocate()
        }
        large.initialize(repeating: StampedEvent(frame: -1, status: 0, note: 0, velocity: 0))
        let first = side.receive(into: small)
        let firstFrames = small[0..<first].map(\.frame)
        _ = side.send(frame: 14, note: 2)
        let second = side.receive(into: large)
        let third = side.receive(into: large)
        #expect(sent == [true, true, true, true])
        #expect(first == 3)
        #expect(firstFrames == [10, 11, 12])
        #expect(second == 2)
        #expect(large.map(\.frame) == [13, 14, -1, -1, -1, -1, -1, -1])
        #expect(third == 0)
    }

    @Test func realtimeAnnotatedCallersMoveStructsExactly() {
        let ring = SPSCRing<StampedEvent>(capacity: 2)
        var side = RealtimeSide(producer: ring.producer, consumer: ring.consumer)
        let sent = [side.send(frame: 48_000, note: 38), side.sendValue(frame: 48_001), side.send(frame: 48_002, note: 40)]
        let drops = side.drops()
        var event = StampedEvent(frame: 0, status: 0, note: 0, velocity: 0)
        var received: [StampedEvent] = []
        while side.receive(into: &event) { received.append(event) }
        #expect(sent == [true, true, false])
        #expect(drops == 2)
        #expect(received == [
            StampedEvent(frame: 48_000, status: 0x90, note: 38, velocity: 100),
            StampedEvent(frame: 48_001, status: 0x80, note: 0, velocity: 0),
        ])
    }

    @Test func carriesEngineEvents() {
        let ring = SPSCRing<EngineEvent>(capacity: 4)
        var producer = ring.producer
        var consumer = ring.consumer
        let sent = [report(&producer, pedal: false, frame: 96_000), report(&producer, pedal: true, frame: 96_010)]
        var received: [EngineEvent] = []
        while let event = consumer.pop() { received.append(event) }
        #expect(sent == [true, true])
        let midi = RawMIDIEvent(frame: 96_000, size: 3, status: 0x99, data1: 38, data2: 100)
        var pedal = midi
        pedal.frame = 96_010
        #expect(received == [.input(midi), .pedal(pedal)])
    }

    /// One million sequence numbers through 1024 slots between two threads; the
    /// consumer checks every one arrives once, in order. The producer retries
    /// refused pushes, and the ring's drop counter must equal its refusals.
    @Test func twoThreadsPassAMillionNumbersInOrder() {
        let total = 1_000_000
        let ring = SPSCRing<Int>(capacity: 1024)
        let box = ProducerBox(ring.producer)
        var consumer = ring.consumer
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            for value in 0..<total {
                while !box.producer.push(value) {
                    box.refusals += 1
                    sched_yield()
                }
            }
            finished.signal()
        }
        thread.start()

        var received = 0
        var outOfOrder = 0
        var value = -1
        while received < total {
            if consumer.pop(into: &value) {
                if value != received { outOfOrder += 1 }
                received += 1
            } else {
                sched_yield()
            }
        }
        finished.wait()
        let leftover = consumer.pop()
        let drops = consumer.droppedCount
        #expect(outOfOrder == 0)
        #expect(received == total)
        #expect(leftover == nil)
        #expect(drops == box.refusals)
    }
}
