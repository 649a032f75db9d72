// swift-tools-version:6.0
// Sluice: a staged NDJSON pipeline. No package dependencies by design: the toolchain plus the
// system SQLite library (through the CSQLite system-library target) is all it builds on.
import PackageDescription

// The stages built so far, in pipeline order; each is a library plus a thin executable.
let stages = ["fetch", "sanitize", "geocode", "dedupe", "load"]

func library(_ stage: String) -> String { "Sluice" + stage.prefix(1).uppercased() + stage.dropFirst() }

let package = Package(
    name: "Sluice",
    products: (stages + ["report", "stats", "gazetteer", "eval", "bench"]).map {
        .executable(name: "sluice-\($0)", targets: ["sluice-\($0)"])
    }
        // The stages for a Swift program: one library, a small facade over the stage modules
        // (Sources/Sluice/; examples/swift-api uses it), so a program imports one module and the
        // stage modules' own public declarations stay free to change.
        + [.library(name: "Sluice", targets: ["Sluice"])],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib: the gazetteer builder reads gzipped sources (`.csv.gz`), and the end-to-end tests
        // read the browser's PNG screenshots of the report.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc.h: fuzzy dedupe gives freed memory back while it reads (`FreedMemory`).
        .systemLibrary(name: "CMalloc"),
        .target(name: "SluiceCore"),
        .target(name: "SluiceFetch", dependencies: ["SluiceCore"]),
        .target(name: "SluiceSanitize", dependencies: ["SluiceCore"]),
        .target(name: "SluiceDedupe", dependencies: ["SluiceCore", "SluiceSanitize", "CMalloc"]),
        .target(name: "SluiceLoad", dependencies: ["SluiceCore", "CSQLite"]),
        .target(name: "SluiceGeocode", dependencies: ["SluiceCore", "SluiceSanitize"]),
        // `sluice-stats`: what every field of any stage's NDJSON holds (reads records, writes none).
        .target(name: "SluiceStats", dependencies: ["SluiceCore"]),
        .executableTarget(name: "sluice-stats", dependencies: ["SluiceStats"]),
        .testTarget(name: "SluiceStatsTests", dependencies: ["SluiceStats"]),
        // Tools beside the stages: the gazetteer builder (`sluice-gazetteer`) and the evaluations
        // of `make eval` (`sluice-eval`), entered through the stages' entry point.
        .target(name: "SluiceTools", dependencies: ["SluiceCore", "SluiceSanitize", "SluiceGeocode", "SluiceDedupe", "CZlib"]),
        .executableTarget(name: "sluice-gazetteer", dependencies: ["SluiceTools"]),
        .executableTarget(name: "sluice-eval", dependencies: ["SluiceTools"]),
        .testTarget(name: "SluiceToolsTests", dependencies: ["SluiceTools", "SluiceTestSupport"], exclude: ["Fixtures"]),
        // `make bench`: seeded SF-like data, every stage and its peers timed.
        .target(name: "SluiceBench", dependencies: ["SluiceCore", "SluiceSanitize", "SluiceDedupe"]),
        .executableTarget(name: "sluice-bench", dependencies: ["SluiceBench"]),
        // The seeded record generator of the property tests, shared by the test targets.
        .target(name: "SluiceTestSupport", dependencies: ["SluiceCore", "SluiceBench"], path: "Tests/SluiceTestSupport"),
        .testTarget(name: "SluiceCoreTests", dependencies: ["SluiceCore", "SluiceTestSupport"]),
        .testTarget(name: "SluiceFetchTests", dependencies: ["SluiceFetch"]),
        .testTarget(name: "SluiceSanitizeTests", dependencies: ["SluiceSanitize", "SluiceTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SluiceDedupeTests", dependencies: ["SluiceDedupe", "SluiceTestSupport"]),
        .testTarget(name: "SluiceLoadTests", dependencies: ["SluiceLoad", "SluiceTestSupport"]),
        .testTarget(name: "SluiceGeocodeTests", dependencies: ["SluiceGeocode", "SluiceTestSupport"]),
        .testTarget(name: "SluiceBenchTests", dependencies: ["SluiceBench"]),
        .testTarget(
            name: "EndToEndTests", dependencies: ["SluiceCore", "SluiceLoad", "SluiceTestSupport", "CZlib", "Sluice"], exclude: ["Cases", "Fixtures"]),
    ]
        + stages.map { .executableTarget(name: "sluice-\($0)", dependencies: [.target(name: library($0))]) }
        // `sluice-report`: an offline HTML page with a map, and GeoJSON, from any stage's output.
        + [
            .target(name: "SluiceReport", dependencies: ["SluiceCore", "SluiceSanitize", "SluiceGeocode", "SluiceDedupe", "SluiceLoad"]),
            .executableTarget(name: "sluice-report", dependencies: ["SluiceReport"]),
            .testTarget(name: "SluiceReportTests", dependencies: ["SluiceReport"]),
            .target(name: "Sluice", dependencies: ["SluiceCore", "SluiceSanitize", "SluiceGeocode", "SluiceDedupe", "SluiceLoad"]),
            .testTarget(name: "SluiceTests", dependencies: ["Sluice", "SluiceSanitize", "SluiceLoad", "SluiceTestSupport"]),
        ]
)
