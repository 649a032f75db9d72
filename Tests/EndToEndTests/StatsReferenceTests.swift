import Foundation
import SluiceCore
import Testing

/// Every figure `sluice-stats` reports as exact, checked against an independent Python
/// computation (`scripts/stats_reference.py`, stdlib only) on the bundled data as each stage of
/// `make pipeline` leaves it, and on the mixed-type golden input: counts, types and their first
/// lines, distinct counts, top values, min/max/mean, quantiles and string lengths must be equal;
/// the standard deviation within 1e-9 (Python's is computed with fractions).
@Suite struct StatsReferenceTests {
    /// Compares one input; returns how many figures were compared.
    static func compare(_ input: URL) throws -> Int {
        let ours = try Executable("sluice-stats").run(["--ndjson", "--quiet", input.path])
        #expect(ours.status == 0, "sluice-stats failed: \(ours.stderrText)")
        let reference = try Program.run(["python3", Executable.packageRoot.appendingPathComponent("scripts/stats_reference.py").path, input.path])
        #expect(reference.status == 0, "stats_reference.py failed: \(reference.stderrText)")
        var byPath: [String: JSONValue] = [:]
        for line in ours.stdoutLines {
            let object = try JSONParser.parse(line)
            if let path = object["path"]?.stringValue { byPath[path] = object }
        }
        let expected = try reference.stdoutLines.map { try JSONParser.parse($0) }
        #expect(!expected.isEmpty)
        #expect(byPath.count == expected.count, "\(input.lastPathComponent): \(byPath.count) paths, the reference has \(expected.count)")
        var compared = 0
        for want in expected {
            let path = want["path"]?.stringValue ?? "?"
            guard let got = byPath[path] else {
                Issue.record("\(input.lastPathComponent): sluice-stats has no path \(path)")
                continue
            }
            func same(_ key: String, _ a: JSONValue?, _ b: JSONValue?) {
                compared += 1
                #expect(a == b, "\(input.lastPathComponent) \(path) \(key)")
            }
            func sameDouble(_ key: String, _ a: JSONValue?, _ b: JSONValue?, tolerance: Double = 0) {
                compared += 1
                guard let x = a?.doubleValue, let y = b?.doubleValue else {
                    #expect(
                        a == .null && b == .null, "\(input.lastPathComponent) \(path) \(key): \(String(describing: a)) vs \(String(describing: b))")
                    return
                }
                #expect(abs(x - y) <= tolerance * abs(y), "\(input.lastPathComponent) \(path) \(key): \(x) vs \(y)")
            }
            for key in ["records", "present", "values", "null", "empty", "types", "distinct"] { same(key, got[key], want[key]) }
            if want["top"] != nil {
                same("distinct_exact", got["distinct_exact"], .bool(true))
                same("top_exact", got["top_exact"], .bool(true))
                same("top", got["top"].map(topAsReference), want["top"])
            }
            if let number = want["number"] {
                same("quantiles_exact", got["number"]?["quantiles_exact"], .bool(true))
                same("count", got["number"]?["count"], number["count"])
                for key in ["min", "max"] {
                    // The number as written: the same text.
                    same(key, got["number"]?[key].flatMap { if case .number(let text) = $0 { .string(text) } else { nil } }, number[key])
                }
                for key in ["mean", "p1", "p50", "p99"] { sameDouble(key, got["number"]?[key], number[key]) }
                sameDouble("stddev", got["number"]?["stddev"], number["stddev"], tolerance: 1e-9)
            }
            if let string = want["string"] {
                for key in ["count", "min_length", "max_length", "longest_lines"] { same(key, got["string"]?[key], string[key]) }
                sameDouble("mean_length", got["string"]?["mean_length"], string["mean_length"])
            }
        }
        return compared
    }

    /// `{"value":…,"count":…}` as the reference writes it: `{"kind":…,"value":"text","count":…}`.
    static func topAsReference(_ top: JSONValue) -> JSONValue {
        guard case .array(let items) = top else { return top }
        return .array(
            items.map { item in
                let (kind, text): (String, String) =
                    switch item["value"] {
                    case .string(let text)?: ("string", text)
                    case .number(let text)?: ("number", text)
                    case .bool(let flag)?: ("boolean", flag ? "true" : "false")
                    default: ("?", "")
                    }
                return .object([JSONMember("kind", .string(kind)), JSONMember("value", .string(text)), JSONMember("count", item["count"] ?? .null)])
            })
    }

    /// The pipeline's four files (fetched, sanitized, geocoded, deduped: 17 to 68 paths, with
    /// nested objects, arrays, numbers, nulls and mixed types), and its closing highlights.
    @Test func theBundledDataThroughEveryStageMatchesThePythonReference() throws {
        let directory = try TemporaryDirectory()
        let printed = try PipelineTests.runPipeline(into: directory.url)
        #expect(printed.contains("  stats: sluice-stats --fields address.kind,geo.precision,geo.score,dedupe.size --top 8 "))
        #expect(printed.contains("    TOP VALUES"))
        var compared = 0
        for name in ["01-fetched", "02-sanitized", "03-geocoded", "04-deduped"] {
            compared += try StatsReferenceTests.compare(directory.file("\(name).ndjson"))
        }
        #expect(compared > 2_000)
    }

    /// Escapes, non-ASCII text, a blank line, mixed types, empty strings, arrays and objects.
    @Test func aMixedInputMatchesThePythonReference() throws {
        let input = GoldenCase.root.appendingPathComponent("stats/0002-table-nested-arrays-mixed-types/input.ndjson")
        #expect(try StatsReferenceTests.compare(input) > 100)
    }
}
