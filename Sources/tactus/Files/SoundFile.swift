import TactusCore
import TactusLive

/// A click sound's WAV file, judged by its header before it is read whole,
/// so a long recording or an endless input (`/dev/zero`) is refused with one
/// line instead of filling memory.
enum SoundFile {
    /// Bytes read first, to find the header: the chunks before the samples
    /// must fit in them.
    static let headerBytes = 1 << 16

    /// The sound at `path`; exit 4 naming the file when it cannot be read,
    /// is not a WAV file or is too long for a click.
    static func read(_ path: String) throws(CommandLineError) -> WAVFile {
        do {
            let (prefix, isWhole) = try FileSystem.prefix(path, count: headerBytes)
            var bytes = prefix
            if !isWhole {
                let header = try WAVHeader(prefix: prefix)
                var frames = header.frameCount
                if let size = FileSystem.status(of: path)?.size {
                    frames = min(frames, max(0, Int(size) - header.dataOffset) / (header.channelCount * header.format.bytesPerSample))
                }
                if let problem = ClickSample.lengthProblem(frameCount: frames, sampleRate: header.sampleRate) {
                    throw CommandLineError.badInput(path, "the sound \(problem)")
                }
                bytes = try FileSystem.prefix(path, count: header.dataOffset + frames * header.channelCount * header.format.bytesPerSample).bytes
            }
            let wav = try WAVFile(bytes: bytes)
            if let problem = ClickSample.lengthProblem(frameCount: wav.frameCount, sampleRate: wav.sampleRate) {
                throw CommandLineError.badInput(path, "the sound \(problem)")
            }
            return wav
        } catch let error as FileSystem.Failure {
            throw .badInput(path, "cannot read the sound: \(error.reason)")
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw .badInput(path, "\(error)")
        }
    }
}
