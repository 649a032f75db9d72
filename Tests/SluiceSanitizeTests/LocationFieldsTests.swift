import SluiceCore
import Testing

@testable import SluiceSanitize

@Suite struct LocationFieldsTests {
    let street = LocationFields(["number", "name", "suffix"])

    func value(_ line: String, _ fields: LocationFields? = nil) throws -> JSONValue? {
        let bytes = Array(line.utf8)
        return try bytes.withUnsafeBufferPointer { (fields ?? street).value(of: try NDJSONRecord($0)) }
    }

    @Test func oneFieldIsReadAsItIs() throws {
        let one = LocationFields(["where.text"])
        #expect(try value(#"{"where":{"text":" City Hall "}}"#, one) == .string(" City Hall "))
        #expect(try value(#"{"where":{"text":7}}"#, one) == .number("7"))
        #expect(try value(#"{"other":1}"#, one) == nil)
    }

    @Test func severalFieldsAreJoinedInOrder() throws {
        #expect(try value(#"{"suffix":"St","name":" Mission ","number":2001}"#) == .string("2001 Mission St"))
        // Missing, null and blank parts are left out.
        #expect(try value(#"{"number":"","name":"Mission","suffix":null}"#) == .string("Mission"))
        #expect(try value(#"{"name":"Mission"}"#) == .string("Mission"))
    }

    /// A column holding its neighbour's words as well as its own: each word read once.
    @Test func wordsRepeatedFromTheFieldBeforeAreReadOnce() throws {
        let permit = LocationFields(["number", "direction", "name", "suffix", "unit"])
        #expect(try value(#"{"number":"1200","direction":"N","name":"CLARK ST","suffix":"ST"}"#, permit) == .string("1200 N CLARK ST"))
        #expect(try value(#"{"number":"1200","direction":"N","name":"N CLARK","suffix":"ST"}"#, permit) == .string("1200 N CLARK ST"))
        #expect(
            try value(#"{"number":1200,"direction":"N","name":"1200 N Clark St.","suffix":"st","unit":"2B"}"#, permit)
                == .string("1200 N Clark St. #2B"))
        // Nothing repeated, or a grid street's whole name after its house number: kept.
        #expect(try value(#"{"number":"1200","direction":"W","name":"79TH","suffix":"ST"}"#, permit) == .string("1200 W 79TH ST"))
        #expect(try value(#"{"number":"200","name":"200 S"}"#, permit) == .string("200 200 S"))
        #expect(try value(#"{"number":"5","name":"5th","suffix":"Ave"}"#, permit) == .string("5 5th Ave"))
    }

    /// A field after a whole street address (a number first, a suffix last) is no word of the
    /// street's name: a bare unit gets its `#`, other text goes in brackets, a hint beside the
    /// address (Wake County's restaurants: `4600 W LAKE RD` then `YEAR ROUND` found no street).
    @Test func aFieldAfterAWholeStreetAddressIsNoWordOfItsName() throws {
        let lines = LocationFields(["address1", "address2"])
        #expect(try value(#"{"address1":"4600 W LAKE RD","address2":"YEAR ROUND"}"#, lines) == .string("4600 W LAKE RD (YEAR ROUND)"))
        #expect(try value(#"{"address1":"1100 Timber Dr E","address2":"M-F 11am-3pm"}"#, lines) == .string("1100 Timber Dr E (M-F 11am-3pm)"))
        #expect(try value(#"{"address1":"1540 DUNN RD","address2":"160"}"#, lines) == .string("1540 DUNN RD #160"))
        // Another address there is an extra location, not a second reading that may win.
        let other = try value(#"{"address1":"7040 Knightdale Blvd","address2":"4001 Widewaters Pkwy"}"#, lines)
        #expect(other == .string("7040 Knightdale Blvd (4001 Widewaters Pkwy)"))
        let parsed = AddressParser().parse("7040 Knightdale Blvd (4001 Widewaters Pkwy)")
        #expect(parsed.number == "7040" && parsed.street == "Knightdale" && parsed.alternatives.isEmpty)
        #expect(try value(#"{"address1":"1540 Dunn Rd","address2":160}"#, lines) == .string("1540 Dunn Rd #160"))
        #expect(try value(#"{"address1":"4208 Six Forks Rd","address2":"C110"}"#, lines) == .string("4208 Six Forks Rd #C110"))
        // A unit with its designator, a directional or a suffix follows with a space, as before.
        #expect(try value(#"{"address1":"100 Main St","address2":"Ste 5"}"#, lines) == .string("100 Main St Ste 5"))
        #expect(try value(##"{"address1":"100 Main St","address2":"#5"}"##, lines) == .string("100 Main St #5"))
        #expect(try value(#"{"address1":"100 Main St","address2":"E"}"#, lines) == .string("100 Main St E"))
        #expect(try value(#"{"address1":"7851 Alexander Promenade","address2":"PL #100"}"#, lines) == .string("7851 Alexander Promenade PL #100"))
        // No whole street address before it: a space.
        #expect(try value(#"{"address1":"2001","address2":"Mission St"}"#, lines) == .string("2001 Mission St"))
        #expect(try value(#"{"address1":"Main St","address2":"YEAR ROUND"}"#, lines) == .string("Main St YEAR ROUND"))
    }

    @Test func aWholeNumberWithAZeroFractionIsTheWholeNumber() throws {
        // Written by tools that hold a column with gaps as floating point: `300.0 E Liberty St`
        // read street '0 E Liberty', and found nothing.
        #expect(try value(#"{"number":300.0,"name":"E Liberty","suffix":"St"}"#) == .string("300 E Liberty St"))
        #expect(try value(#"{"number":"2001.00","name":"Mission","suffix":"St"}"#) == .string("2001 Mission St"))
        // Anything else is kept as written.
        #expect(try value(#"{"number":"300.5","name":"Main"}"#) == .string("300.5 Main"))
        #expect(try value(#"{"number":"1.","name":"Main"}"#) == .string("1. Main"))
        #expect(try value(#"{"number":"Apt 1.0","name":"Main"}"#) == .string("Apt 1.0 Main"))
    }

    @Test func severalFieldsWithNoTextSayWhy() throws {
        // None of the fields: missing; all null or blank: null; an object: no text.
        #expect(try value(#"{"other":1}"#) == nil)
        #expect(try value(#"{"number":null,"name":"  "}"#) == .null)
        #expect(try value(#"{"number":"100","name":{"x":1},"suffix":"St"}"#) == .object([JSONMember("x", .number("1"))]))
    }

    @Test func theOptionGivenAgainAddsAField() throws {
        let options = SanitizeCommand.usage.allOptions
        let fields = try LocationFields(arguments: ParsedArguments(["--field", "number", "--field", "name"], options: options))
        #expect(fields == LocationFields(["number", "name"]))
        #expect(fields?.name == "number+name")
        #expect(try LocationFields(arguments: ParsedArguments([], options: options)) == nil)
        #expect(throws: StageFailure.self) { try LocationFields(arguments: ParsedArguments(["--field", ""], options: options)) }
    }

    /// The same field twice (`--field street --field street` for `--field number --field street`)
    /// read every record's text twice (`100 Main St 100 Main St`, keyed `100 main st 100 main`):
    /// now a usage error naming it.
    @Test func theSameFieldTwiceIsAUsageError() throws {
        let options = SanitizeCommand.usage.allOptions
        do {
            _ = try LocationFields(arguments: ParsedArguments(["--field", "street", "--field", "city", "--field", "street"], options: options))
            Issue.record("the same field twice was taken")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message == "--field street is given twice: each --field names another field, joined in order")
        }
    }
}
