// swift-tools-version:6.0
// Sluice: a staged NDJSON pipeline. No package dependencies by design: the toolchain plus the
// system SQLite library (through the CSQLite system-library target) is all it builds on.
import PackageDescription

// The stages built so far, in pipeline order; each is a library plus a thin executable.
let stages = ["fetch", "load"]

func library(_ stage: String) -> String { "Sluice" + stage.prefix(1).uppercased() + stage.dropFirst() }

let package = Package(
    name: "Sluice",
    products: stages.map { .executable(name: "sluice-\($0)", targets: ["sluice-\($0)"]) }
        + [.executable(name: "sluice-bench", targets: ["sluice-bench"])],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SluiceCore"),
        .target(name: "SluiceFetch", dependencies: ["SluiceCore"]),
        .target(name: "SluiceLoad", dependencies: ["SluiceCore", "CSQLite"]),
        .target(name: "SluiceBench", dependencies: ["SluiceCore"]),
        .executableTarget(name: "sluice-bench", dependencies: ["SluiceBench"]),
        .testTarget(name: "SluiceCoreTests", dependencies: ["SluiceCore"]),
        .testTarget(name: "SluiceFetchTests", dependencies: ["SluiceFetch"]),
        .testTarget(name: "SluiceLoadTests", dependencies: ["SluiceLoad"]),
        .testTarget(name: "SluiceBenchTests", dependencies: ["SluiceBench"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SluiceCore", "SluiceLoad"]),
    ]
        + stages.map { .executableTarget(name: "sluice-\($0)", dependencies: [.target(name: library($0))]) }
)
