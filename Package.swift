// swift-tools-version:6.0
// Sluice: a staged NDJSON pipeline. No package dependencies by design: the toolchain plus the
// system SQLite library (through the CSQLite system-library target) is all it builds on.
import PackageDescription

// The stages built so far, in pipeline order; each is a library plus a thin executable.
let stages = ["fetch", "sanitize", "geocode", "dedupe", "load"]

func library(_ stage: String) -> String { "Sluice" + stage.prefix(1).uppercased() + stage.dropFirst() }

let package = Package(
    name: "Sluice",
    products: (stages + ["stats", "gazetteer", "geocode-eval", "bench"]).map { .executable(name: "sluice-\($0)", targets: ["sluice-\($0)"]) },
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SluiceCore"),
        .target(name: "SluiceFetch", dependencies: ["SluiceCore"]),
        .target(name: "SluiceSanitize", dependencies: ["SluiceCore"]),
        .target(name: "SluiceDedupe", dependencies: ["SluiceCore"]),
        .target(name: "SluiceLoad", dependencies: ["SluiceCore", "CSQLite"]),
        .target(name: "SluiceGeocode", dependencies: ["SluiceCore", "SluiceSanitize"]),
        // `sluice-stats`: what every field of any stage's NDJSON holds (reads records, writes none).
        .target(name: "SluiceStats", dependencies: ["SluiceCore"]),
        .executableTarget(name: "sluice-stats", dependencies: ["SluiceStats"]),
        .testTarget(name: "SluiceStatsTests", dependencies: ["SluiceStats"]),
        // The gazetteer builder and the geocoder's self-check, over SluiceGeocode.
        .executableTarget(name: "sluice-gazetteer", dependencies: ["SluiceGeocode"]),
        .executableTarget(name: "sluice-geocode-eval", dependencies: ["SluiceGeocode"]),
        // `make bench`: seeded SF-like data, every stage and its peers timed.
        .target(name: "SluiceBench", dependencies: ["SluiceCore"]),
        .executableTarget(name: "sluice-bench", dependencies: ["SluiceBench"]),
        .testTarget(name: "SluiceCoreTests", dependencies: ["SluiceCore"]),
        .testTarget(name: "SluiceFetchTests", dependencies: ["SluiceFetch"]),
        .testTarget(name: "SluiceSanitizeTests", dependencies: ["SluiceSanitize"], exclude: ["Fixtures"]),
        .testTarget(name: "SluiceDedupeTests", dependencies: ["SluiceDedupe"]),
        .testTarget(name: "SluiceLoadTests", dependencies: ["SluiceLoad"]),
        .testTarget(name: "SluiceGeocodeTests", dependencies: ["SluiceGeocode"]),
        .testTarget(name: "SluiceBenchTests", dependencies: ["SluiceBench"]),
        .testTarget(name: "EndToEndTests", dependencies: ["SluiceCore", "SluiceLoad"], exclude: ["Cases", "Fixtures"]),
    ]
        + stages.map { .executableTarget(name: "sluice-\($0)", dependencies: [.target(name: library($0))]) }
        // `make eval`: the stages' accuracy against labelled data.
        + [
            .executableTarget(name: "sluice-eval", dependencies: ["SluiceCore", "SluiceSanitize"]),
            .executableTarget(name: "sluice-dedupe-eval", dependencies: ["SluiceCore"]),
        ]
)
