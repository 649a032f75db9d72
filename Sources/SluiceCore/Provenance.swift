/// Where a record came from. `sluice-fetch` adds it as the record's last member and every later
/// stage keeps it, so any row of the final database traces back to its input:
///
///     "provenance":{"source":"data/Film_Locations_in_San_Francisco.csv","row":17}
///
/// `row` counts records from 1 in their source (a CSV's header is not a record), so a CSV row
/// with embedded newlines is still one row. Stages that split a record add `part`.
public enum Provenance {
    public static let key = "provenance"

    public static func value(source: String, row: Int) -> JSONValue {
        .object([JSONMember("source", .string(source)), JSONMember("row", .int(row))])
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
