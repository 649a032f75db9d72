/// Where a record came from. `sluice-fetch` adds it as the record's last member and every later
/// stage keeps it, so any row of the final database traces back to its input:
///
///     "provenance":{"source":"data/Film_Locations_in_San_Francisco.csv","row":17}
///
/// `row` counts records from 1 in their source (a CSV's header is not a record), so a CSV row
/// with embedded newlines is still one row. (`sluice-sanitize --split` numbers a record's parts
/// in `address.part`, not here.)
public enum Provenance {
    /// The member `sluice-fetch` adds (`--as NAME` chooses another), and its fields.
    public static let key = "provenance"
    public static let source = "source"
    /// When paging: the page the record came from (the source is the first page's URL).
    public static let page = "page"
    public static let row = "row"

    /// The member and its fields as `sluice-fetch --describe-output` prints them, in the order
    /// written; the shape of an earlier provenance (`RecordEmitter.provenanceShape`) follows it.
    public static let output = OutputDescription(
        member: key, meaning: "where the record came from; the record's last member as fetched, kept by every later stage",
        fields: [
            .always(source, .string, meaning: "the input's path or URL as given (--source-name NAME; <stdin>); credentials masked"),
            .sometimes(page, .integer, meaning: "when paging: the page's number, the source being the first page's URL"),
            .always(row, .integer, meaning: "the record's line (NDJSON), data row (CSV, header excluded) or element (JSON), from 1"),
        ])

    public static func value(source: String, row: Int) -> JSONValue {
        .object([JSONMember(Self.source, .string(source)), JSONMember(Self.row, .int(row))])
    }

    /// Writes `{"source":…,"row":N}` for many rows of one source without rebuilding the text
    /// that does not change (the hot path of `sluice-fetch` on NDJSON).
    public struct Writer {
        let prefix: [UInt8]

        public init(source: String) {
            var prefix: [UInt8] = Array(#"{"source":"#.utf8)
            JSONWriter.writeString(source, to: &prefix)
            prefix += Array(#","row":"#.utf8)
            self.prefix = prefix
        }

        public func write(row: Int, to out: inout [UInt8]) {
            out.append(contentsOf: prefix)
            JSONWriter.writeDecimal(row, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }
}
