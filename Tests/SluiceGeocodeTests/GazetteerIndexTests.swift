import Foundation
import SluiceCore
import SluiceSanitize
import Testing

@testable import SluiceGeocode

/// The compiled index (`GazetteerIndex.swift`, `Gazetteer+Index.swift`): the same answers as
/// the CSV, and every way an index can be wrong seen, said once and got over.
@Suite struct GazetteerIndexTests {
    static let queries = [
        "850 Mason St", "901 California St", "903 California St", "990 california", "Mason & California", "Fairmont Hotel",
        "Grace Cathedral", "Broadway & Rowland", "California St from Mason to Kearny", "1000 Pine St", "Kearny St", "150 Main St, Alameda, CA",
        "150 Main St, Berkeley, CA", "City Hall, Berkeley, CA", "Main St & Oak St, Alameda, CA", "12 Elm St, Chicago, IL",
    ]

    /// Every query's `geo` as the stage writes it, with three candidates.
    static func answers(_ gazetteer: Gazetteer) -> String {
        let parser = AddressParser(city: "San Francisco", state: "CA")
        let geocoder = Geocoder(gazetteer)
        var out: [UInt8] = []
        for text in queries {
            GeoMatch.write(geocoder.geocode(GeocodeQuery(address: parser.parse(text).json)), candidates: 3, to: &out)
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The index bytes of a CSV text, written in memory.
    static func index(_ csv: String) throws -> [UInt8] {
        let (gazetteer, recording, _) = try Gazetteer.parseRecording(Array(csv.utf8), source: "test.csv")
        var bytes: [UInt8] = []
        try gazetteer.writeIndex(identity: GazetteerIndex.Identity(), recording: recording) { bytes += $0 }
        return bytes
    }

    /// A folder of its own with `name` holding `csv`.
    static func folder(_ csv: String, name: String = "g.csv") throws -> (folder: URL, csv: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gazindex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(csv.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    static func load(_ path: String, _ use: Gazetteer.IndexUse = .auto) throws -> (Gazetteer, [String]) {
        var warnings: [String] = []
        let gazetteer = try Gazetteer.load(path: path, index: use, warn: { warnings.append($0) })
        return (gazetteer, warnings)
    }

    static func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    @Test(arguments: [TinyGazetteer.csv, TwoTownGazetteer.csv])
    func answersAreTheSameThroughTheIndex(_ csv: String) throws {
        let fromCSV = try Gazetteer.parse(Array(csv.utf8), source: "test.csv")
        let fromIndex = try Gazetteer.fromIndex(bytes: Self.index(csv))
        #expect(Self.answers(fromIndex) == Self.answers(fromCSV))
        #expect(fromIndex.streetKeys == fromCSV.streetKeys && fromIndex.streetTowns == fromCSV.streetTowns)
        #expect(fromIndex.rowCount == fromCSV.rowCount && fromIndex.coverage.townNames == fromCSV.coverage.townNames)
        #expect(fromIndex.coverage.zipTowns == fromCSV.coverage.zipTowns && fromIndex.coverage.states == fromCSV.coverage.states)
        #expect(fromIndex.segments.count == fromCSV.segments.count && fromIndex.places.count == fromCSV.places.count)
        for street in fromCSV.streetKeys.indices {
            #expect(Array(fromIndex.addresses.numbers(of: street)) == Array(fromCSV.addresses.numbers(of: street)))
            #expect(fromIndex.streetCentres[street]?.point == fromCSV.streetCentres[street]?.point)
            #expect(Set(fromIndex.streetZips[street]) == Set(fromCSV.streetZips[street]))
        }
        // The same index twice: the writer is deterministic.
        #expect(try Self.index(csv) == Self.index(csv))
    }

    @Test func theFirstLoadWritesTheIndexAndTheNextMapsIt() throws {
        let (folder, csv) = try Self.folder(TinyGazetteer.csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (first, quiet) = try Self.load(csv)
        #expect(quiet.isEmpty)
        let index = GazetteerIndex.path(for: csv)
        let written = try Self.inode(index)
        let (second, stillQuiet) = try Self.load(csv)
        #expect(stillQuiet.isEmpty)
        #expect(second.addresses.storage?.mapped == true && first.addresses.storage?.mapped == false)
        #expect(try Self.inode(index) == written)
        #expect(Self.answers(second) == Self.answers(first))
    }

    @Test func aChangedCSVMakesTheIndexStaleOnce() throws {
        let (folder, csv) = try Self.folder(TinyGazetteer.csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.load(csv)
        // One more address, and a time the index cannot have seen.
        try Data((TinyGazetteer.csv + "\naddress,,,,,903,california st,,,,,,,37.79187,-122.40950,").utf8).write(to: URL(fileURLWithPath: csv))
        let (changed, warnings) = try Self.load(csv)
        #expect(warnings.count == 1 && warnings[0].contains("stale: the CSV changed"), "\(warnings)")
        #expect(Array(changed.addresses.numbers(of: changed.streetIDs["california st"] ?? -1)).contains(903))
        let (again, quiet) = try Self.load(csv)
        #expect(quiet.isEmpty && again.addresses.storage?.mapped == true)
        #expect(Self.answers(again) == Self.answers(changed))
    }

    @Test(arguments: ["truncated", "damaged", "not an index", "empty"])
    func aBrokenIndexIsSaidAndTheCSVRead(_ breakage: String) throws {
        let (folder, csv) = try Self.folder(TwoTownGazetteer.csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (fromCSV, _) = try Self.load(csv, .off)
        _ = try Self.load(csv)
        let index = GazetteerIndex.path(for: csv)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: index)))
        switch breakage {
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "damaged": bytes[bytes.count - 5] ^= 0x10
        case "not an index": bytes = Array("kind,id\n".utf8) + bytes
        default: bytes = []
        }
        try Data(bytes).write(to: URL(fileURLWithPath: index))
        let (read, warnings) = try Self.load(csv)
        let expected = [
            "truncated": "truncated", "damaged": "checksum mismatch", "not an index": "not a Sluice gazetteer index", "empty": "truncated",
        ]
        #expect(warnings.count == 1 && warnings[0].contains(expected[breakage] ?? "?"), "\(warnings)")
        #expect(Self.answers(read) == Self.answers(fromCSV))
        // Written again: the next run is quiet and mapped.
        let (next, quiet) = try Self.load(csv)
        #expect(quiet.isEmpty && next.addresses.storage?.mapped == true)
    }

    @Test func noIndexReadsTheCSVAndWritesNothing() throws {
        let (folder, csv) = try Self.folder(TinyGazetteer.csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (gazetteer, warnings) = try Self.load(csv, .off)
        #expect(warnings.isEmpty && gazetteer.rowCount == 18)
        #expect(!FileManager.default.fileExists(atPath: GazetteerIndex.path(for: csv)))
    }

    @Test func aGazetteerWithBadRowsGetsNoIndex() throws {
        let (folder, csv) = try Self.folder(TinyGazetteer.csv + "\naddress,,,,,x,mason st,,,,,,,37.7,-122.4,")
        defer { try? FileManager.default.removeItem(at: folder) }
        var skipped = 0
        let gazetteer = try Gazetteer.load(path: csv, index: .auto, warn: { _ in }) { _ in
            skipped += 1
            return true
        }
        #expect(skipped == 1 && gazetteer.rowCount == 18)
        #expect(!FileManager.default.fileExists(atPath: GazetteerIndex.path(for: csv)))
    }

    @Test func anIndexOfAnotherProgramOrFormatIsReplacedQuietly() throws {
        let (folder, csv) = try Self.folder(TinyGazetteer.csv)
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.load(csv)
        let index = GazetteerIndex.path(for: csv)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: index)))
        bytes[48] ^= 1  // the program's hash
        try Data(bytes).write(to: URL(fileURLWithPath: index))
        let (_, warnings) = try Self.load(csv)
        #expect(warnings.isEmpty)
        let (mapped, _) = try Self.load(csv)
        #expect(mapped.addresses.storage?.mapped == true)
    }

    /// Every byte of the index's eager part and header damaged in turn, the checksum forged to
    /// fit: read or refused, never a crash, and never past the bytes it has.
    @Test func forgedIndexesAreRefusedOrReadNeverTrusted() throws {
        let index = try Self.index(TwoTownGazetteer.csv)
        var refused = 0
        for position in 0..<index.count {
            for flip: UInt8 in [0x01, 0xFF] {
                var forged = index
                forged[position] ^= flip
                do {
                    _ = Self.answers(try Gazetteer.fromIndex(bytes: GazetteerIndex.restamped(forged)))
                } catch {
                    refused += 1
                }
            }
        }
        #expect(refused > index.count)
        #expect(throws: GazetteerIndex.Problem.corrupt("checksum mismatch: the file is damaged")) {
            var damaged = index
            damaged[damaged.count - 1] ^= 1
            _ = try Gazetteer.fromIndex(bytes: damaged)
        }
    }
}
