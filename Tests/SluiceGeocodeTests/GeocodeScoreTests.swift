import Foundation
import SluiceTestSupport
import Testing

@testable import SluiceGeocode

@Suite struct GeocodeScoreTests {
    /// Every score `GeocodeScore` defines is named in the SCORES section of `--help`, which is
    /// written from them: a score added without its line in the help fails here.
    @Test func theHelpNamesEveryScoreAsTheCodeDefinesIt() throws {
        let source = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("Sources/SluiceGeocode/Matching/GeocodeScore.swift"), encoding: .utf8)
        let helpBody = try #require(source.range(of: "static var helpText: String {")).upperBound
        let (constants, help) = (String(source[..<helpBody]), String(source[helpBody...]))
        let names = constants.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "let"), at > 0, words[at - 1] == "static", at + 2 < words.count, words[at + 2] == "=" else {
                return nil
            }
            return String(words[at + 1])
        }
        #expect(names.count >= 30)
        for name in names {
            #expect(help.contains("(\(name))") || help.contains("(\(name),") || help.contains(" \(name))"), "\(name) is not in the help")
        }
        let text = GeocodeScore.helpText
        for (value, written) in [
            (GeocodeScore.addressPoint, "0.99"), (GeocodeScore.streetCompleted, "x0.995"), (GeocodeScore.areaIdentity, "o = 0.8"),
        ] {
            #expect(text.contains(written), "\(value)")
        }
        #expect(text.contains("within 250 m") && text.contains("within 80 m") && text.contains("(similarity / 0.95)^2 "))
    }

    @Test func partsOfATextConfirmOrDoubtEachOther() {
        #expect(abs(GeocodeScore.confirmed(0.8, by: 0.5) - 0.9) < 1e-12)
        #expect(GeocodeScore.confirmed(0.99, by: 0.99) == 0.99)
        #expect(abs(GeocodeScore.despite(0.9, other: 0.5) - 0.45 / 0.55) < 1e-12)
        #expect(GeocodeScore.street(length: 100, instead: false) == 0.9 && GeocodeScore.street(length: 100_000, instead: true) == 0.05)
    }
}
