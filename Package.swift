// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tactus",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tactus", targets: ["tactus"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJack",
            pkgConfig: "jack",
            providers: [.apt(["libjack-jackd2-dev"])]
        ),
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        .systemLibrary(name: "CMalloc"),
        .target(name: "TactusCore", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "TactusEngine", dependencies: ["TactusCore"]),
        .target(name: "TactusSession", dependencies: ["TactusCore", "TactusEngine"]),
        .target(name: "TactusJack", dependencies: ["CJack", "TactusCore", "TactusEngine"]),
        .target(name: "TactusALSA", dependencies: ["CALSA", "TactusCore"]),
        .target(name: "TactusLive", dependencies: ["TactusCore", "TactusEngine", "TactusSession", "TactusJack", "TactusALSA"]),
        .executableTarget(
            name: "tactus",
            dependencies: ["CMalloc", "TactusCore", "TactusEngine", "TactusSession", "TactusJack", "TactusALSA", "TactusLive"]
        ),
        .executableTarget(
            name: "tactus-bench",
            dependencies: ["TactusCore", "TactusEngine", "TactusJack", "TactusTestSupport"]
        ),
        .testTarget(name: "TactusCoreTests", dependencies: ["TactusCore", "TactusTestSupport"]),
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        .target(name: "TactusTestSupport", dependencies: ["TactusCore"], path: "Tests/TactusTestSupport"),
        .testTarget(name: "TactusEngineTests", dependencies: ["TactusCore", "TactusEngine", "TactusSession", "CAllocationCounter", "TactusTestSupport"]),
        .testTarget(
            name: "TactusJackTests",
            dependencies: ["CJack", "TactusCore", "TactusEngine", "TactusSession", "TactusJack", "CAllocationCounter", "TactusTestSupport"]
        ),
        .testTarget(name: "TactusALSATests", dependencies: ["CALSA", "TactusCore", "TactusALSA"]),
        .testTarget(name: "TactusCLITests", dependencies: ["TactusCore", "TactusEngine", "TactusLive", "tactus", "TactusTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
