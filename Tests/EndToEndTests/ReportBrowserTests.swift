import Foundation
import Testing

@testable import SluiceCore

/// The bundled data's report (`make pipeline`'s `report.html`) in a real browser, headless
/// chromium: it draws one point per geocoded place, the map is not blank, the script runs
/// without an error, zooms and shows a place's records, and the page asks for nothing on the
/// network.
@Suite(.serialized) struct ReportBrowserTests {
    static func browser() throws -> Browser {
        try #require(Browser.find(), "chromium is not installed: `make test` installs it (apt-get install chromium)")
    }

    @Test func thePipelineWritesTheReportAndEndsWithItsPath() throws {
        let output = try BundledPipeline.output()
        let report = output.file("report.html")
        #expect(output.printed.split(separator: "\n").last.map(String.init) == report.path)
        #expect(output.printed.contains("06-report "))
        #expect(FileManager.default.fileExists(atPath: report.path))
    }

    @Test func thePageAsksForNothingOnTheNetwork() throws {
        let html = try String(contentsOf: try BundledPipeline.output().file("report.html"), encoding: .utf8)
        // Attributes and CSS that fetch something: there are none at all.
        for fetching in [" src=", " href=", "url(", "@import", "<link", "<iframe", "<object", "<embed", "fetch(", "XMLHttpRequest"] {
            #expect(!html.contains(fetching), "the report contains \(fetching)")
        }
        #expect(!html.contains("http:") && !html.contains("https:"))
    }

    @Test func theDOMHoldsOnePointPerGeocodedPlaceAndNoError() throws {
        let output = try BundledPipeline.output()
        let places = BundledPipeline.places(of: try BundledPipeline.records("04-deduped.ndjson"))
        #expect(places.count > 1000)
        let (dom, log) = try Self.browser().dumpDOM(output.file("report.html"))
        #expect(dom.contains(#"data-ready="1""#), "the page's script did not finish")
        #expect(Self.attribute("data-errors", in: dom) == nil, "script errors: \(Self.attribute("data-errors", in: dom) ?? "")")
        #expect(Browser.consoleMessages(in: log).isEmpty, "console: \(Browser.consoleMessages(in: log))")
        #expect(dom.components(separatedBy: #"<circle class="pt "#).count - 1 == places.count)
        #expect(dom.components(separatedBy: "data-i=").count - 1 == places.count)
    }

    @Test func theMapShowsThePointsInTheirColours() throws {
        let output = try BundledPipeline.output()
        let browser = try Self.browser()
        let (dom, _) = try browser.dumpDOM(output.file("report.html"))
        let box = try #require(Self.mapBox(in: dom), "no data-box on the map")
        #expect(box.width > 600 && box.height > 500)
        let (image, log) = try browser.screenshot(output.file("report.html"))
        #expect(Browser.consoleMessages(in: log).isEmpty)
        #expect(image.width == Browser.window.width && image.height == Browser.window.height)
        let counts = image.colourCounts(x: box.x, y: box.y, width: box.width, height: box.height)
        // The six precisions of the bundled data, in the palette's colours (points are opaque).
        let colours = ["#1b9e77", "#66a61e", "#7570b3", "#e7298a", "#d95f02", "#e6ab02"]
        for colour in colours { #expect(counts[colour, default: 0] >= 40, "\(colour): \(counts[colour, default: 0]) pixels") }
        #expect(colours.reduce(0) { $0 + counts[$1, default: 0] } > 5000)
        // Streets and parks: most of the map is not its background.
        let area = box.width * box.height
        #expect(area - counts["#eef1f4", default: 0] > area / 10)
    }

    @Test func theScriptZoomsAndShowsAPlacesRecords() throws {
        let output = try BundledPipeline.output()
        let html = try String(contentsOf: output.file("report.html"), encoding: .utf8)
        // Clicks the first point, scrolls the wheel over the map's middle and hovers the point,
        // then writes what the page shows on the root element for the DOM dump.
        let script = """
            <script>(function(){var p=document.querySelector('circle.pt'),svg=document.getElementById('map'),b=svg.getBoundingClientRect();
            var before=svg.getAttribute('viewBox'),r=p.getAttribute('r');
            p.dispatchEvent(new MouseEvent('click',{bubbles:true}));
            svg.dispatchEvent(new WheelEvent('wheel',{bubbles:true,cancelable:true,deltaY:-100,clientX:b.left+b.width/2,clientY:b.top+b.height/2}));
            p.dispatchEvent(new PointerEvent('pointerover',{bubbles:true,clientX:100,clientY:100}));
            var tip=document.getElementById('tip');
            document.documentElement.setAttribute('data-probe',JSON.stringify({before:before,after:svg.getAttribute('viewBox'),r:r,rAfter:p.getAttribute('r'),
            tip:tip.hidden?'':tip.textContent,panel:document.getElementById('panel').textContent,selected:p.classList.contains('sel')}));})();</script>
            """
        let page = try TemporaryFile(contents: Data(html.replacingOccurrences(of: "</body>", with: script + "</body>").utf8), suffix: ".html")
        let (dom, log) = try Self.browser().dumpDOM(page.url)
        #expect(Self.attribute("data-errors", in: dom) == nil && Browser.consoleMessages(in: log).isEmpty)
        let attribute = try #require(Self.attribute("data-probe", in: dom))
        let probe = try JSONSerialization.jsonObject(with: Data(attribute.utf8)) as? [String: Any] ?? [:]
        let before = (probe["before"] as? String ?? "").split(separator: " ").compactMap { Double($0) }
        let after = (probe["after"] as? String ?? "").split(separator: " ").compactMap { Double($0) }
        #expect(before.count == 4 && after.count == 4)
        if before.count == 4, after.count == 4 { #expect(after[2] < before[2] * 0.9, "the wheel did not zoom in") }
        #expect((Double(probe["rAfter"] as? String ?? "") ?? 0) < (Double(probe["r"] as? String ?? "") ?? 0))
        #expect(probe["selected"] as? Bool == true)
        // The first point is the busiest place (Golden Gate Bridge today): its text and a film.
        let busiest = try Self.busiestPlaces()
        let panel = probe["panel"] as? String ?? ""
        #expect(busiest.texts.contains { panel.hasPrefix($0) }, "panel: \(panel.prefix(200))")
        #expect(busiest.titles.contains { panel.contains($0) } && panel.contains("Matched: ") && panel.contains(" records"))
        let tip = probe["tip"] as? String ?? ""
        #expect(busiest.texts.contains { tip.hasPrefix($0 + " — ") }, "tip: \(tip)")
    }

    /// The texts and titles of the place(s) with the most records, from the NDJSON.
    static func busiestPlaces() throws -> (texts: Set<String>, titles: Set<String>) {
        var records: [String: [(text: String, title: String)]] = [:]
        for record in try BundledPipeline.records("04-deduped.ndjson") {
            guard let geo = record["geo"], geo["precision"]?.stringValue != "none", case .number(let lat)? = geo["lat"],
                case .number(let lon)? = geo["lon"]
            else { continue }
            records[lat + "," + lon, default: []].append((record.value(atPath: "address.raw")?.stringValue ?? "", record["title"]?.stringValue ?? ""))
        }
        let most = records.values.map(\.count).max() ?? 0
        let busiest = records.values.filter { $0.count == most }.joined()
        return (Set(busiest.map(\.text)), Set(busiest.map(\.title)))
    }

    /// The map's rectangle in the window, as the page's script recorded it (`data-box`).
    static func mapBox(in dom: String) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let numbers = attribute("data-box", in: dom)?.split(separator: ",").compactMap({ Int($0) }), numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// An attribute's value in serialised HTML, unescaped.
    static func attribute(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: " " + name + "=\"") else { return nil }
        guard let end = dom[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return String(dom[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
