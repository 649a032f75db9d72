import Foundation
import Testing

@testable import SluiceLoad

/// The checks the fault-injection suite makes on a database after each fault, the inputs it
/// loads, and its tally (`fault-injection: NAME: N tried, N states checked, N intact`, one line
/// per test, summed by `make faults`).
enum FaultHarness {
    /// One load record: `note` says which load it came from, every 50th has no coordinates.
    static func record(_ id: Int, note: String) -> String {
        let geo =
            id % 50 == 0
            ? "null" : String(format: #"{"lat":%.4f,"lon":%.4f}"#, 37.7 + Double(id % 1000) / 10000, -122.4 - Double(id % 997) / 10000)
        return #"{"id":\#(id),"title":"Film \#(id % 5000)","note":"\#(note)-\#(id)","geo":\#(geo)}"#
    }

    /// Records `range` as NDJSON, written straight to a file (500k records are 45 MB).
    static func writeRecords(_ range: ClosedRange<Int>, note: String, to url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var chunk = ""
        for id in range {
            chunk += record(id, note: note) + "\n"
            if chunk.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try handle.write(contentsOf: Data(chunk.utf8))
    }

    static func query(_ path: String, _ sql: String) throws -> [String] {
        try LoadReliabilityTests.query(path, sql)
    }

    /// What a fault may have changed, as one comparable string: per table its row count and
    /// sums that tell this suite's loads apart (ids, `v1`/`v2` notes, coordinates), and the
    /// completed runs. Index structures are checked by `problems`, not here.
    static func fingerprint(_ path: String) throws -> String {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        var parts: [String] = []
        let tables = try database.column(
            """
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE '\\_sluice%' ESCAPE '\\'
            AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%\\_fts\\_%' ESCAPE '\\' AND name NOT LIKE '%\\_rtree\\_%' ESCAPE '\\'
            ORDER BY name
            """
        ).compactMap { $0 }
        for table in tables {
            let columns = Set(try database.column("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0 })
            var sums = ["count(*)"]
            if columns.contains("id") { sums.append("total(id)") }
            if columns.contains("note") { sums += ["total(note LIKE 'v2-%')", "total(length(note))"] }
            if columns.contains("geo_lat") { sums.append("round(total(geo_lat), 3)") }
            let row = try database.column(
                "SELECT \(sums.map { "CAST(\($0) AS TEXT)" }.joined(separator: " || ',' || ")) FROM \(Database.quote(table))")
            parts.append("\(table)=\(row.first.flatMap { $0 } ?? "")")
        }
        if try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = '_sluice_runs'") == 1 {
            // Databases from before run statuses have only complete runs.
            let hasStatus = try database.scalarInt("SELECT count(*) FROM pragma_table_info('_sluice_runs') WHERE name = 'status'") == 1
            let complete = try database.scalarInt("SELECT count(*) FROM _sluice_runs" + (hasStatus ? " WHERE status = 'complete'" : "")) ?? 0
            parts.append("complete runs=\(complete)")
        }
        return parts.joined(separator: " ")
    }

    /// What is wrong with a database whatever state it is in: a failed integrity or foreign-key
    /// check, an R*Tree that does not hold exactly the rows with numeric coordinates, or a
    /// full-text index that does not match its table.
    static func problems(_ path: String) throws -> [String] {
        let database = try Database(path: path, busyTimeoutMilliseconds: 1000)
        var problems: [String] = []
        let integrity = try database.column("PRAGMA integrity_check")
        if integrity != ["ok"] { problems.append("integrity_check: \(integrity.compactMap { $0 }.joined(separator: "; "))") }
        let foreignKeys = try database.scalarInt("SELECT count(*) FROM pragma_foreign_key_check") ?? 0
        if foreignKeys != 0 { problems.append("\(foreignKeys) rows fail their foreign key") }
        let rtrees = try database.column("SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING rtree%'").compactMap { $0 }
        for rtree in rtrees {
            guard rtree.hasSuffix("_rtree") else { continue }
            let table = String(rtree.dropLast(6))
            let columns = try database.column("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0 }
            guard let lat = columns.first(where: { $0.hasSuffix("lat") }), let lon = columns.first(where: { $0 == lat.dropLast(3) + "lon" }) else {
                problems.append("\(rtree): no coordinate columns in '\(table)'")
                continue
            }
            let (r, t, la, lo) = (Database.quote(rtree), Database.quote(table), Database.quote(lat), Database.quote(lon))
            let withPoint = "typeof(\(la)) IN ('integer', 'real') AND typeof(\(lo)) IN ('integer', 'real')"
            let expected = try database.scalarInt("SELECT count(*) FROM \(t) WHERE \(withPoint)") ?? -1
            let indexed = try database.scalarInt("SELECT count(*) FROM \(r)") ?? -1
            // Every entry must be a row with those coordinates (R*Trees keep 32-bit floats).
            let matching =
                try database.scalarInt(
                    "SELECT count(*) FROM \(r) JOIN \(t) ON \(t).rowid = \(r).id WHERE abs(\(r).min_lat - \(la)) < 1e-4 AND abs(\(r).min_lon - \(lo)) < 1e-4"
                ) ?? -1
            if expected != indexed || indexed != matching {
                problems.append("stale \(rtree): \(indexed) entries, \(matching) matching, for \(expected) rows with coordinates")
            }
        }
        // An external-content FTS5 index must match its table (rank 1: check against the content).
        for fts in try database.column("SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'").compactMap({ $0 }) {
            do {
                try database.execute("INSERT INTO \(Database.quote(fts))(\(Database.quote(fts)), rank) VALUES ('integrity-check', 1)")
            } catch {
                problems.append("stale \(fts): \(error.message)")
            }
        }
        return problems
    }

    /// Copies a database (and its WAL or rollback journal, if the last run left one) to `to`, replacing what is there.
    static func copyDatabase(_ from: URL, to: URL) throws {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let target = URL(fileURLWithPath: to.path + suffix)
            try? FileManager.default.removeItem(at: target)
            let source = URL(fileURLWithPath: from.path + suffix)
            if FileManager.default.fileExists(atPath: source.path) { try FileManager.default.copyItem(at: source, to: target) }
        }
    }

    /// Runs `bash -c SCRIPT` with the executables on PATH (to close stdout, cut a stream, pipe).
    static func shell(_ script: String) throws -> Executable.Result {
        try Program.run(["bash", "-c", script], environment: ["PATH": Executable.binDirectory.path + ":/usr/bin:/bin"])
    }
}

/// One test's count of faults, states checked and states found intact, printed at its end.
final class FaultTally {
    let name: String
    private(set) var tried = 0
    private(set) var checked = 0
    private(set) var intact = 0

    init(_ name: String) { self.name = name }

    /// Counts one fault whose database was then checked: intact when nothing went wrong.
    func record(intact isIntact: Bool) {
        tried += 1
        checked += 1
        if isIntact { intact += 1 }
    }

    /// Checks a database after a fault: no problems, and a state among `allowed`.
    @discardableResult
    func check(_ path: String, allowed: [String], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let problems = try FaultHarness.problems(path)
        let state = try FaultHarness.fingerprint(path)
        #expect(problems.isEmpty, "\(comment): \(problems)", sourceLocation: sourceLocation)
        #expect(allowed.contains(state), "\(comment): state \(state), expected one of \(allowed)", sourceLocation: sourceLocation)
        let isIntact = problems.isEmpty && allowed.contains(state)
        record(intact: isIntact)
        return isIntact
    }

    func report() {
        print("fault-injection: \(name): \(tried) tried, \(checked) states checked, \(intact) intact")
    }
}

/// A small tmpfs, for a full disk or a read-only directory that even root cannot write. Only
/// root can mount one; tests that need it are skipped otherwise, and say why.
final class SmallFilesystem {
    let url: URL

    static let canMount: Bool = {
        guard getuid() == 0, let probe = try? SmallFilesystem(kilobytes: 64) else { return false }
        _ = probe
        return true
    }()

    static let whyNot: Comment =
        "mounting a small tmpfs needs root (this suite runs as uid \(getuid())): the full-disk and read-only cases are skipped"

    init(kilobytes: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let mounted = try Program.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", url.path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.fileWriteNoPermission)
        }
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Fills what space is left with one file, so the next write fails with ENOSPC.
    func fill() {
        let filler = file("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: filler) else { return }
        let block = Data(repeating: 0x20, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
    }

    func remountReadOnly() throws {
        let result = try Program.run(["mount", "-o", "remount,ro", url.path])
        #expect(result.status == 0, "remount read-only: \(result.stderrText)")
    }

    deinit {
        _ = try? Program.run(["umount", url.path])
        try? FileManager.default.removeItem(at: url)
    }
}
