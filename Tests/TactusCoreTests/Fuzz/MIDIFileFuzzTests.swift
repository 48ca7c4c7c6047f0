import Testing
@testable import TactusCore
import TactusTestSupport

/// Feeds the reader 320 000 random and damaged files (more with
/// TACTUS_FUZZ_SCALE). None may crash or
/// hang; every file read must re-encode to bytes that read back the same,
/// with no new warnings (invalid meta data is kept as it was, so its warning
/// may come again).
@Suite struct MIDIFileFuzzTests {
    typealias F = SMFFixtures

    /// Small valid files covering the reader's paths, to damage.
    static let seeds: [[UInt8]] = [
        F.twoNotes,
        MIDIFile(
            format: .simultaneousTracks, ticksPerQuarter: 96,
            tempoChanges: [MIDITempoChange(tick: 0, microsecondsPerQuarter: 618_557), MIDITempoChange(tick: 192, microsecondsPerQuarter: 400_000)],
            meterChanges: [MIDIMeterChange(tick: 0, timeSignature: MIDITimeSignature(numerator: 7, denominatorPower: 3))],
            notes: (0..<6).map { MIDIFileNote(tick: $0 * 48, duration: 12, channel: 9, note: 36 + UInt8($0), velocity: 100) }
        ).encoded(),
        F.header(format: 2, tracks: 2, division: [0xE3, 0x50]) + F.track([
            0x00, 0xFF, 0x03, 0x02, 0x50, 0x64, 0x00, 0xF0, 0x03, 0x43, 0x12, 0xF7, 0x05, 0xF7, 0x01, 0xF8,
            0x00, 0xB0, 0x40, 0x7F, 0x81, 0x00, 0x40, 0x00, 0x00, 0xFF, 0x59, 0x02, 0x01, 0x00,
        ] + F.endOfTrack) + F.chunk("XFIH", [0, 1]) + F.track([0x00, 0xE0, 0x00, 0x40, 0x10, 0xC0, 0x05] + F.endOfTrack),
    ]

    /// What a share of the files came to.
    struct Tally {
        var readCount = 0
        var rejected = 0
        var warned = 0
        var roundTripFailures = 0

        static func + (a: Tally, b: Tally) -> Tally {
            Tally(
                readCount: a.readCount + b.readCount, rejected: a.rejected + b.rejected, warned: a.warned + b.warned,
                roundTripFailures: a.roundTripFailures + b.roundTripFailures)
        }
    }

    @Test func damagedFilesNeverCrashOrHang() async throws {
        // Eight shares, each from its own seed, read on every core at once.
        let share = fuzzRounds(40_000)
        let tally = try await withThrowingTaskGroup(of: Tally.self) { group in
            for index in 0..<8 {
                group.addTask { try Self.fuzz(files: share, seed: 0x5EED_F11E &+ UInt64(index)) }
            }
            return try await group.reduce(Tally(), +)
        }
        let files = 8 * share
        #expect(tally.roundTripFailures == 0)
        // The mix must exercise both outcomes and the damage paths.
        #expect(tally.readCount > files * 6 / 10)
        #expect(tally.rejected > files * 2 / 10)
        #expect(tally.warned > files * 5 / 10)
    }

    static func fuzz(files: Int, seed: UInt64) throws -> Tally {
        var random = SplitMix64(seed: seed)
        var tally = Tally()
        for iteration in 0..<files {
            let bytes = iteration % 8 == 0 ? Self.randomFile(&random) : Self.damaged(Self.seeds[random.below(Self.seeds.count)], &random)
            let result: (file: MIDIFile, warnings: [SMFWarning])
            do {
                result = try MIDIFile.read(bytes)
            } catch {
                tally.rejected += 1
                if !(0...bytes.count).contains(error.offset) {
                    Issue.record("error offset out of the file: \(error) for \(bytes)")
                }
                continue
            }
            tally.readCount += 1
            if !result.warnings.isEmpty { tally.warned += 1 }
            for track in result.file.tracks {
                let ticks = track.events.map(\.tick)
                if ticks != ticks.sorted() || ticks.first.map({ $0 < 0 }) == true || track.endTick < (ticks.last ?? 0) {
                    Issue.record("ticks out of order in \(bytes)")
                }
            }
            if iteration % 16 == 1 {
                let noteOns = result.file.noteOns
                if noteOns.map(\.tick) != noteOns.map(\.tick).sorted() || noteOns.map(\.seconds) != noteOns.map(\.seconds).sorted() {
                    Issue.record("note-ons out of time order in \(bytes)")
                }
                if result.file.noteOnTicks != noteOns.map({ MIDIFileNoteOnTick(tick: $0.tick, channel: $0.channel, note: $0.note, velocity: $0.velocity) }) {
                    Issue.record("note-on ticks differ from note-ons in \(bytes)")
                }
                let notesOnly = try MIDIFile.read(bytes, channelMessages: .noteOns)
                if notesOnly.file.noteOns != noteOns || notesOnly.file.tracks.map(\.endTick) != result.file.tracks.map(\.endTick)
                    || notesOnly.file.tempoMap != result.file.tempoMap || notesOnly.file.meterChanges != result.file.meterChanges
                    || notesOnly.warnings != result.warnings {
                    Issue.record("reading note-ons only read \(bytes) otherwise")
                }
                let again = try MIDIFile.read(result.file.encoded())
                if again.file != result.file || again.warnings.count > result.warnings.count {
                    tally.roundTripFailures += 1
                    if tally.roundTripFailures <= 3 { Issue.record("round trip changed the file read from \(bytes): \(again.warnings)") }
                }
            }
        }
        return tally
    }

    /// Random bytes, usually behind a plausible header so they reach the tracks.
    static func randomFile(_ random: inout SplitMix64) -> [UInt8] {
        let body = (0..<random.below(48)).map { _ in random.byte() }
        switch random.below(3) {
        case 0: return body
        case 1: return F.header(format: UInt16(random.below(3)), tracks: 1, division: [0, 0x60]) + body
        default: return F.header() + F.track(body, length: random.below(2) == 0 ? body.count : random.below(64))
        }
    }

    /// `bytes` with one to three kinds of damage.
    static func damaged(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        let interesting: [UInt8] = [0x00, 0x7F, 0x80, 0x81, 0xFF, 0xF0, 0xF7, 0xF8, 0x2F, 0x51, 0x58, 0x90]
        let hugeLengths: [[UInt8]] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x0F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x00, 0x00]]
        let longQuantities: [[UInt8]] = [[0x8F, 0xFF, 0xFF, 0xFF, 0x7F], [0xFF, 0xFF, 0xFF, 0x7F], [0x80, 0x80, 0x80, 0x80, 0x80], [0x81]]
        for _ in 0...random.below(3) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(9) {
            case 0: bytes[at] ^= 1 << UInt8(random.below(8))
            case 1: bytes[at] = random.byte()
            case 2: bytes[at] = interesting[random.below(interesting.count)]
            case 3: bytes.removeSubrange(at...)
            case 4: bytes.insert(contentsOf: (0..<1 + random.below(4)).map { _ in random.byte() }, at: at)
            case 5: bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(8)))
            case 6:
                let huge = hugeLengths[random.below(hugeLengths.count)]
                bytes.replaceSubrange(at..<min(bytes.count, at + 4), with: huge)
            case 7: bytes.insert(contentsOf: longQuantities[random.below(longQuantities.count)], at: at)
            default:
                let end = min(bytes.count, at + 1 + random.below(16))
                bytes.insert(contentsOf: bytes[at..<end], at: random.below(bytes.count))
            }
        }
        return bytes
    }
}
