import Foundation
import SluiceCore
import SluiceGeocode

/// What the geocoder's evaluations share (`sluice-eval geocode-reference`, `geocode-trucks`,
/// `geocode-films`): a geocoded sample with its distance from the truth, and the tables of
/// errors by group, quantile and score band.
///
///     let rows = GeocodeEval.errorTable([(.address, 0.98, 12.0), (.address, 0.98, 40.0)])
///     // ["precision      n  median   p90  <=50m <=100m <=250m", "address        2 ..."]
public enum GeocodeEval {
    public struct Sample {
        public var precision: Precision
        public var score: Double
        /// Metres from the truth; nil when nothing matched.
        public var error: Double?
        /// The text geocoded and what it matched, for the list of worst errors.
        public var text = ""
        public var matched = ""
        /// The answer's `geo.method`: its rule first (`address_point+suffix_added`).
        public var method = ""
    }

    /// One line per precision level (and one for all): count, median and 90th-percentile
    /// error, and the share within 50, 100 and 250 m.
    public static func errorTable(_ samples: [Sample], groupedBy label: (Sample) -> String) -> [String] {
        var groups: [String: [Sample]] = [:]
        var order: [String] = []
        for sample in samples {
            let key = label(sample)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(sample)
        }
        var lines = [pad("group", 16) + pad("n", 6) + pad("median", 9) + pad("p90", 9) + pad("<=50m", 8) + pad("<=100m", 8) + pad("<=250m", 8)]
        for key in order.sorted() + ["all"] {
            let group = key == "all" ? samples : groups[key] ?? []
            let errors = group.compactMap(\.error).sorted()
            guard !errors.isEmpty else {
                lines.append(pad(key, 16) + pad(String(group.count), 6) + "-")
                continue
            }
            func share(_ limit: Double) -> String { percent(errors.filter { $0 <= limit }.count, group.count) }
            lines.append(
                pad(key, 16) + pad(String(group.count), 6) + pad(metres(quantile(errors, 0.5)), 9)
                    + pad(metres(quantile(errors, 0.9)), 9) + pad(share(50), 8) + pad(share(100), 8) + pad(share(250), 8))
        }
        return lines
    }

    /// The `n` largest errors, one line each, so the next fix is obvious.
    public static func worst(_ samples: [Sample], _ n: Int) -> [String] {
        samples.filter { $0.error != nil }.sorted { ($0.error ?? 0) > ($1.error ?? 0) }.prefix(n).map {
            "  \(metres($0.error ?? 0))  \($0.text) → \($0.matched)"
        }
    }

    /// Score bands for the calibration table.
    public static func band(_ score: Double) -> String {
        switch score {
        case 0.9...: "score >=0.90"
        case 0.8..<0.9: "score 0.80-0.89"
        case 0.6..<0.8: "score 0.60-0.79"
        case 0.4..<0.6: "score 0.40-0.59"
        default: "score <0.40"
        }
    }

    /// The value below which `q` of the sorted values lie (nearest rank).
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[max(0, min(sorted.count - 1, rank))]
    }

    /// A distance in whole metres (`12 m`); one too large for an Int as written (`1e+300 m`).
    static func metres(_ value: Double) -> String {
        value.isFinite && abs(value) < 9e15 ? "\(Int(value.rounded())) m" : "\(value) m"
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
    }

    static func pad(_ text: String, _ width: Int) -> String { text.column(width) }
}
