import SluiceCore

/// The formats `sluice-fetch` reads, forced with `--format` or detected.
enum InputFormat: String, CaseIterable {
    /// A JSON document: an array of records (streamed), one record object, or records found
    /// under `--records-at` in an object.
    case json
    case ndjson
    case csv

    /// Guesses the format from a URL's content type, then the name's extension, then the first
    /// bytes: `[` is a JSON array; `{` is NDJSON when the first line is a whole object, else a
    /// JSON document; anything else is CSV.
    static func detect(name: String, contentType: String?, firstBytes: [UInt8]) -> InputFormat {
        if let type = contentType?.lowercased() {
            if type.contains("ndjson") || type.contains("jsonl") || type.contains("json-seq") { return .ndjson }
            if type.contains("json") { return sniff(firstBytes, fallback: .json) }
            if type.contains("csv") { return .csv }
        }
        let lower = name.lowercased().split(separator: "?").first.map(String.init) ?? ""
        if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") { return .ndjson }
        if lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") { return .csv }
        return sniff(firstBytes, fallback: lower.hasSuffix(".json") ? .json : .csv)
    }

    static func sniff(_ bytes: [UInt8], fallback: InputFormat) -> InputFormat {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return fallback }
        switch bytes[index] {
        case UInt8(ascii: "["): return .json
        case UInt8(ascii: "{"):
            let lineEnd = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            let firstLine = Array(bytes[index..<lineEnd])
            let isWholeObject = (try? JSONParser.parse(firstLine)) != nil
            return isWholeObject && lineEnd < bytes.count ? .ndjson : .json
        default: return fallback == .json ? .json : .csv
        }
    }
}
