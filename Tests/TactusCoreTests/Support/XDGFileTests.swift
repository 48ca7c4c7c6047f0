import Testing
@testable import TactusCore

@Suite struct XDGFileTests {
    @Test func aFolderFollowsTheVariableThenHome() {
        func sessions(_ environment: [String: String]) -> String? {
            xdgFile("sessions", in: "XDG_DATA_HOME", orHome: ".local/share", environment: environment)
        }
        #expect(sessions(["XDG_DATA_HOME": "/data", "HOME": "/home/ana"]) == "/data/tactus/sessions")
        #expect(sessions(["XDG_DATA_HOME": "/data//", "HOME": "/home/ana"]) == "/data/tactus/sessions")
        #expect(sessions(["XDG_DATA_HOME": "/", "HOME": "/home/ana"]) == "/tactus/sessions")
        #expect(sessions(["XDG_DATA_HOME": "data", "HOME": "/home/ana/"]) == "/home/ana/.local/share/tactus/sessions")
        #expect(sessions(["XDG_DATA_HOME": "", "HOME": "/home/ana"]) == "/home/ana/.local/share/tactus/sessions")
        #expect(sessions(["HOME": "ana"]) == nil)
        #expect(sessions([:]) == nil)
    }

    @Test func aFileThatMustBeWrittenFallsBackUnderTheGivenFolder() {
        func learned(_ environment: [String: String]) -> String {
            xdgFile("pedals/learned.json", in: "XDG_CONFIG_HOME", orHome: ".config", environment: environment, orElseUnder: ".")
        }
        #expect(learned(["XDG_CONFIG_HOME": "/cfg/", "HOME": "/home/ana"]) == "/cfg/tactus/pedals/learned.json")
        #expect(learned(["HOME": "/home/ana"]) == "/home/ana/.config/tactus/pedals/learned.json")
        #expect(learned(["XDG_CONFIG_HOME": "cfg", "HOME": "ana"]) == "./.config/tactus/pedals/learned.json")
        #expect(learned([:]) == "./.config/tactus/pedals/learned.json")
    }
}
