/// One sample per level, each a distinct value, so onsets and levels read back exactly.
let impulseSounds: [[Float]] = [[1.0], [0.5], [0.25], [0.125]]

/// The non-zero samples of `audio`, whose first sample is frame `start`:
/// with `impulseSounds`, each click's frame and level.
func onsets(_ audio: [Float], from start: Int64 = 0) -> [(frame: Int64, value: Float)] {
    audio.enumerated().filter { $0.element != 0 }.map { (start + Int64($0.offset), $0.element) }
}
