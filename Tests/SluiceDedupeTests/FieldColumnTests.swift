import SluiceCore
import Testing

@testable import SluiceDedupe

@Suite struct FieldColumnTests {
    func column(_ spec: String, _ values: [JSONValue?]) throws -> FieldColumn {
        let column = FieldColumn(spec: try ComparisonSpec.parse(spec))
        for value in values { column.append(value) }
        return column
    }

    @Test func textLevels() throws {
        let c = try column("surname:jw", [.string("Smith"), .string("smith."), .string("Smyth"), .string("Jones"), nil, .string("Smithe")])
        #expect(c.level(0, 1) == 1)  // equal after normalising
        #expect(c.level(0, 5) == 2)  // 0.97
        #expect(c.level(0, 2) == 3)  // 0.89
        #expect(c.level(0, 3) == 4)
        #expect(c.level(0, 4) == 0)
    }

    /// Texts are held as bytes; outside ASCII they are still one value when `String` holds them
    /// equal, scalars are compared as before, and the sort order is `String`'s.
    @Test func textsOutsideASCII() throws {
        // 한 precomposed (U+D55C) and as its three jamo: canonically equal, other bytes.
        let words = ["\u{D55C}국", "\u{1112}\u{1161}\u{11AB}국", "hanguk", "Zeta", "ωmega", "alpha"]
        let c = try column("word:jw", words.map { .string($0) })
        #expect(c.ids[0] == c.ids[1] && c.counts[Int(c.ids[0])] == 2)
        #expect(c.level(0, 1) == 1)
        #expect(Set(c.ids).count == 5)
        // Jaro–Winkler on the scalars, an ASCII value's widened from its bytes.
        func scalars(_ i: Int) -> [UInt32] { c.texts[Int(c.ids[i])].unicodeScalars.map(\.value) }
        for (i, j) in [(0, 2), (2, 3), (4, 5), (0, 4)] {
            let expected = ComparisonSpec.level(forSimilarity: StringSimilarity.jaroWinkler(scalars(i), scalars(j)), cuts: c.spec.levelCuts)
            #expect(c.level(i, j) == expected, "\(words[i]) \(words[j])")
        }
        let sorted = (0..<c.texts.count).sorted { c.textPrecedes($0, $1) }
        #expect(sorted.map { c.texts[$0] } == c.texts.sorted())
        #expect(c.display(3) == .string("zeta"))
    }

    /// ASCII values are compared on their stored bytes: the same levels as on their scalars,
    /// for `jw` and `lev`; a value added after `finish` (which frees the values' index) is
    /// still found again.
    @Test func asciiValuesCompareOnTheirBytes() throws {
        let words = ["smith", "smyth", "smithe", "jones", "martha", "marhta", "dixon", "dicksonx", "\u{3C9}mega"]
        for spec in ["w:jw", "w:lev"] {
            let c = try column(spec, words.map { .string($0) })
            func scalars(_ i: Int) -> [UInt32] { words[i].unicodeScalars.map(\.value) }
            for i in words.indices {
                for j in words.indices where i != j {
                    let similarity =
                        spec == "w:jw"
                        ? StringSimilarity.jaroWinkler(scalars(i), scalars(j)) : StringSimilarity.levenshteinRatio(scalars(i), scalars(j))
                    let expected = ComparisonSpec.level(forSimilarity: similarity, cuts: c.spec.levelCuts)
                    #expect(c.level(i, j) == expected, "\(spec) \(words[i]) \(words[j])")
                }
            }
            #expect(c.wideRanges.count == 1 && c.wideScalars.count == 5)
            try c.finish()
            c.append(.string("Smith"))
            c.append(.string("brand new"))
            #expect(c.ids[words.count] == c.ids[0] && c.counts[Int(c.ids[0])] == 2)
            #expect(c.level(words.count + 1, 0) > 1 && c.texts.last == "brand new")
        }
    }

    @Test func missingNullEmptyAndNonStringsAreMissing() throws {
        let c = try column("name:jw", [.null, .string(""), .array([]), .object([]), .number("12"), .string("12")])
        #expect(c.level(0, 1) == 0)
        #expect(c.level(2, 3) == 0)
        #expect(c.level(4, 5) == 1)  // a number compares as its text
    }

    @Test func termFrequencyIsTheShareOfPresentValues() throws {
        let c = try column("state:exact", [.string("nsw"), .string("nsw"), .string("vic"), nil])
        #expect(c.termFrequency(0) == 2.0 / 3)
        #expect(c.termFrequency(3) == nil)
    }

    @Test func numericDateAndGeoLevels() throws {
        let n = try column("year:num=2", [.number("1958"), .string("1959"), .number("1970"), .string("n/a")])
        #expect(n.level(0, 1) == 2)
        #expect(n.level(0, 2) == 4)
        #expect(n.level(0, 3) == 0)
        let d = try column("dob:date", [.string("19081209"), .string("1908-12-09"), .string("19081290"), .string("19090101"), .string("bad")])
        #expect(d.level(0, 1) == 1)
        #expect(d.level(0, 2) == 0)  // 1908-12-90 is no date
        #expect(d.level(0, 3) == 3)
        #expect(d.level(0, 4) == 0)
        let point = { (lat: String, lon: String) in JSONValue.object([JSONMember("lat", .number(lat)), JSONMember("lon", .number(lon))]) }
        let g = try column("geo:geo=50", [point("37.79155", "-122.41098"), point("37.79178", "-122.40946"), point("37.8", "-122.5"), .object([])])
        #expect(g.level(0, 0) == 1)
        #expect(g.level(0, 1) == 2)  // ~130 m: within 250 m
        #expect(g.level(0, 2) == 4)
        #expect(g.level(0, 3) == 0)
    }
}

extension FieldColumnTests {
    /// A tokens column splits its values into words in `finish`; a value added after it has
    /// its words once `finish` runs again.
    @Test func tokensWordsAreMadeByFinish() throws {
        let c = try column("place:tokens", [.string("Mason St California St"), .string("California St at Mason St")])
        func expected(_ i: Int, _ j: Int) -> UInt8 {
            let similarity = StringSimilarity.tokenSet(c.texts[Int(c.ids[i])], c.texts[Int(c.ids[j])])
            return ComparisonSpec.level(forSimilarity: similarity, cuts: c.spec.levelCuts)
        }
        try c.finish()
        #expect(c.level(0, 1) == expected(0, 1))
        c.append(.string("Pier 39 California St"))
        try c.finish()
        #expect(c.level(0, 2) == expected(0, 2) && c.level(2, 1) == expected(2, 1))
    }

    /// Freeing its texts, a tokens column splits them from a temporary copy: over a MiB of
    /// texts (past one chunk of the copy, texts running across chunks, some outside ASCII), every
    /// level is the one of a column that keeps them.
    @Test func tokensWordsSplitFromACopyWhenTextsAreFreed() throws {
        var state: UInt64 = 11
        let values: [JSONValue] = (0..<50_000).map { k in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let words = (0..<(1 + Int(state >> 61))).map { w in "word\((state >> (8 * UInt64(w))) % 977)" }
            return .string(words.joined(separator: " ") + (k % 1000 == 0 ? " café" : ""))
        }
        let kept = try column("place:tokens", values), freed = try column("place:tokens", values)
        try kept.finish()
        try freed.finish(keepingTexts: false)
        #expect(freed.values.count == 0 && kept.values.byteCount > 1 << 20)
        #expect(freed.wordSets.count == kept.wordSets.count)
        for i in stride(from: 0, to: values.count - 1, by: 97) {
            for j in [i + 1, (i * 31) % values.count, 0] { #expect(freed.level(i, j) == kept.level(i, j), "\(i) \(j)") }
        }
    }

    /// Spilling its texts as they are read (`spillsTexts`), a tokens column gives every id,
    /// count and level of one that holds them: over a MiB of texts, repeats among them, some
    /// outside ASCII (a precomposed and a decomposed é are one value).
    @Test func tokensTextsSpilledAsReadGiveTheSameLevels() throws {
        var state: UInt64 = 5
        let values: [JSONValue?] = (0..<50_000).map { k in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            if k % 501 == 0 { return nil }
            let words = (0..<(1 + Int(state >> 61))).map { w in "word\((state >> (8 * UInt64(w))) % 977)" }
            let accent = k % 1000 == 0 ? " caf\u{E9}" : k % 1000 == 500 ? " cafe\u{301}" : ""
            return .string(words.joined(separator: " ") + accent)
        }
        let kept = try column("place:tokens", values)
        let spilled = FieldColumn(spec: try ComparisonSpec.parse("place:tokens"))
        spilled.spillsTexts = true
        for value in values { spilled.append(value) }
        #expect(spilled.values.count == 0 && spilled.distinctCount == kept.distinctCount && kept.values.byteCount > 1 << 20)
        #expect(spilled.ids == kept.ids && spilled.counts == kept.counts && spilled.presentCount == kept.presentCount)
        try kept.finish()
        try spilled.finish(keepingTexts: false)
        #expect(spilled.wordSets.count == kept.wordSets.count)
        for i in stride(from: 0, to: values.count - 1, by: 97) {
            for j in [i + 1, (i * 31) % values.count, 0, 500] { #expect(spilled.level(i, j) == kept.level(i, j), "\(i) \(j)") }
        }
    }

    /// Only a tokens column spills, and not one weighing values by a saved model's counts (which
    /// reads them as text).
    @Test func onlyATokensColumnWithoutLearntCountsSpills() throws {
        for spec in ["t:jw", "t:exact", "t:tokens"] {
            let column = FieldColumn(spec: try ComparisonSpec.parse(spec))
            column.spillsTexts = true
            if spec == "t:tokens" { column.learnt = ValueCounts(present: 0, values: [:]) }
            column.append(.string("Vertigo"))
            #expect(column.values.count == 1, "\(spec)")
        }
    }

    @Test func appendCopyRepeatsAnEarlierRecordsValue() throws {
        let spec = "locations:tokens"
        let copied = try column(spec, [.string("Ferry Building"), nil, .string("Pier 39")])
        copied.appendCopy(of: 0)
        copied.appendCopy(of: 1)
        let parsed = try column(spec, [.string("Ferry Building"), nil, .string("Pier 39"), .string("Ferry Building"), nil])
        #expect(copied.ids == parsed.ids && copied.counts == parsed.counts && copied.presentCount == parsed.presentCount)
        #expect(copied.level(0, 3) == 1 && copied.level(1, 4) == 0)
        let year = try column("year:num", [.number("1958")])
        year.appendCopy(of: 0)
        #expect(year.level(0, 1) == 1)
        let dob = try column("dob:date", [.string("1908-12-09")])
        dob.appendCopy(of: 0)
        #expect(dob.level(0, 1) == 1 && Array(dob.second) == [19_081_209, 19_081_209])
    }

    @Test func phonesHouseNumbersNamesAndAddresses() throws {
        let phone = try column(
            "phone:phone", [.string("+1 415 555 0134"), .number("4155550134"), .string("555-0134"), .string("-9999"), .string("4155550143")])
        #expect(phone.level(0, 1) == 1 && phone.level(0, 2) == 2 && phone.level(0, 3) == 0 && phone.level(0, 4) == 3)
        #expect(phone.display(2) == .string("5550134"))
        let number = try column("n:housenumber", [.string("542A"), .string("542"), .number("524"), .string("none")])
        #expect(number.level(0, 1) == 2 && number.level(1, 2) == 3 && number.level(0, 3) == 0)
        let key = JSONValue.object([JSONMember("key", .string("1200 van ness"))])
        let address = try column("address:address", [key, .string("1200 Van Ness"), .string("1202 van ness"), .object([])])
        #expect(address.level(0, 1) == 1 && address.level(0, 2) == 3 && address.level(0, 3) == 0)
        // An address's street key in two towns is two addresses; a town missing on one side tells nothing.
        func at(_ key: String, _ city: String?) -> JSONValue {
            .object([JSONMember("key", .string(key))] + (city.map { [JSONMember("city", .string($0))] } ?? []))
        }
        let towns = try column(
            "address.key:address", [at("100 main", "Seattle"), at("100 main", "BOSTON"), at("100 main", "seattle"), at("100 main", nil)])
        let spellings = try column("address.key:address", [at("100 main", "SF"), at("100 main", "San Francisco"), at("100 main", "S.F.")])
        #expect(spellings.level(0, 1) == 1 && spellings.level(1, 2) == 1)
        #expect(ComparisonSpec(path: "address.key", method: .address).readPath == "address")
        #expect(towns.level(0, 1) == AddressKeyTable.different && towns.level(0, 2) == 1 && towns.level(1, 3) == 1)
        towns.appendCopy(of: 1)
        #expect(towns.level(0, 4) == AddressKeyTable.different && towns.display(4) == .string("100 main"))
        let names = try column("name:name=0.5", [.string("Cafe de la Presse"), .string("cafe de la presse sf"), .string("Cafe Lo")])
        try names.finish()
        #expect(names.level(0, 1) == 2 && names.level(0, 2) == 3)
    }

    @Test func levelsOfYourOwnSplitTheSameValues() throws {
        let c = try column("surname:jw=0.99/0.95/0.9", [.string("Smith"), .string("Smithe"), .string("Smyth"), .string("Jones")])
        #expect(c.level(0, 1) == 3)  // 0.97
        #expect(c.level(0, 2) == 5)  // 0.89
        #expect(c.level(0, 3) == 5)
        let n = try column("n:num=1/2/4", [.number("10"), .number("11.5"), .number("13"), .number("30")])
        #expect([n.level(0, 1), n.level(0, 2), n.level(0, 3)] == [3, 4, 5])
    }

    /// Values at the edges of what JSON and Double hold, as numbers, as text and inside the
    /// objects `geo` and `address` read.
    static let extremes: [JSONValue?] = {
        let numbers = [
            "1e308", "-1e308", "1e400", "-1e400", "-0", "0", "9223372036854775808", "-9223372036854775809", "1e19", "1e-400", "19081209",
        ]
        let texts = [
            "NaN", "Infinity", "-Infinity", "nan", "", " ", "1e400", "9223372036854775808", "-0", String(repeating: "x", count: 100_000),
            String(repeating: "9", count: 5_000), "\u{0}\u{1B}[2J", "1908-12-09",
        ]
        var values: [JSONValue?] = [nil, .null, .bool(true), .array([]), .object([])]
        values += numbers.map { JSONValue.number($0) } + texts.map { JSONValue.string($0) }
        for lat in numbers.map({ JSONValue.number($0) }) + [.string("NaN")] {
            values.append(.object([JSONMember("lat", lat), JSONMember("lon", .number("-122.4"))]))
            values.append(.object([JSONMember("lat", .number("37.7")), JSONMember("lon", lat)]))
        }
        values += (numbers.map { JSONValue.number($0) } + texts.map { JSONValue.string($0) }).map { .object([JSONMember("key", $0)]) }
        return values
    }()

    /// Every compare method on every pair of extreme values (issue 33: `d:date` trapped on 1e19):
    /// no trap, a level the spec names, and a display that is JSON.
    @Test(arguments: ["s:jw", "s:lev", "s:tokens", "s:exact", "s:num=2", "s:date=30", "s:geo=50", "s:name", "s:phone", "s:address", "s:housenumber"])
    func extremeValuesGiveLevelsNotTraps(spec: String) throws {
        let c = try column(spec, Self.extremes)
        try c.finish()
        for i in Self.extremes.indices {
            for j in Self.extremes.indices {
                let level = c.level(i, j)
                #expect(Int(level) < c.spec.levelCount, "\(spec): level \(level) for \(i), \(j)")
                #expect(level == c.level(j, i), "\(spec): not symmetric for \(i), \(j)")
            }
            #expect((try? JSONParser.parse(Array(JSONWriter.string(c.display(i)).utf8))) != nil)
        }
    }

    @Test func aNumberPastIntsRangeIsNoDate() throws {
        let c = try column("d:date", [.number("1e19"), .number("19081209"), .number("1e400"), .number("-1e19"), .number("19081209.9")])
        #expect(c.level(0, 1) == 0 && c.level(2, 1) == 0 && c.level(3, 1) == 0)
        #expect(c.level(4, 1) == 1)  // a fraction of a day is dropped, as before
    }
}
