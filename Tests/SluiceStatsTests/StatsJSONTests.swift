import SluiceCore
import Testing

@testable import SluiceStats

@Suite struct StatsJSONTests {
    @Test func oneObjectPerPathWithEveryFigure() throws {
        let all = try reports([#"{"n":1,"s":"x","b":true}"#, #"{"n":3,"s":"x","b":false}"#])
        var out: [UInt8] = []
        StatsJSON.writeNDJSON(all, to: &out)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[0]
                == #"{"path":"n","records":2,"present":2,"values":2,"null":0,"empty":0,"types":[{"type":"number","count":2,"first_lines":[1,2]}],"#
                + #""distinct":2,"distinct_exact":true,"top":[{"value":1,"count":1},{"value":3,"count":1}],"top_exact":true,"top_undercount":0,"#
                + #""number":{"count":2,"min":1,"max":3,"mean":2,"stddev":1.4142135623730951,"p1":1,"p50":1,"p99":3,"quantiles_exact":true}}"#)
        let string = try JSONParser.parse(lines[1])
        #expect(string["string"]?["mean_length"] == .number("1"))
        #expect(string["top"] == .array([.object([JSONMember("value", .string("x")), JSONMember("count", .int(2))])]))
        let boolean = try JSONParser.parse(lines[2])
        #expect(boolean["top"]?.value(atPath: "") == nil)
        #expect(JSONWriter.string(boolean["top"] ?? .null) == #"[{"value":true,"count":1},{"value":false,"count":1}]"#)
    }

    @Test func theJSONDocumentCarriesTheCounts() throws {
        var out: [UInt8] = []
        StatsJSON.writeJSON(try reports([#"{"a":null}"#]), records: 1, rejected: 2, to: &out)
        let document = try JSONParser.parse(String(decoding: out, as: UTF8.self))
        #expect(document["records"] == .int(1) && document["rejected"] == .int(2))
        #expect(document["fields"]?.value(atPath: "") == nil)
        if case .array(let fields)? = document["fields"] {
            #expect(fields.count == 1 && fields[0]["null"] == .int(1) && fields[0]["distinct"] == nil)
        } else {
            Issue.record("fields is not an array")
        }
    }
}
