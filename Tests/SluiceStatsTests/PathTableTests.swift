import Testing

@testable import SluiceStats

@Suite struct PathTableTests {
    @Test func namesMembersAndElements() {
        var paths = PathTable(selection: nil)
        let address = paths.member(of: PathTable.root, key: "address", after: -1)
        let alternatives = paths.member(of: address, key: "alternatives", after: -1)
        let element = paths.element(of: alternatives)
        let street = paths.member(of: element, key: "street", after: -1)
        #expect(paths.names[Int(street)] == "address.alternatives[].street")
        #expect(paths.element(of: alternatives) == element)
        #expect(paths.isElement[Int(element)] && !paths.isElement[Int(street)])
        #expect(Array(paths.key(of: street)) == Array("street".utf8))
    }

    @Test func findsAMemberWhetherOrNotTheGuessIsRight() {
        var paths = PathTable(selection: nil)
        let a = paths.member(of: PathTable.root, key: "a", after: -1)
        let b = paths.member(of: PathTable.root, key: "b", after: a)
        // The same order again (the guess), then another order (a lookup), then the first again.
        #expect(paths.member(of: PathTable.root, key: "a", after: -1) == a)
        #expect(paths.member(of: PathTable.root, key: "b", after: a) == b)
        #expect(paths.member(of: PathTable.root, key: "b", after: -1) == b)
        #expect(paths.member(of: PathTable.root, key: "a", after: b) == a)
        #expect(paths.member(of: PathTable.root, key: "a", after: -1) == a)
        // The same key under another parent is another path; an empty key is a key.
        let nested = paths.member(of: a, key: "b", after: -1)
        #expect(nested != b && paths.names[Int(nested)] == "a.b")
        let empty = paths.member(of: a, key: "", after: nested)
        #expect(paths.names[Int(empty)] == "a.")
        #expect(paths.count == 5)
    }

    @Test func manyKeysSurviveGrowingTheIndex() {
        var paths = PathTable(selection: nil)
        let ids = (0..<500).map { paths.member(of: PathTable.root, key: "key\($0)", after: -1) }
        #expect((0..<500).map { paths.member(of: PathTable.root, key: "key\($0)", after: -1) } == ids)
        #expect(paths.names[Int(ids[499])] == "key499")
    }

    @Test func listsParentsBeforeChildrenAndSiblingsInTheOrderSeen() {
        var paths = PathTable(selection: nil)
        let a = paths.member(of: PathTable.root, key: "a", after: -1)
        _ = paths.member(of: PathTable.root, key: "c", after: a)
        _ = paths.member(of: a, key: "x", after: -1)
        _ = paths.member(of: PathTable.root, key: "b", after: -1)
        #expect(paths.preorder().map { paths.names[Int($0)] } == ["a", "a.x", "c", "b"])
    }

    @Test func aSelectionMarksWhatToCountAndWhatToWalkInto() {
        var paths = PathTable(selection: ["address.kind", "tags[]"])
        let address = paths.member(of: PathTable.root, key: "address", after: -1)
        let kind = paths.member(of: address, key: "kind", after: -1)
        let title = paths.member(of: PathTable.root, key: "title", after: address)
        let tags = paths.member(of: PathTable.root, key: "tags", after: title)
        let tag = paths.element(of: tags)
        #expect(!paths.isSelected[Int(address)] && paths.leadsToSelected[Int(address)])
        #expect(paths.isSelected[Int(kind)] && paths.isSelected[Int(tag)])
        #expect(!paths.isSelected[Int(title)] && !paths.leadsToSelected[Int(title)])
        #expect(paths.leadsToSelected[Int(tags)])
    }
}
