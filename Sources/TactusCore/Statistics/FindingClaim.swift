/// One test a part of the findings (voices' dynamics, tempo) hands to the
/// take's correction: its p-value, and the finding it makes if rejected
/// (nil when too small to matter).
struct FindingClaim {
    var p: Double
    var finding: Finding?
}
