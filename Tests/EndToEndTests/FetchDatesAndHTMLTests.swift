import Foundation
import Testing

/// `--dates` and `--html-table` as a user runs them, with the environment that trips naive code.
@Suite struct FetchDatesAndHTMLTests {
    let fetch = Executable("sluice-fetch")

    /// Midnight of 4 March read in Los Angeles is 08:00 UTC; midnight UTC printed in Los Angeles
    /// is 3 March. Parsing and printing both in UTC keeps the day, whatever TZ says.
    @Test func datesKeepTheirDayWhateverTheLocalTimeZone() throws {
        let input = Data(#"{"aired":"March 4, 2019"}\#n{"aired":"4 March 2019"}\#n{"aired":"2019-03-04"}\#n"#.utf8)
        let file = try TemporaryFile(contents: input, suffix: ".ndjson")
        for zone in ["America/Los_Angeles", "Pacific/Kiritimati", "UTC"] {
            let result = try fetch.run([file.path, "--dates", "aired"], environment: ["TZ": zone, "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"])
            #expect(result.status == 0)
            #expect(
                result.stdoutLines.map { $0.prefix(#"{"aired":"2019-03-04""#.count) } == Array(repeating: #"{"aired":"2019-03-04""#, count: 3),
                "TZ=\(zone)")
        }
    }

    @Test func anHTMLTableFromAServerIsReadWithLinksResolved() throws {
        let server = try FixtureServer()
        let result = try fetch.run([server.url("/html"), "--html-table", "1"])
        #expect(result.status == 65)
        #expect(result.stderrText == "sluice-fetch: \(server.url("/html")): error: no table matches --html-table '1' (the page has 0 tables)\n")
        let page = Executable.packageRoot.appendingPathComponent("examples/episodes/site/shows/night-kitchen.html")
        let local = try fetch.run([page.path, "--html-table", "#episodes table", "--keys", "snake_case"])
        #expect(local.status == 0)
        #expect(
            local.stdoutLines.first?.hasPrefix(
                #"{"no_in_season":"1","title":"Midnight Bread","title_href":"episodes/1-1.html","directed_by":"Ana Ruiz","season":"1","original_air_date":"4 March 2019""#
            ) == true)
        #expect(local.stdoutLines.count == 4)  // the summary row spanning the table is not a record
    }
}
