/// Writes CSV records as `CSVReader` reads them: quoting only the fields that need it, so
/// output stays small and byte-stable.
///
///     CSVWriter.append(["plain", "a,b", "say \"x\""], to: &out)   // plain,"a,b","say ""x"""\n
public enum CSVWriter {
    public static func append(_ fields: [String], to out: inout [UInt8]) {
        for (position, field) in fields.enumerated() {
            if position > 0 { out.append(0x2C) }
            if field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                out.append(0x22)
                for byte in field.utf8 {
                    if byte == 0x22 { out.append(0x22) }
                    out.append(byte)
                }
                out.append(0x22)
            } else {
                out.append(contentsOf: field.utf8)
            }
        }
        out.append(0x0A)
    }
}
