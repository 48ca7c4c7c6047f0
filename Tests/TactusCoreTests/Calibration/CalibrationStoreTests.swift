import Foundation
import Testing
@testable import TactusCore

@Suite struct CalibrationStoreTests {
    let march = Date(timeIntervalSince1970: 1_740_823_200)  // 2025-03-01T10:00:00Z
    var scarlett: DeviceCalibration {
        DeviceCalibration(latencyMs: 12.5, method: .tap, measuredAt: march, spreadMs: 3.25)
    }

    @Test func encodesSortedPrettyJSON() throws {
        let store = CalibrationStore().setting(scarlett, for: "Scarlett 2i2 USB")
            .setting(DeviceCalibration(latencyMs: -1.5, method: .loopback, measuredAt: march + 60, spreadMs: 0), for: "e-kit/port 1")
        let text = String(decoding: try store.encoded(), as: UTF8.self)
        #expect(text == """
            {
              "devices" : {
                "Scarlett 2i2 USB" : {
                  "latencyMs" : 12.5,
                  "measuredAt" : "2025-03-01T10:00:00Z",
                  "method" : "tap",
                  "spreadMs" : 3.25
                },
                "e-kit/port 1" : {
                  "latencyMs" : -1.5,
                  "measuredAt" : "2025-03-01T10:01:00Z",
                  "method" : "loopback",
                  "spreadMs" : 0
                }
              },
              "schema" : "tactus.calibration/1"
            }

            """)
        #expect(try CalibrationStore.decode(Data(text.utf8), file: "calibration.json") == store)
    }

    @Test func emptyAndHandWrittenFilesRead() throws {
        #expect(try CalibrationStore.decode(Data("{}".utf8), file: "c.json") == CalibrationStore())
        let handWritten = #"{"devices": {"kit": {"latencyMs": 7, "method": "manual", "measuredAt": "2025-03-01T10:00:00Z"}}}"#
        let store = try CalibrationStore.decode(Data(handWritten.utf8), file: "c.json")
        #expect(store["kit"] == DeviceCalibration(latencyMs: 7, method: .manual, measuredAt: march, spreadMs: 0))
        #expect(store["other"] == nil)
    }

    @Test func mergingKeepsTheLaterMeasurement() {
        let old = DeviceCalibration(latencyMs: 20, method: .tap, measuredAt: march - 86_400, spreadMs: 9)
        let mine = CalibrationStore(devices: ["Scarlett": scarlett, "kit": old])
        let theirs = CalibrationStore(devices: [
            "Scarlett": DeviceCalibration(latencyMs: 30, method: .manual, measuredAt: march - 1, spreadMs: 0),
            "kit": DeviceCalibration(latencyMs: 8, method: .loopback, measuredAt: march, spreadMs: 0.5),
            "pads": scarlett,
        ])
        let merged = mine.merging(theirs)
        #expect(merged.devices.count == 3)
        #expect(merged["Scarlett"] == scarlett)
        #expect(merged["kit"]?.latencyMs == 8)
        #expect(merged["pads"] == scarlett)
        #expect(mine.setting(old, for: "Scarlett")["Scarlett"] == old)
    }

    @Test func pathFollowsXDG() {
        #expect(CalibrationStore.path(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"]) == "/cfg/tactus/calibration.json")
        #expect(CalibrationStore.path(environment: ["XDG_CONFIG_HOME": "/cfg/", "HOME": "/home/a"]) == "/cfg/tactus/calibration.json")
        #expect(CalibrationStore.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"]) == "/home/a/.config/tactus/calibration.json")
        #expect(CalibrationStore.path(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a/"]) == "/home/a/.config/tactus/calibration.json")
        #expect(CalibrationStore.path(environment: ["HOME": "/"]) == "/.config/tactus/calibration.json")
        #expect(CalibrationStore.path(environment: [:]) == nil)
    }

    @Test(arguments: [
        ("[1, 2", "c.json: is not valid JSON"),
        ("[]", "c.json: expected a calibration store (a JSON object {…}) at the top level, found a list [...]"),
        (#"{"schema": "tactus.calibration/9"}"#, #"c.json: schema: "tactus.calibration/9" is not tactus.calibration/1"#),
        (#"{"devices": {"kit": {"latencyMs": "7", "method": "tap", "measuredAt": "2025-03-01T10:00:00Z"}}}"#,
         #"c.json: devices["kit"].latencyMs: expected a number, found a string"#),
        (#"{"devices": {"kit": {"method": "tap", "measuredAt": "2025-03-01T10:00:00Z"}}}"#,
         #"c.json: devices["kit"].latencyMs: missing"#),
        (#"{"devices": {"kit": {"latencyMs": 7, "method": "guess", "measuredAt": "2025-03-01T10:00:00Z"}}}"#,
         #"c.json: devices["kit"].method: "guess" is not tap, loopback or manual"#),
        (#"{"devices": {"kit": {"latencyMs": 7, "method": "tap", "measuredAt": "yesterday"}}}"#,
         #"c.json: devices["kit"].measuredAt: "yesterday" is not a date like 2025-03-01T10:00:00Z"#),
        (#"{"devices": {"kit": {"latencyMs": 7000, "method": "tap", "measuredAt": "2025-03-01T10:00:00Z"}}}"#,
         #"c.json: devices["kit"].latencyMs: must be between -1000 and 1000 ms, got 7000.0"#),
        (#"{"devices": {"kit": {"latencyMs": 7, "method": "tap", "measuredAt": "2025-03-01T10:00:00Z", "spreadMs": -1}}}"#,
         #"c.json: devices["kit"].spreadMs: must be between 0 and 1000 ms, got -1.0"#),
        (#"{"devices": []}"#, "c.json: devices: expected an object {…}, found a list [...]"),
    ])
    func badFilesNameTheField(json: String, message: String) {
        let error = #expect(throws: SettingError.self) { try CalibrationStore.decode(Data(json.utf8), file: "c.json") }
        #expect(error?.description == message)
    }

    @Test func notANumberIsNotWritten() {
        let store = CalibrationStore(devices: ["kit": DeviceCalibration(latencyMs: .nan, method: .tap, measuredAt: march, spreadMs: 0)])
        #expect(throws: SettingError(field: #"devices["kit"].latencyMs"#, message: "must be between -1000 and 1000 ms, got nan")) {
            try store.encoded()
        }
    }
}
