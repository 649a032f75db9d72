import SluiceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The compiled index of a gazetteer CSV (`FILE.sluice-index`, beside it: a `SidecarIndex`
/// with magic "SLUICEGZ"): what `Gazetteer` holds after reading the CSV, in a form a run maps
/// with `mmap` instead of parsing. The CSV stays the source of truth; the index is only ever a
/// faster way to read it, and is refused (`Problem`) unless everything ties it to this CSV and
/// this program.
///
/// The payload, after `SidecarIndex`'s 80-byte header: the eager part (`Gazetteer+Index.swift`),
/// padded to 8 bytes, then the addresses as `AddressTable.layout` places them (numbers, then
/// coordinates).
///
/// The checksum is verified on every open (`SidecarIndex.openChecked`): about 0.1 s for a
/// 10-million-address index, against several seconds to parse its CSV.
enum GazetteerIndex {
    static let format = SidecarIndex(magic: "SLUICEGZ", formatVersion: 2, kind: "gazetteer", source: "the CSV")
    static let headerSize = SidecarIndex.headerSize
    static var magic: [UInt8] { format.magic }
    typealias Problem = SidecarIndex.Problem
    typealias Identity = SidecarIndex.Identity

    /// The name beside the CSV.
    static func path(for csv: String) -> String { SidecarIndex.path(for: csv) }

    /// The CSV's identity (`SidecarIndex.identity(of:)`); nil when it cannot be read.
    static func identity(ofCSV path: String) -> Identity? { format.identity(of: path) }

    /// `bytes` with the header's payload length and checksum made to fit its payload.
    static func restamped(_ bytes: [UInt8]) -> [UInt8] { SidecarIndex.restamped(bytes) }

    /// Maps an index file once its header names `expected` and its payload's checksum holds.
    static func map(path: String, expected: Identity) throws(Problem) -> AddressTable.Storage {
        let reader = try format.openChecked(path: path, expected: expected)
        let length = SidecarIndex.headerSize + reader.header.payloadLength
        // (The mapping outlives the file's descriptor, closed with the reader.)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, reader.fd, 0), base != MAP_FAILED else {
            throw .unreadable("cannot map: \(String(cString: strerror(errno)))")
        }
        return AddressTable.Storage(mapping: base, length: length)
    }
}
