import Testing

@testable import SluiceCore
@testable import SluiceLoad

@Suite struct ReferenceCheckTests {
    func database() throws -> Database {
        let database = try Database(path: ":memory:", busyTimeoutMilliseconds: 0)
        try database.execute(
            """
            CREATE TABLE categories ("id" INTEGER, "name" TEXT, "slug" TEXT UNIQUE, "group" TEXT, PRIMARY KEY ("id"));
            INSERT INTO categories VALUES (1, 'Furniture', 'furniture', 'home'), (2, 'Bicycles', 'bicycles', 'sport');
            """)
        return database
    }

    func row(_ text: String) throws -> RecordFlattener.Row { RecordFlattener.flatten(try JSONParser.parse(text)) }

    @Test func parsesTheSpec() throws {
        #expect(try ReferenceCheck.Spec("category_id:categories") == ReferenceCheck.Spec("category_id:categories.id"))
        #expect(try ReferenceCheck.Spec("category.slug:categories.slug").column == "category_slug")
        #expect(try ReferenceCheck.Spec("c:t.slug").target == ForeignKey(table: "t", column: "slug"))
        for bad in ["category_id", ":categories", "c:", "c:.id", "c:t."] {
            #expect(throws: StageFailure.self) { try ReferenceCheck.Spec(bad) }
        }
    }

    @Test func knownValuesPassUnknownAndMissingOnesDoNot() throws {
        let check = try ReferenceCheck(spec: try ReferenceCheck.Spec("category_id:categories"), database: try database())
        #expect(try check.problem(in: row(#"{"id":10,"category_id":1}"#)) == nil)
        #expect(try check.problem(in: row(#"{"id":11,"category_id":"2"}"#)) == nil)
        #expect(try check.problem(in: row(#"{"id":12,"category_id":42}"#)) == .unknown("42"))
        #expect(try check.problem(in: row(#"{"id":13,"category_id":null}"#)) == .missing)
        #expect(try check.problem(in: row(#"{"id":14}"#)) == .missing)
    }

    @Test func aUniqueColumnOtherThanTheKeyMayBeReferenced() throws {
        let check = try ReferenceCheck(spec: try ReferenceCheck.Spec("category:categories.slug"), database: try database())
        #expect(try check.problem(in: row(#"{"category":"bicycles"}"#)) == nil)
        #expect(try check.problem(in: row(#"{"category":"boats"}"#)) == .unknown("boats"))
    }

    @Test func refusesAMissingTableOrANonUniqueColumn() throws {
        let database = try database()
        #expect(throws: StageFailure.self) { try ReferenceCheck(spec: try ReferenceCheck.Spec("c:nope"), database: database) }
        #expect(throws: StageFailure.self) { try ReferenceCheck(spec: try ReferenceCheck.Spec("c:categories.name"), database: database) }
        #expect(throws: StageFailure.self) { try ReferenceCheck(spec: try ReferenceCheck.Spec("c:categories.missing"), database: database) }
    }

    @Test func theClauseQuotesNames() {
        #expect(ForeignKey(table: "my \"cats\"").clause == #"REFERENCES "my ""cats""" ("id")"#)
    }
}
