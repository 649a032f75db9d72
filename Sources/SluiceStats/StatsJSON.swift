import SluiceCore

/// The reports for machines: one JSON object per field path, with every figure of the table
/// and whether it is exact. `--ndjson` writes one object per line; `--json` writes them as the
/// array `fields` of one object, after the counts of records read and rejected.
///
///     {"path":"geo.precision","records":2084,"present":2084,"values":2084,"null":0,"empty":0,
///      "types":[{"type":"string","count":2084,"first_lines":[1,2,3]}],"distinct":7,"distinct_exact":true,
///      "top":[{"value":"address","count":707},…],"top_exact":true,"top_undercount":0,
///      "string":{"count":2084,"min_length":4,"max_length":12,"mean_length":7.3,"longest_lines":[4,9,12]}}
enum StatsJSON {
    static func object(_ report: FieldReport) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("path", .string(report.path)),
            JSONMember("records", .int(report.records)),
            JSONMember("present", .int(report.present)),
            JSONMember("values", .int(report.values)),
            JSONMember("null", .int(report.nulls)),
            JSONMember("empty", .int(report.empty)),
            JSONMember(
                "types",
                .array(
                    report.types.map { line in
                        .object([
                            JSONMember("type", .string(line.type.name)), JSONMember("count", .int(line.count)),
                            JSONMember("first_lines", .array(line.firstLines.map(JSONValue.int))),
                        ])
                    })),
        ]
        if let distinct = report.distinct {
            members.append(JSONMember("distinct", .int(distinct)))
            members.append(JSONMember("distinct_exact", .bool(report.distinctExact)))
            members.append(
                JSONMember("top", .array(report.top.map { .object([JSONMember("value", value($0)), JSONMember("count", .int($0.count))]) })))
            members.append(JSONMember("top_exact", .bool(report.topExact)))
            members.append(JSONMember("top_undercount", .int(report.topUndercount)))
        }
        if let numbers = report.numbers {
            var fields: [JSONMember] = [
                JSONMember("count", .int(numbers.count)),
                JSONMember("min", .number(numbers.minimum)),
                JSONMember("max", .number(numbers.maximum)),
                JSONMember("mean", double(numbers.mean)),
                JSONMember("stddev", double(numbers.standardDeviation)),
            ]
            for (index, percentile) in Quantiles.reported.enumerated() {
                fields.append(JSONMember(percentile.name, double(numbers.percentiles[index])))
            }
            fields.append(JSONMember("quantiles_exact", .bool(numbers.exact)))
            members.append(JSONMember("number", .object(fields)))
        }
        if let strings = report.strings {
            members.append(
                JSONMember(
                    "string",
                    .object([
                        JSONMember("count", .int(strings.count)),
                        JSONMember("min_length", .int(strings.minimumLength)),
                        JSONMember("max_length", .int(strings.maximumLength)),
                        JSONMember("mean_length", double(strings.meanLength)),
                        JSONMember("longest_lines", .array(strings.longestLines.map(JSONValue.int))),
                    ])))
        }
        return .object(members)
    }

    /// A counted value as JSON: a string, the number's text as written, or a boolean.
    static func value(_ top: FieldReport.TopValue) -> JSONValue {
        let text = String(decoding: top.bytes, as: UTF8.self)
        switch top.kind {
        case .string: return .string(text)
        case .number: return .number(text)
        case .boolean: return .bool(text == "true")
        }
    }

    static func double(_ value: Double?) -> JSONValue {
        value.flatMap(FieldReport.number).map(JSONValue.number) ?? .null
    }

    static func writeNDJSON(_ reports: [FieldReport], to out: inout [UInt8]) {
        for report in reports {
            JSONWriter.write(object(report), to: &out)
            out.append(0x0A)
        }
    }

    static func writeJSON(_ reports: [FieldReport], records: Int, rejected: Int, to out: inout [UInt8]) {
        let document = JSONValue.object([
            JSONMember("records", .int(records)),
            JSONMember("rejected", .int(rejected)),
            JSONMember("fields", .array(reports.map(object))),
        ])
        JSONWriter.write(document, to: &out)
        out.append(0x0A)
    }
}
