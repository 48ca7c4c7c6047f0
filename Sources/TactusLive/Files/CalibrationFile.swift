import Foundation
import TactusCore

/// The calibration store on disk, `$XDG_CONFIG_HOME/tactus/calibration.json`:
/// read whole (a missing file is an empty store) and written whole, atomically.
public enum CalibrationFile {
    /// Where the store lives, or an error when neither `XDG_CONFIG_HOME` nor
    /// `HOME` says.
    public static func path(environment: [String: String]) throws(CommandLineError) -> String {
        guard let path = CalibrationStore.path(environment: environment) else {
            throw .failure("cannot tell where calibration.json goes: set HOME or XDG_CONFIG_HOME")
        }
        return path
    }

    /// The store at `path`; an empty one when there is no file yet.
    public static func load(_ path: String) throws(CommandLineError) -> CalibrationStore {
        guard FileManager.default.fileExists(atPath: path) else { return CalibrationStore() }
        let bytes = try FileSystem.read(path, limit: InputLimit.settings, what: "calibrations")
        return try CommandLineError.catching(exitCode: .badInput) {
            try CalibrationStore.decode(Data(bytes), file: path)
        }
    }

    /// Stores `calibration` for `device` in the file at `path`, keeping the
    /// other devices' entries.
    public static func save(_ calibration: DeviceCalibration, for device: String, at path: String) throws(CommandLineError) {
        let store = try load(path).setting(calibration, for: device)
        let directory = FileSystem.directory(of: path) ?? "."
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .failure("\(path): cannot create the folder \(directory)")
        }
        do {
            let data = try store.encoded()
            try OutputFile.write(Array(data), to: path)
        } catch let error as FileSystem.Failure {
            throw .failure("\(path): cannot write the calibrations (\(error.reason))")
        } catch {
            throw .failure("\(path): \(error)")
        }
    }
}
