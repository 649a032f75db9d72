import Foundation
import Testing

@testable import SluiceCore

/// Values at the edges of what JSON and Double hold, and text that would command a terminal,
/// through the built executables (issue 33, items 7–9): no stage traps (exit 132), every output
/// stays well-formed, and data reaches the terminal with its control characters escaped.
@Suite struct HostileValueTests {
    /// Numbers and texts at the edges: ±1e308, 1e400 (read as infinity), 2^63, −0, NaN and
    /// Infinity as text, empty, huge, and control characters.
    static let numbers = ["1e308", "-1e308", "1e400", "-1e400", "9223372036854775808", "-9223372036854775809", "1e19", "-0", "0", "1e-400"]
    static let texts = [
        "NaN", "Infinity", "-Infinity", "", " ", "1e400", "-0", String(repeating: "x", count: 200_000), String(repeating: "9", count: 3_000),
        "Cafe\u{1B}]0;PWNED\u{07}\u{1B}[2J",
    ]
    /// Every extreme as a JSON value: numbers as written, texts as strings.
    static let values: [String] = numbers + texts.map { JSONWriter.string(.string($0)) }

    static func ndjson(_ lines: [String]) -> Data { Data((lines.joined(separator: "\n") + "\n").utf8) }

    /// The accounting line's `N in, N out`.
    static func accountsFor(_ count: Int, _ stderr: String) -> Bool { stderr.contains(": \(count) in, \(count) out, 0 rejected") }

    // MARK: item 7: sluice-dedupe

    @Test(arguments: [[], ["--rejects", "/dev/null"]])
    func aDateOf1e19IsNoDateNotATrap(extra: [String]) throws {
        let input = Self.ndjson([#"{"d":1e19,"name":"a"}"#, #"{"d":19081209,"name":"a"}"#])
        let result = try Executable("sluice-dedupe").run(["--compare", "d:date", "--block", "name"] + extra, input: input)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutLines.count == 2 && Self.accountsFor(2, result.stderrText), "\(result.stderrText)")
    }

    /// One run per compare method over records holding every extreme value (and each inside
    /// `{"lat":…,"lon":…}` and `{"key":…}`, as geo and address read them), all in one block.
    @Test(arguments: ["jw", "lev", "tokens", "exact", "num=2", "date=30", "geo=50", "name", "phone", "address", "housenumber"])
    func everyCompareMethodTakesExtremeValues(method: String) throws {
        var lines = Self.values.map { #"{"b":1,"v":\#($0)}"# }
        for number in Self.numbers + [#""NaN""#] {
            lines.append(#"{"b":1,"v":{"lat":\#(number),"lon":-122.4}}"#)
            lines.append(#"{"b":1,"v":{"lat":37.7,"lon":\#(number)}}"#)
        }
        lines += Self.values.map { #"{"b":1,"v":{"key":\#($0)}}"# }
        let pairs = try TemporaryFile()
        let result = try Executable("sluice-dedupe").run(
            ["--compare", "v:\(method)", "--block", "b", "--pairs", pairs.path, "--threshold", "0.5"], input: Self.ndjson(lines))
        #expect(result.status == 0, "\(method): \(result.stderrText)")
        #expect(Self.accountsFor(lines.count, result.stderrText), "\(method): \(result.stderrText)")
        #expect(result.stdoutLines.count == lines.count)
        for line in result.stdoutLines + (try pairs.contents()).split(separator: 0x0A).map({ String(decoding: $0, as: UTF8.self) }) {
            #expect((try? JSONParser.parse(line)) != nil, "\(method): not JSON: \(line.prefix(200))")
        }
    }

    // MARK: item 8: sluice-report and sluice-eval

    /// Per section of the page, records whose field for that section holds each extreme value:
    /// the page is written whole, and the GeoJSON parses.
    static let reportSections: [String: @Sendable (String) -> String] = [
        "score bins and lowest answers": { #"{"t":"x","geo":{"lat":37.7,"lon":-122.4,"precision":"place","score":\#($0)}}"# },
        "map and GeoJSON": { #"{"t":"x","geo":{"lat":\#($0),"lon":\#($0),"precision":"address","score":0.9}}"# },
        "precisions": { #"{"geo":{"lat":37.7,"lon":-122.4,"precision":\#($0),"score":0.5}}"# },
        "kinds": { #"{"address":{"raw":"x","kind":\#($0)}}"# },
        "unmatched": { #"{"address":{"raw":\#($0)},"geo":{"precision":"none","reason":\#($0)}}"# },
        "largest clusters": {
            #"{"title":\#($0),"dedupe":{"cluster":\#($0),"size":\#($0),"canonical":true},"geo":{"lat":37.7,"lon":-122.4,"precision":"place","score":0.5}}"#
        },
    ]

    @Test(arguments: reportSections.keys.sorted())
    func everyReportSectionTakesExtremeValues(section: String) throws {
        let make = try #require(Self.reportSections[section])
        let lines = Self.values.map(make)
        let geojson = try TemporaryFile(suffix: ".geojson")
        let result = try Executable("sluice-report").run(["--geojson", geojson.path], input: Self.ndjson(lines))
        #expect(result.status == 0, "\(section): \(result.stderrText)")
        #expect(Self.accountsFor(lines.count, result.stderrText), "\(section): \(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("<!DOCTYPE html>") && result.stdoutText.hasSuffix("</body></html>\n"))
        #expect((try? JSONParser.parse(Array(try geojson.contents()))) != nil, "\(section): the GeoJSON is not JSON")
    }

    @Test(arguments: ["1e300", "-1e300"])
    func aScoreOf1e300DrawsAPage(score: String) throws {
        let input = Self.ndjson([#"{"geo":{"lat":37.7,"lon":-122.4,"precision":"place","score":\#(score)}}"#])
        let result = try Executable("sluice-report").run([], input: input)
        #expect(result.status == 0 && result.stdoutText.hasSuffix("</html>\n"), "\(result.stderrText)")
    }

    @Test func geocodeFilmsNamesTheFileAndLineOfABadRecord() throws {
        let cases = [
            (#"{"locations":"x","geo":{"precision":"place","score":1e300}}"#, "geo.score 1e300 is not a score from 0 to 1"),
            ("{bad", "invalid JSON: unexpected 'b', expected a string key at column 2"),
        ]
        for (line, reason) in cases {
            let file = try TemporaryFile(contents: Self.ndjson([#"{"locations":"Coit Tower","geo":{"precision":"place","score":0.9}}"#, line]))
            let result = try Executable("sluice-eval").run(["geocode-films", file.path])
            #expect(result.status == 65)
            #expect(result.stderrText == "sluice-eval: \(file.path):2: error: \(reason)\n")
        }
    }

    // MARK: item 9: terminal escapes

    @Test func sluiceEvalShowsTextsFromDataEscaped() throws {
        let file = try TemporaryFile(contents: Self.ndjson([#"{"locations":"Cafe\u001b]0;PWNED\u0007\u001b[2J","geo":{"precision":"none"}}"#]))
        let result = try Executable("sluice-eval").run(["geocode-films", file.path])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains(#"  1  Cafe\u001b]0;PWNED\u0007\u001b[2J"#))
        #expect(!result.stdoutText.contains("\u{1B}") && !result.stdoutText.contains("\u{07}"))
    }

    @Test func errorsAndWarningsShowFileAndFieldNamesEscaped() throws {
        let missing = try Executable("sluice-stats").run(["/nonexistent/f\u{1B}]0;PWNED\u{07}.ndjson"])
        #expect(missing.status == 66)
        #expect(missing.stderrText.contains(#"/nonexistent/f\u001b]0;PWNED\u0007.ndjson"#), "\(missing.stderrText)")
        // A record whose field is named with an escape, where sanitize's result goes: the
        // message quoting it must not carry the escape.
        let hostile = "a\u{1B}[2J"
        let result = try Executable("sluice-sanitize").run(
            ["--field", hostile, "--as", hostile], input: Self.ndjson([#"{"a\u001b[2J":"766 Vallejo St"}"#]))
        #expect(!result.stderrText.contains("\u{1B}"), "\(result.stderrText)")
        #expect(result.stderrText.contains(#"a\u001b[2J"#), "\(result.stderrText)")
    }
}
