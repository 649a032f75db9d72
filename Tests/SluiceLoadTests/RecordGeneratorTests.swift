import SluiceCore
import SluiceTestSupport
import Testing

/// The generator the property tests rely on produces what it promises, the same for a seed.
@Suite struct RecordGeneratorTests {
    @Test func theSameSeedGivesTheSameLines() {
        var first = RecordGenerator(seed: 7)
        var second = RecordGenerator(seed: 7)
        #expect(first.lines(200) == second.lines(200))
    }

    @Test func linesHoldTheHostileCasesItPromises() throws {
        var generator = RecordGenerator(seed: 1)
        let lines = generator.lines(3000)
        var malformed = 0
        var found: Set<String> = []
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            let record: JSONValue
            do {
                record = try JSONParser.parse(line)
            } catch {
                malformed += 1
                continue
            }
            guard case .object(let members) = record else {
                malformed += 1
                continue
            }
            #expect(!members.contains { $0.key == RecordGenerator.unusedName || $0.key == "provenance" })
            let keys = members.map(\.key)
            if Set(keys).count < keys.count { found.insert("repeated key") }
            if keys.contains("id") && keys.contains("ID") { found.insert("case clash") }
            if keys.contains("") { found.insert("empty key") }
            if keys.contains("a\u{0}b") { found.insert("NUL in a key") }
            if text.contains(#"\u0000"#) { found.insert("escaped NUL") }
            if text.contains("\u{301}") || text.contains(#"\u0301"#) { found.insert("combining mark") }
            if text.contains(#"\ud83d\ude00"#) { found.insert("escaped astral") }
            if text.contains("😀") { found.insert("raw astral") }
            if text.contains("1e400") { found.insert("1e400") }
            if text.contains(":{}") { found.insert("empty object") }
            for member in members {
                if case .number(let number) = member.value, number.filter(\.isNumber).count > 19 { found.insert("beyond 64 bits") }
                if case .object(let nested) = member.value, nested.contains(where: { if case .object = $0.value { true } else { false } }) {
                    found.insert("nested twice")
                }
            }
        }
        #expect(
            found == [
                "repeated key", "case clash", "empty key", "NUL in a key", "escaped NUL", "combining mark", "escaped astral", "raw astral", "1e400",
                "empty object", "beyond 64 bits", "nested twice",
            ])
        #expect((10...60).contains(malformed), "\(malformed) malformed lines of 3000")
    }
}
