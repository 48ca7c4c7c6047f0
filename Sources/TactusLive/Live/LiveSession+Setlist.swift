import Foundation
import TactusALSA
import TactusCore
import TactusEngine
import TactusJack

extension LiveSession {
    /// The remembered state, or nil (with a warning for a broken file).
    public static func readState(environment: [String: String]) -> PracticeState? {
        guard let path = PracticeState.fileLocation(environment: environment),
              FileManager.default.fileExists(atPath: path)
        else { return nil }
        do {
            return try PracticeState(json: try FileSystem.read(path, limit: InputLimit.settings), file: path)
        } catch let error as SettingError {
            FileHandle.standardError.write(Data("tactus run: \(error); starting afresh\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("tactus run: \(path): cannot read (\(error)); starting afresh\n".utf8))
        }
        return nil
    }

    /// Remembers the setlist, its preset and the tempo for the next run
    /// (only sessions with a setlist change the state).
    func rememberState() {
        guard let setlist = options.setlist, let playback = control.setlist,
              let path = PracticeState.fileLocation(environment: ProcessInfo.processInfo.environment)
        else { return }
        let state = PracticeState(setlist: setlist.path, preset: playback.presetName, tempo: control.tempo)
        do {
            if let directory = FileSystem.directory(of: path) {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try OutputFile.write(state.encoded(), to: path)
        } catch {
            FileHandle.standardError.write(Data("tactus run: \(path): cannot remember the preset and tempo (\(error))\n".utf8))
        }
    }

    /// Starts reading `--alsa-pedal` and `--alsa-input` devices; without a
    /// sequencer (or a matching port) says so in one line and carries on
    /// with the JACK ports.
    static func startALSA(_ options: LiveOptions, host: JackEngineHost) -> ALSAReader? {
        guard !options.alsaPedal.isEmpty || !options.alsaInput.isEmpty else { return nil }
        do {
            return try ALSAReader(
                clientName: options.clientName, pedalPatterns: options.alsaPedal, inputPatterns: options.alsaInput, host: host)
        } catch {
            FileHandle.standardError.write(Data("tactus run: \(error.continuingWithJACKOnly)\n".utf8))
            return nil
        }
    }
}
