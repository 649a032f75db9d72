import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct PairViewTests {
    let a: JSONValue
    let b: JSONValue

    init() throws {
        a = try JSONParser.parse(#"{"name":"Tosca Cafe","address":"242 Columbus Ave","phone":"14155132710","provenance":{"row":1}}"#)
        b = try JSONParser.parse(#"{"name":"TOSCA CAFE.","address":"242 Columbus Av","extra":[1,2],"provenance":{"row":7}}"#)
    }

    @Test func rowsMarkWhatDiffersOnceNormalised() {
        let rows = PairView.rows(a, b)
        #expect(rows.map(\.name) == ["name", "address", "phone", "extra"])
        #expect(rows.map(\.differs) == [false, true, true, true])
        #expect(rows[3].b == "[1,2]" && rows[2].b == "")
    }

    func render(colour: Bool) -> String {
        let suggestion = Suggestion(a: 0, b: 6, pattern: 0, probability: 0.512, weight: 0.048, pairsInPattern: 12, labelsInPattern: 0)
        return PairView(width: 80, colour: colour).render(
            number: 3, a: a, b: b, referenceA: .object(["row": .int(1)]), referenceB: .object(["row": .int(7)]), suggestion: suggestion,
            compared: [("name", "exact", 8.1), ("address", "different", -3.2)], answers: (2, 1))
    }

    @Test func sideBySideWithTheModelsView() {
        let text = render(colour: false)
        #expect(text.contains("pair 3 · match probability 0.512 · weight +0.048\n12 compared pairs like it · answers so far: 2 match, 1 distinct\n"))
        #expect(text.contains(#"a {"row":1}"#) && text.contains(#"b {"row":7}"#))
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("  name ") && $0.contains("Tosca Cafe") && $0.contains("TOSCA CAFE.") })
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("* address ") })
        #expect(text.contains("compared: name exact +8.100 · address different -3.200"))
        #expect(!text.contains("\u{1B}["))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func colourOnlyWhenAsked() {
        #expect(render(colour: true).contains("\u{1B}[1;33m"))
    }

    @Test func controlCharactersInValuesNamesAndReferencesAreShownEscaped() throws {
        // The issue's value set the window title and cleared the screen (issue 33).
        let hostile = try JSONParser.parse(#"{"name":"Cafe\u001b]0;PWNED\u0007\u001b[2J","na\u009bme":"x\u202ey","provenance":{"row":1}}"#)
        let suggestion = Suggestion(a: 0, b: 1, pattern: 0, probability: 0.5, weight: 0, pairsInPattern: 1, labelsInPattern: 0)
        let text = PairView(width: 200, colour: false).render(
            number: 1, a: hostile, b: a, referenceA: .object(["id": .string("r\u{1B}1")]), referenceB: .object(["row": .int(7)]),
            suggestion: suggestion, compared: [("name", "exact", 1)], answers: (0, 0))
        #expect(!text.unicodeScalars.contains { TerminalText.needsEscape($0) && $0 != "\n" })
        #expect(text.contains(#"Cafe\u001b]0;PWNED\u0007\u001b[2J"#))
        #expect(text.contains(#"na\u009bme"#) && text.contains(#"x\u202ey"#))
        #expect(text.contains(#"a {"id":"r\u001b1"}"#))
    }
}
