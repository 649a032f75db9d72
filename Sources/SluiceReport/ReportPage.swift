/// The whole report as one self-contained HTML page: styles and script inline, no request to
/// anything (no fonts, tiles, CDN or images), so it opens from disk in any browser, years later.
/// Every string from data is escaped (`HTML`); the same inputs give the same bytes.
///
///     ReportPage(title: "Sluice report: 04-deduped.ndjson", inputs: […], summary: …, map: …).html()
///     // <!DOCTYPE html><html lang="en"><head>… <h1>Sluice report: 04-deduped.ndjson</h1> …
struct ReportPage {
    var title: String
    var inputs: [String]
    var summary: CleaningSummary
    /// Places on the map (nil when no record has a point and there is no base map).
    var map: MapView?
    var logs: [StageLog] = []
    var rejects: [StageRejects] = []
    /// Lines of this report's own input that were malformed (kept with `--rejects`).
    var rejectedInput = 0

    func html() -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title>
            <script>\(ReportAssets.errorRecorder)</script>
            <style>\(ReportAssets.css)\(PrecisionPalette.css)</style>
            </head><body>
            <header><h1>\(HTML.escape(title))</h1><p>\(overviewLine())</p></header>

            """
        out += mapSection()
        out += #"<main><h2>The cleaning at a glance</h2><div class="cards">"#
        out += [
            stagesCard(), recordsCard(), precisionCard(), scoreCard(), kindsCard(), unmatchedCard(), lowestCard(), clustersCard(),
        ].joined(separator: "\n")
        out += "</div>\n" + rejectsSection() + "</main>\n"
        if let map { out += #"<script type="application/json" id="place-data">\#(map.pointData())</script>"# + "\n" }
        out += "<script>\(ReportAssets.script)</script>\n</body></html>\n"
        return out
    }

    /// `2084 records from build/pipeline/04-deduped.ndjson: 1868 placed at 1459 places`.
    func overviewLine() -> String {
        var line = "\(summary.records) records from " + (inputs.isEmpty ? "standard input" : inputs.map(HTML.escape).joined(separator: ", "))
        if let map {
            let places = (map.points + map.offMap).reduce(0) { $0 + $1.places }
            line += ": \(summary.placed) placed at \(places) places"
        }
        if rejectedInput > 0 { line += "; \(rejectedInput) malformed lines rejected" }
        return line
    }

    func mapSection() -> String {
        guard let map else {
            return
                #"<section class="nomap"><p>No map: no record has a <code>geo</code> point and no <code>--gazetteer</code> was given. Run <code>sluice-geocode</code> first.</p></section>"#
                + "\n"
        }
        return """
            <section class="mapview"><div class="mapbox">\(map.svg())
            <div class="zoom"><button type="button" data-zoom="in" title="Zoom in">+</button><button type="button" data-zoom="out" title="Zoom out">−</button><button type="button" data-zoom="reset" title="Whole map">⤢</button></div>
            <div id="tip" hidden></div></div>
            <aside id="panel"><p class="hint">Hover over a point to see its place; click it for its records. Scroll to zoom, drag to pan.</p></aside>
            \(map.legend())</section>

            """
    }
}
