import Testing
import TactusCore

@Suite struct NSMMessageTests {
    @Test func theAnnounceCarriesNameCapabilitiesExecutableVersionAndPid() {
        #expect(NSMClientMessage.announce(name: "tactus", executable: "tactus", pid: 4242) == OSCMessage("/nsm/server/announce", [
            .string("tactus"), .string(":dirty:"), .string("tactus"), .int(1), .int(1), .int(4242),
        ]))
        #expect(Array(NSMClientMessage.announce(name: "tactus", executable: "tactus", pid: 1).bytes.prefix(24))
            == Array("/nsm/server/announce".utf8) + [0, 0, 0, 0])
    }

    @Test func repliesErrorsAndDirtiness() {
        #expect(NSMClientMessage.reply(to: "/nsm/client/save", "saved") == OSCMessage("/reply", [.string("/nsm/client/save"), .string("saved")]))
        #expect(NSMClientMessage.error(to: "/nsm/client/open", .createFailed, "cannot create")
            == OSCMessage("/error", [.string("/nsm/client/open"), .int(-10), .string("cannot create")]))
        #expect(NSMClientMessage.dirty(true) == OSCMessage("/nsm/client/is_dirty"))
        #expect(NSMClientMessage.dirty(false) == OSCMessage("/nsm/client/is_clean"))
    }

    @Test func theServersMessagesAreRead() {
        #expect(NSMMessage(OSCMessage("/nsm/client/open", [.string("/s/tactus.nABCD"), .string("Gig"), .string("tactus.nABCD")]))
            == .open(path: "/s/tactus.nABCD", sessionName: "Gig", clientID: "tactus.nABCD"))
        #expect(NSMMessage(OSCMessage("/nsm/client/save")) == .save)
        #expect(NSMMessage(OSCMessage("/nsm/client/session_is_loaded")) == .sessionIsLoaded)
        #expect(NSMMessage(OSCMessage("/reply", [.string("/nsm/server/announce"), .string("hi"), .string("nsmd"), .string(":server-control:")]))
            == .reply(to: "/nsm/server/announce", message: "hi"))
        #expect(NSMMessage(OSCMessage("/error", [.string("/nsm/server/announce"), .int(-6), .string("no session")]))
            == .error(to: "/nsm/server/announce", code: -6, message: "no session"))
        #expect(NSMErrorCode(rawValue: -6) == .noSessionOpen)
    }

    @Test func malformedServerMessagesAreNone() {
        #expect(NSMMessage(OSCMessage("/nsm/client/open", [.string("/s"), .string("Gig")])) == nil)
        #expect(NSMMessage(OSCMessage("/nsm/client/open", [.string("/s"), .int(1), .string("id")])) == nil)
        #expect(NSMMessage(OSCMessage("/nsm/client/save", [.int(1)])) == nil)
        #expect(NSMMessage(OSCMessage("/error", [.string("/x"), .string("-1"), .string("m")])) == nil)
        #expect(NSMMessage(OSCMessage("/tactus/start")) == nil)
        #expect(NSMMessage.isSessionManagerAddress("/nsm/client/save"))
        #expect(NSMMessage.isSessionManagerAddress("/reply"))
        #expect(!NSMMessage.isSessionManagerAddress("/tactus/reply"))
    }
}
