import Testing
import TactusCore
import TactusTestSupport

/// Feeds the OSC reader and the command mapping random and damaged packets.
/// None may crash; every packet is read or refused with a typed error inside
/// the packet, every packet read encodes back to the same bytes up to its
/// padding, and every message read is a command or a named error.
@Suite struct OSCFuzzTests {
    static let seeds: [[UInt8]] = [
        OSCMessage("/tactus/tempo", [.float(120)]).bytes,
        OSCMessage("/tactus/meter", [.string("7/8")]).bytes,
        OSCMessage("/tactus/register", [.int(9000)]).bytes,
        OSCMessage("/tactus/mute", [.bool(true), .bool(false), .int(3), .string("x")]).bytes,
        OSCPacket.bundle(OSCBundle([
            .message(OSCMessage("/tactus/tap")),
            .bundle(OSCBundle([.message(OSCMessage("/tactus/gap", [.string("4,2")]))])),
        ])).bytes,
    ]

    struct Tally {
        var read = 0
        var refused = 0
        var commands = 0
        var commandErrors = 0
        var mismatches = 0

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(
                read: a.read + b.read, refused: a.refused + b.refused, commands: a.commands + b.commands,
                commandErrors: a.commandErrors + b.commandErrors, mismatches: a.mismatches + b.mismatches)
        }
    }

    @Test func damagedPacketsNeverCrash() async {
        let share = fuzzRounds(40_000)
        let tally = await withTaskGroup(of: Tally.self) { group in
            for index in 0..<8 {
                group.addTask { Self.fuzz(packets: share, seed: 0x05C0_F422 &+ UInt64(index)) }
            }
            return await group.reduce(Tally(), +)
        }
        let packets = 8 * share
        #expect(tally.mismatches == 0)
        #expect(tally.read + tally.refused == packets)
        // Both outcomes, and both outcomes of the mapping, must be exercised.
        #expect(tally.read > packets / 10)
        #expect(tally.refused > packets / 10)
        #expect(tally.commands > packets / 100)
        #expect(tally.commandErrors > packets / 100)
    }

    static func fuzz(packets: Int, seed: UInt64) -> Tally {
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for iteration in 0..<packets {
            let bytes = iteration % 8 == 0 ? randomPacket(&random) : damaged(seeds[Int(random.next() % UInt64(seeds.count))], &random)
            let packet: OSCPacket
            do {
                packet = try OSCPacket(decoding: bytes)
            } catch {
                tally.refused += 1
                if !(0...bytes.count).contains(error.offset) { tally.mismatches += 1 }
                continue
            }
            tally.read += 1
            // Padding may hold anything on the way in; what is read encodes
            // to the same number of bytes, which read back to the same bytes
            // (compared as bytes: a NaN float is not equal to itself).
            let again = packet.bytes
            if again.count != bytes.count || (try? OSCPacket(decoding: again))?.bytes != again { tally.mismatches += 1 }
            for message in packet.messages {
                do {
                    _ = try RemoteCommand(message)
                    tally.commands += 1
                } catch {
                    tally.commandErrors += 1
                    if error.field != message.address { tally.mismatches += 1 }
                }
            }
        }
        return tally
    }

    static func randomPacket(_ random: inout SplitMix64) -> [UInt8] {
        let length = Int(random.next() % 16) * 4
        return (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    /// A seed with bytes changed, cut or repeated, kept 4-byte aligned most of the time.
    static func damaged(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0...Int(random.next() % 3) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes[at] = [0, 0x2C, 0x2F, 0x69, 0x66, 0x73, 0x54, 0x46, 0x7F, 0xFF][Int(random.next() % 10)]
            case 2: bytes.removeSubrange((at & ~3)...)
            case 3: bytes.insert(contentsOf: [0, 0, 0, 0], at: at & ~3)
            case 4: bytes = Array(bytes.prefix(at))
            default: bytes[at] ^= 1 << UInt8(random.next() % 8)
            }
        }
        return bytes
    }
}
