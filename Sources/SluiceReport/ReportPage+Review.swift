/// The cards that list things for a person to look at: what the geocoder could not place, its
/// least sure answers, dedupe's largest clusters, and every stage's rejects.
extension ReportPage {
    static let unmatchedShown = 25

    func unmatchedCard() -> String {
        let unmatched = summary.unmatched
        guard !unmatched.isEmpty else { return Self.card("Most frequent unmatched", Self.none("Every record with <code>geo</code> was placed.")) }
        let rows = unmatched.top(Self.unmatchedShown).map { entry in
            [HTML.escape(entry.value), "\(entry.count)", HTML.escape(entry.note ?? "")]
        }
        var body = Self.table(["location text", "records", "reason"], rows, numeric: [1])
        body += "<p>\(unmatched.total) records unmatched, \(unmatched.distinct) distinct texts"
        if unmatched.untallied > 0 { body += " (and \(unmatched.untallied) records of texts beyond the first \(unmatched.capacity))" }
        return Self.card("Most frequent unmatched", body + ".</p>")
    }

    func lowestCard() -> String {
        let answers = summary.lowest.answers
        guard !answers.isEmpty else { return Self.card("Lowest-scored answers", Self.none("No placed record has a score.")) }
        let rows = answers.map { answer in
            [
                HTML.escape(answer.text),
                #"<span class="sw \#(PrecisionPalette.cssClass(of: answer.precision))"></span>"# + HTML.escape(answer.precision),
                HTML.escape(answer.matched), HTML.escape(answer.method + (answer.note.map { " (\($0))" } ?? "")),
                Figure.fixed(answer.score, decimals: 2), "\(answer.count)",
            ]
        }
        return Self.card(
            "Lowest-scored answers to review",
            Self.table(["location text", "precision", "matched", "method", "score", "records"], rows, numeric: [4, 5]), wide: true)
    }

    func clustersCard() -> String {
        let clusters = summary.clusters
        guard clusters.records > 0 else { return Self.card("Duplicates", Self.none("No record has a <code>dedupe</code> member.")) }
        let sizes = clusters.clustersBySize.keys.sorted()
        let histogram = sizes.map { ["\($0)", "\(clusters.clustersBySize[$0] ?? 0)"] }
        var body = "<p>\(Figure.count(clusters.clusters, "cluster")), \(clusters.withDuplicates) with duplicates.</p>"
        body += #"<details><summary>Clusters by size</summary>"# + Self.table(["size", "clusters"], histogram, numeric: [0, 1]) + "</details>"
        for cluster in clusters.largest {
            body += "<details><summary>\(cluster.size) records: \(HTML.escape(cluster.members.first?.text ?? ""))</summary><ol>"
            for member in cluster.members {
                body += "<li>\(HTML.escape(member.label)) — \(HTML.escape(member.text))\(member.canonical ? " <small>(canonical)</small>" : "")</li>"
            }
            if cluster.seen > cluster.members.count { body += "<li>… \(cluster.seen - cluster.members.count) more</li>" }
            body += "</ol></details>"
        }
        return Self.card("Duplicates: the largest clusters", body)
    }

    func rejectsSection() -> String {
        var out = "<h2>Rejects</h2>"
        guard !rejects.isEmpty else { return out + Self.none("No rejects files given (<code>--stage-rejects FILE</code>).") }
        out += #"<div class="cards">"#
        for file in rejects {
            let total = file.reasons.total
            var body = "<p>\(Figure.count(total, "rejected line")) in <code>\(HTML.escape(file.path))</code>.</p>"
            if total > 0 {
                body += Self.table(["reason", "lines"], file.reasons.top(50).map { [HTML.escape($0.value), "\($0.count)"] }, numeric: [1])
                body += "<pre>"
                body += file.first.map { line in
                    HTML.escape("\(line.location): \(line.reason): \(line.detail)\n  \(line.raw)")
                }.joined(separator: "\n")
                body += total > file.first.count ? "\n…</pre>" : "</pre>"
            }
            out += Self.card(HTML.escape(file.stage), body)
        }
        return out + "</div>\n"
    }
}
