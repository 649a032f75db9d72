import SluiceCore
import SluiceSanitize

/// Accuracy counts per expected kind: how many strings got the right kind, how many were
/// entirely right (kind, every component, and the number of locations), and how many of the
/// components present in the label or the answer matched.
struct Scorecard {
    struct Counts {
        var strings = 0
        var kindRight = 0
        var exact = 0
        var componentsRight = 0
        var componentsTotal = 0
    }

    var byKind: [String: Counts] = [:]
    var byComponent: [String: (right: Int, total: Int)] = [:]
    var failures: [String] = []

    /// Compares one answer with its label. Values are compared by their matching key, so case,
    /// periods and apostrophes do not count (`St Paul's` = `St. Pauls`).
    mutating func score(_ label: LabelledAddress, kind: String, components: [String: String], parts: Int?, fields: [String]) {
        var counts = byKind[label.kind, default: Counts()]
        counts.strings += 1
        var allRight = kind == label.kind && (label.parts ?? 1) == (parts ?? 1)
        if kind == label.kind { counts.kindRight += 1 }
        var wrong: [String] = []
        for field in fields {
            let expected = label.components[field].map(Scorecard.normal(field))
            let found = components[field].map(Scorecard.normal(field))
            guard expected != nil || found != nil else { continue }
            counts.componentsTotal += 1
            var entry = byComponent[field, default: (0, 0)]
            entry.total += 1
            if expected == found {
                counts.componentsRight += 1
                entry.right += 1
            } else {
                allRight = false
                wrong.append("\(field): expected \(expected ?? "-") got \(found ?? "-")")
            }
            byComponent[field] = entry
        }
        if allRight { counts.exact += 1 }
        byKind[label.kind] = counts
        if !allRight {
            let kindText = kind == label.kind ? "" : " kind: expected \(label.kind) got \(kind);"
            failures.append("\(label.text)  →\(kindText) \(wrong.joined(separator: "; "))")
        }
    }

    static func normal(_ field: String) -> (String) -> String {
        { value in
            let key = StreetNormalizer.matchingKey(value)
            switch field {
            case "state": return USPSTables.states[key].map { $0.lowercased() } ?? key
            case "unit":
                var words = key.split(separator: " ").map(String.init)
                // `2nd Fl` as Publication 28 writes it: `Fl 2`.
                if words.count == 2, let designator = USPSTables.unitDesignators[words[1]], designator == "Fl",
                    let digits = words[0].split(whereSeparator: { !$0.isNumber }).first
                {
                    words = ["fl", String(digits)]
                }
                if let first = words.first, let designator = USPSTables.unitDesignators[first] { words[0] = designator.lowercased() }
                return words.joined(separator: " ")
            default: return key
            }
        }
    }

    var total: Counts {
        byKind.values.reduce(into: Counts()) { sum, counts in
            sum.strings += counts.strings
            sum.kindRight += counts.kindRight
            sum.exact += counts.exact
            sum.componentsRight += counts.componentsRight
            sum.componentsTotal += counts.componentsTotal
        }
    }

    /// The table printed by `sluice-eval sanitize`.
    func table(title: String) -> String {
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "     -" : percentText(part, whole).padded(leftTo: 6)
        }
        var out = "\(title)\n"
        out += "  kind              strings  kind right  fully right  components right\n"
        let order = ParsedAddress.Kind.allCases.map(\.rawValue)
        for kind in order where byKind[kind] != nil {
            let c = byKind[kind] ?? Counts()
            out +=
                "  " + kind.padded(to: 16) + String(c.strings).padded(leftTo: 9) + "    " + percent(c.kindRight, c.strings)
                + "       " + percent(c.exact, c.strings) + "     " + percent(c.componentsRight, c.componentsTotal)
                + " of \(c.componentsTotal)\n"
        }
        let t = total
        out +=
            "  " + "all".padded(to: 16) + String(t.strings).padded(leftTo: 9) + "    " + percent(t.kindRight, t.strings)
            + "       " + percent(t.exact, t.strings) + "     " + percent(t.componentsRight, t.componentsTotal)
            + " of \(t.componentsTotal)\n"
        out +=
            "  per component: "
            + byComponent.keys.sorted().map { field in
                let entry = byComponent[field] ?? (0, 0)
                return "\(field) \(percentText(entry.right, entry.total)) (\(entry.total))"
            }.joined(separator: ", ") + "\n"
        return out
    }
}

func percentText(_ part: Int, _ whole: Int) -> String {
    guard whole > 0 else { return "-" }
    let tenths = (part * 1000 + whole / 2) / whole
    return "\(tenths / 10).\(tenths % 10)%"
}
