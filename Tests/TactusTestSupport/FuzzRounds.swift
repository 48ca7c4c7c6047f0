import Foundation

/// How many rounds a fuzzer runs: `rounds`, times the whole number in
/// TACTUS_FUZZ_SCALE when it is set (`TACTUS_FUZZ_SCALE=10 Scripts/test
/// --filter Fuzz` for a long hunt). Every round is drawn from fixed seeds,
/// so a run of the suite is the same every time, and a longer one only adds
/// rounds after those.
public func fuzzRounds(_ rounds: Int) -> Int {
    guard let text = ProcessInfo.processInfo.environment["TACTUS_FUZZ_SCALE"], let scale = Int(text), scale >= 1 else {
        return rounds
    }
    return rounds * scale
}
