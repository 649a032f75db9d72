@testable import SluiceCore
@testable import SluiceReport

/// Test records as the report reads them, from JSON text.
enum Facts {
    static func of(_ json: String, paths: ReportRecord.Paths = ReportRecord.Paths(), line: Int = 1) -> ReportRecord {
        Array(json.utf8).withUnsafeBufferPointer { bytes in
            guard let record = try? NDJSONRecord(bytes) else { fatalError("not a record: \(json)") }
            return ReportRecord(record, paths: paths, location: StageContext.Location(source: "test.ndjson", line: line))
        }
    }

    /// A string as JSON text, quotes and all.
    static func quoted(_ text: String) -> String { JSONWriter.string(.string(text)) }

    /// A geocoded film location: `text` placed at lat/lon with a precision and score.
    static func placed(
        _ title: String, _ text: String, lat: String, lon: String, precision: String = "address", score: String = "0.98",
        matched: String = "m"
    ) -> ReportRecord {
        of(
            #"{"title":\#(quoted(title)),"address":{"raw":\#(quoted(text)),"kind":"street_address"},"geo":{"lat":\#(lat),"lon":\#(lon),"precision":\#(quoted(precision)),"score":\#(score),"matched":\#(quoted(matched)),"method":"address_point"}}"#
        )
    }

    static func unplaced(_ title: String, _ text: String, reason: String = "no street matched") -> ReportRecord {
        of(
            #"{"title":\#(quoted(title)),"address":{"raw":\#(quoted(text)),"kind":"place"},"geo":{"precision":"none","score":0,"method":"none","reason":\#(quoted(reason))}}"#
        )
    }
}
