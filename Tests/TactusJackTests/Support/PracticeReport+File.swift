import Foundation
import TactusCore

extension PracticeReport {
    /// The report tactus wrote at `path`.
    static func read(_ path: String) throws -> PracticeReport {
        try decode(Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }
}
