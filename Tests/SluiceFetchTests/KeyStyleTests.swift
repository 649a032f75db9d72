import Testing

@testable import SluiceFetch

@Suite struct KeyStyleTests {
    @Test(arguments: [
        ("Release Year", "release_year"), ("Actor 1", "actor_1"), ("SF Find Neighborhoods", "sf_find_neighborhoods"),
        ("lastTouched", "last_touched"), ("  Fun-Facts?? ", "fun_facts"), ("Título Ñ", "título_ñ"), ("already_snake", "already_snake"),
    ])
    func snakeCases(header: String, key: String) {
        #expect(KeyStyle.snakeCase.apply(header) == key)
    }

    @Test func namesEmptyAndRepeatedHeaders() {
        #expect(KeyStyle.snakeCase.keys(for: ["Name", "", "name", "NAME"]) == ["name", "column_2", "name_2", "name_3"])
        #expect(KeyStyle.asIs.keys(for: ["A b", " c "]) == ["A b", "c"])
    }

    @Test(arguments: [
        ("1962", true), ("-3.25", true), ("0", true), ("0.5", true),
        ("02134", false), ("+1", false), ("1e3", false), ("1,000", false), ("1.", false), (".5", false), ("", false), ("12345678901234567", false),
    ])
    func infersOnlyCanonicalNumbers(cell: String, isNumber: Bool) {
        #expect(CellTyping.isCanonicalNumber(cell) == isNumber)
        #expect(CellTyping.infer.value(cell) == (isNumber ? .number(cell) : cell.isEmpty ? .null : .string(cell)))
        #expect(CellTyping.text.value(cell) == .string(cell))
    }
}
