import Testing
@testable import TactusCore

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        #expect(TactusVersion.string.split(separator: ".").count == 3)
    }
}
