/// An input that cannot be used: the file it came from (when there is one),
/// the field at fault and what is wrong, on one line:
/// `pedals.json: bindings[2].action: unknown action 'tapp' (expected one of tap, …)`.
/// One type for every kind of input (a timeline's settings, scoring's, a
/// practice config, a pedal map or setlist, a calibration store or
/// measurement, a remote command): the field says which, so an error passes
/// from one layer to the next as it is, and the layer that read a file adds
/// its name (`inFile`).
public struct SettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file read, or nil when the input did not come from one.
    public var file: String?
    /// Path of the field at fault (`bpm`, `windows.good`, `presets[1].bpm`,
    /// `taps[5]`), or where broken JSON breaks (`line 3, column 5`); empty
    /// for the input as a whole.
    public var field: String
    public var message: String

    public init(file: String? = nil, field: String, message: String) {
        self.file = file
        self.field = field
        self.message = message
    }

    /// A problem with the input as a whole: a take that carries no pulse.
    public init(_ message: String) {
        self.init(field: "", message: message)
    }

    public var description: String {
        let place = field.isEmpty ? "" : "\(field): "
        return ((file.map { "\($0): " } ?? "") + place + message).oneLine
    }

    /// The same problem, as found in `file`.
    public func inFile(_ file: String) -> SettingError {
        SettingError(file: file, field: field, message: message)
    }

    /// The top-level setting the field belongs to: `tempoMap` for `tempoMap[1].bar`.
    public var topLevelField: String {
        String(field.prefix { $0 != "." && $0 != "[" })
    }
}
