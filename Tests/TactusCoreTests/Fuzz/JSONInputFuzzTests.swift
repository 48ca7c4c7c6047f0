import Foundation
import Testing
import TactusTestSupport
@testable import TactusCore

/// Every JSON file tactus reads — practice configs, pedal maps, setlists, the
/// remembered state, the calibration store, reports and journals — fed
/// mutated versions of real files: each must be read or refused with one line
/// naming the file or field, never a crash or a hang.
@Suite struct JSONInputFuzzTests {
    static let repository = Repository.root

    static func file(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repository.appendingPathComponent(path)))
    }

    /// Pieces of JSON that make interesting damage.
    static let tokens: [[UInt8]] = ["{", "}", "[", "]", "\"", ":", ",", "-", "1e999", "-0", "null", "true", "\"\\u0000\"",
                                    "9223372036854775808", "0.0000001", "\"x\"", "{}", "[]", "\\", "\u{00E9}"].map { Array($0.utf8) }

    static func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0...random.below(3) {
            guard !bytes.isEmpty else { return tokens[random.below(tokens.count)] }
            switch random.below(5) {
            case 0: bytes[random.below(bytes.count)] = random.byte()
            case 1: bytes.removeLast(random.below(bytes.count + 1))
            case 2: bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: random.below(bytes.count + 1))
            case 3:
                let from = random.below(bytes.count)
                bytes.removeSubrange(from..<min(bytes.count, from + 1 + random.below(8)))
            default:
                let from = random.below(bytes.count)
                bytes.insert(contentsOf: bytes[from..<min(bytes.count, from + 1 + random.below(16))], at: random.below(bytes.count))
            }
        }
        return bytes
    }

    /// Feeds `count` mutations of each seed to `read`; returns (read, refused).
    static func fuzz(
        seeds: [[UInt8]], count: Int, seed: UInt64, _ read: ([UInt8]) -> String?
    ) -> (accepted: Int, refused: Int) {
        var random = SplitMix64(seed: seed)
        var accepted = 0, refused = 0
        for round in 0..<count {
            let input = mutate(seeds[round % seeds.count], &random)
            if let error = read(input) {
                #expect(!error.isEmpty && !error.contains("\n"), "error must be one line: \(error)")
                #expect(!isRawSwiftText(error), "error must be in tactus's words: \(error)")
                refused += 1
            } else {
                accepted += 1
            }
        }
        return (accepted, refused)
    }

    @Test func practiceConfigs() throws {
        let seeds = try ["accents", "basic-4-4", "compound-6-8", "gap-click", "odd-7-8", "ramp", "tempo-map"]
            .map { try Self.file("Configs/\($0).json") }
        let result = Self.fuzz(seeds: seeds, count: 6_000, seed: 1) { bytes in
            do {
                let config = try PracticeConfig(json: bytes)
                _ = try? config.timelineSpec()
                return nil
            } catch { return "\(error)" }
        }
        #expect(result.accepted > 40 && result.refused > 1_000)
    }

    @Test func pedalMaps() throws {
        let seeds = try ["four-switch-cc", "note-footswitch", "program-pedalboard", "sustain-pedal", "two-switch-cc"]
            .map { try Self.file("Configs/pedals/\($0).json") }
        let result = Self.fuzz(seeds: seeds, count: 6_000, seed: 2) { bytes in
            do { _ = try PedalMap(json: bytes, file: "map.json"); return nil } catch {
                #expect("\(error)".hasPrefix("map.json: "))
                return "\(error)"
            }
        }
        #expect(result.accepted > 100 && result.refused > 1_000)
    }

    @Test func setlists() throws {
        let seeds = [try Self.file("Configs/setlists/example.json")]
        let result = Self.fuzz(seeds: seeds, count: 4_000, seed: 3) { bytes in
            do { _ = try Setlist(json: bytes, file: "set.json"); return nil } catch {
                #expect("\(error)".hasPrefix("set.json: "))
                return "\(error)"
            }
        }
        #expect(result.accepted > 50 && result.refused > 1_000)
    }

    @Test func rememberedStateAndCalibration() throws {
        let state = PracticeState(setlist: "/home/me/set.json", preset: "Warm-up", tempo: Tempo(bpm: 97.5)).encoded()
        let store = CalibrationStore().setting(
            DeviceCalibration(latencyMs: 4.5, method: .tap, measuredAt: Date(timeIntervalSince1970: 1_700_000_000), spreadMs: 1.2),
            for: "kit")
        let calibration = Array(try store.encoded())
        let states = Self.fuzz(seeds: [state], count: 3_000, seed: 4) { bytes in
            do { _ = try PracticeState(json: bytes, file: "state.json"); return nil } catch { return "\(error)" }
        }
        let calibrations = Self.fuzz(seeds: [calibration], count: 3_000, seed: 5) { bytes in
            do { _ = try CalibrationStore.decode(Data(bytes), file: "cal.json"); return nil } catch { return "\(error)" }
        }
        #expect(states.refused > 500 && calibrations.refused > 500)
    }

    @Test func reportsAndJournals() throws {
        let session = try SampleSession.run()
        let report = Array(try session.report.jsonText().utf8)
        let journal = Array(session.journal.utf8)
        let reports = Self.fuzz(seeds: [report], count: 1_500, seed: 6) { bytes in
            do { _ = try PracticeReport.decode(Data(bytes), file: "r.json"); return nil } catch {
                #expect("\(error)".hasPrefix("r.json: "))
                return "\(error)"
            }
        }
        let journals = Self.fuzz(seeds: [journal], count: 1_500, seed: 7) { bytes in
            do { _ = try SessionJournal.recover(String(decoding: bytes, as: UTF8.self), file: "j.jsonl"); return nil } catch {
                return "\(error)"
            }
        }
        #expect(reports.refused > 300)
        #expect(journals.accepted > 300)
    }

    /// Every value of every seed, in turn, replaced by `null` (and every
    /// list element): each file kind refuses or reads it in its own words.
    @Test func nullsAnywhere() throws {
        let session = try SampleSession.run()
        let kinds: [(seeds: [[UInt8]], read: ([UInt8]) -> String?)] = [
            (try ["accents", "ramp", "tempo-map", "speed-trainer"].map { try Self.file("Configs/\($0).json") }, { bytes in
                do { _ = try PracticeConfig(json: bytes); return nil } catch { return "\(error)" }
            }),
            (try ["two-switch-cc", "program-pedalboard"].map { try Self.file("Configs/pedals/\($0).json") }, { bytes in
                do { _ = try PedalMap(json: bytes, file: "map.json"); return nil } catch { return "\(error)" }
            }),
            ([try Self.file("Configs/setlists/example.json")], { bytes in
                do { _ = try Setlist(json: bytes, file: "set.json"); return nil } catch { return "\(error)" }
            }),
            ([PracticeState(setlist: "/s.json", preset: "A", tempo: Tempo(bpm: 90)).encoded()], { bytes in
                do { _ = try PracticeState(json: bytes, file: "state.json"); return nil } catch { return "\(error)" }
            }),
            ([Array(try CalibrationStore().setting(
                DeviceCalibration(latencyMs: 4.5, method: .tap, measuredAt: Date(timeIntervalSince1970: 1_700_000_000), spreadMs: 1.2),
                for: "kit").encoded())], { bytes in
                do { _ = try CalibrationStore.decode(Data(bytes), file: "cal.json"); return nil } catch { return "\(error)" }
            }),
            ([Array(try session.report.jsonText().utf8.prefix(6_000)) + Array("]}".utf8)], { bytes in
                do { _ = try PracticeReport.decode(Data(bytes), file: "r.json"); return nil } catch { return "\(error)" }
            }),
        ]
        var refused = 0
        for kind in kinds {
            for seed in kind.seeds {
                for variant in Self.nulled(seed) {
                    guard let error = kind.read(variant) else { continue }
                    refused += 1
                    #expect(!error.isEmpty && !error.contains("\n"), "error must be one line: \(error)")
                    #expect(!isRawSwiftText(error), "error must be in tactus's words: \(error)")
                }
            }
        }
        #expect(refused > 100)
    }

    /// `bytes` once for each value after a `:` or `[` or `,`, with that value
    /// (up to the next `,`, `}` or `]` outside strings, or a whole object or list) replaced by `null`.
    static func nulled(_ bytes: [UInt8]) -> [[UInt8]] {
        var variants: [[UInt8]] = []
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") { inString.toggle() }
            if !inString, [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ",")].contains(byte) {
                var end = index + 1
                var depth = 0
                var quoted = false
                while end < bytes.count {
                    let next = bytes[end]
                    if next == UInt8(ascii: "\""), bytes[end - 1] != UInt8(ascii: "\\") { quoted.toggle() }
                    if !quoted {
                        if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") { depth += 1 }
                        if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") {
                            if depth == 0 { break }
                            depth -= 1
                        }
                        if next == UInt8(ascii: ","), depth == 0 { break }
                    }
                    end += 1
                }
                if end > index + 1 {
                    variants.append(Array(bytes[...index]) + Array(" null".utf8) + Array(bytes[end...]))
                }
            }
            index += 1
        }
        return variants
    }
}
