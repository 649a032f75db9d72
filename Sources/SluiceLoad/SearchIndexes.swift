import SluiceCore

/// The indexes `sluice-load` builds: `--index` B-trees, an R*Tree over every latitude/longitude
/// column pair (so bounding-box queries work from `sqlite3`), and an FTS5 full-text index over
/// `--fts` columns when this SQLite has FTS5; the last two kept current by triggers.
///
///     SELECT l.* FROM locations l JOIN locations_rtree r ON r.id = l.rowid
///     WHERE r.min_lat >= 37.79 AND r.max_lat <= 37.80 AND r.min_lon >= -122.42 AND r.max_lon <= -122.40
enum SearchIndexes {
    static func createIndexes(on table: String, columns: [String], in database: Database) throws(SQLiteError) {
        for column in columns {
            let name = "\(table)_\(column)_index"
            try database.execute("CREATE INDEX IF NOT EXISTS \(Database.quote(name)) ON \(Database.quote(table)) (\(Database.quote(column)))")
        }
    }

    /// The latitude/longitude column pairs of a table: `geo_lat`/`geo_lon`, `lat`/`lon`,
    /// `latitude`/`longitude` (and any `X_lat`/`X_lon`).
    static func coordinatePairs(in schema: TableSchema) -> [(lat: String, lon: String)] {
        schema.columns.compactMap { column in
            let lower = column.lowercased()
            for (latSuffix, lonSuffix) in [("lat", "lon"), ("latitude", "longitude")] where lower == latSuffix || lower.hasSuffix("_" + latSuffix) {
                let lon = String(column.dropLast(latSuffix.count)) + lonSuffix
                if let existing = schema.existing(lon) { return (column, existing) }
            }
            return nil
        }
    }

    /// Which tables have R*Trees. A lookup table of places (`--extract address.*,geo.*`) holds
    /// each point once: `make pipeline`'s has 1,459 rows for 2,084 records. The loaded table
    /// repeats them: the bench's 1M records have 926,584 points, 68,393 of them distinct, and
    /// filling their R*Tree took 12.8 s of CPU against 4.7 s for the rest of the load. So the
    /// loaded table gets one only when asked (`--spatial-index`). An R*Tree that exists is kept
    /// exact whatever is asked: its triggers, and a refill when they are missing.
    enum Spatial {
        /// `--spatial-index`: the loaded table and the lookup tables.
        case everyTable
        /// The default: the lookup tables, and any table that already has one.
        case lookupTables
        /// `--no-spatial-index`: only the R*Trees that already exist.
        case existing
    }

    /// Makes sure the R*Trees `spatial` asks for exist and are exact.
    static func ensureSpatialIndexes(table: TableSchema, lookups: [TableSchema], _ spatial: Spatial, in database: Database) throws(SQLiteError) {
        for (schema, wanted) in [(table, spatial == .everyTable)] + lookups.map({ ($0, spatial != .existing) }) {
            _ = try ensureSpatialIndexes(for: schema, in: database, onlyIfPresent: !wanted)
        }
    }

    /// Makes sure each coordinate pair has its R*Tree (`<table>_rtree`, `<table>_<lat>_rtree`
    /// beyond the first) and the triggers that keep it in step with the table, filling it from
    /// the table's rows when either was missing. Afterwards every insert, update and delete
    /// updates the R*Tree in the same transaction, so no commit — a `--batch-size` batch, a run
    /// killed between batches — can leave it stale, and a re-run does not rebuild it.
    /// Returns the names of the R*Trees.
    ///
    /// With `onlyIfPresent`, an R*Tree that does not exist is not made.
    ///
    /// - Complexity: O(1) queries when the index and its triggers exist; O(n log n) to fill it.
    static func ensureSpatialIndexes(for schema: TableSchema, in database: Database, onlyIfPresent: Bool = false) throws(SQLiteError) -> [String] {
        guard Database.hasCompileOption("ENABLE_RTREE"), schema.exists, let rowid = schema.rowIDName else { return [] }
        var names: [String] = []
        for (index, pair) in coordinatePairs(in: schema).enumerated() {
            let name = index == 0 ? "\(schema.table)_rtree" : "\(schema.table)_\(pair.lat)_rtree"
            let existing = try database.column(
                "SELECT name FROM sqlite_master WHERE name IN (?, ?, ?, ?)",
                [name, name + "_insert", name + "_update", name + "_delete"].map(SQLValue.text))
            if onlyIfPresent, !existing.contains(name) { continue }
            names.append(name)
            guard existing.count < 4 else { continue }
            let rtree = Database.quote(name)
            let table = Database.quote(schema.table)
            let lat = Database.quote(pair.lat)
            let lon = Database.quote(pair.lon)
            let hasPoint = { (row: String) in "typeof(\(row).\(lat)) IN ('integer', 'real') AND typeof(\(row).\(lon)) IN ('integer', 'real')" }
            let insertNew = "INSERT INTO \(rtree) SELECT new.\(rowid), new.\(lat), new.\(lat), new.\(lon), new.\(lon) WHERE \(hasPoint("new"));"
            try database.execute(
                """
                CREATE VIRTUAL TABLE IF NOT EXISTS \(rtree) USING rtree(id, min_lat, max_lat, min_lon, max_lon);
                DROP TRIGGER IF EXISTS \(Database.quote(name + "_insert"));
                DROP TRIGGER IF EXISTS \(Database.quote(name + "_update"));
                DROP TRIGGER IF EXISTS \(Database.quote(name + "_delete"));
                CREATE TRIGGER \(Database.quote(name + "_insert")) AFTER INSERT ON \(table) BEGIN \(insertNew) END;
                CREATE TRIGGER \(Database.quote(name + "_update")) AFTER UPDATE ON \(table)
                  BEGIN DELETE FROM \(rtree) WHERE id = old.\(rowid); \(insertNew) END;
                CREATE TRIGGER \(Database.quote(name + "_delete")) AFTER DELETE ON \(table)
                  BEGIN DELETE FROM \(rtree) WHERE id = old.\(rowid); END;
                DELETE FROM \(rtree);
                INSERT INTO \(rtree) SELECT \(rowid), \(lat), \(lat), \(lon), \(lon) FROM \(table) WHERE \(hasPoint(table));
                """)
        }
        return names
    }

    /// Makes sure `<table>_fts` (an external-content FTS5 table) indexes exactly `columns`, with
    /// the triggers that keep it in step with the table: rebuilt when it, its columns or its
    /// triggers differ, left alone otherwise (every later change reaches it in its own
    /// transaction, as for the R*Trees). Returns false when this SQLite has no FTS5, or when
    /// columns named `rowid`, `oid` and `_rowid_` leave no name for the row id.
    static func ensureFullText(on table: String, columns: [String], in database: Database) throws(SQLiteError) -> Bool {
        guard Database.hasCompileOption("ENABLE_FTS5") else { return false }
        var schema = TableSchema(table: table)
        try schema.read(from: database)
        guard let rowid = schema.rowIDName else { return false }
        let name = "\(table)_fts"
        let triggers = [name + "_insert", name + "_update", name + "_delete"]
        let present = try database.column("SELECT name FROM sqlite_master WHERE name IN (?, ?, ?, ?)", ([name] + triggers).map(SQLValue.text))
        let indexed = try database.column("SELECT name FROM pragma_table_info(?)", [.text(name)]).compactMap { $0 }
        if present.count == 4, indexed == columns { return true }
        let fts = Database.quote(name)
        let list = columns.map(Database.quote).joined(separator: ", ")
        let values = { (row: String) in columns.map { "\(row).\(Database.quote($0))" }.joined(separator: ", ") }
        let insertNew = "INSERT INTO \(fts)(rowid, \(list)) VALUES (new.\(rowid), \(values("new")));"
        let deleteOld = "INSERT INTO \(fts)(\(fts), rowid, \(list)) VALUES ('delete', old.\(rowid), \(values("old")));"
        let source = Database.quote(table)
        try database.execute(
            """
            \(triggers.map { "DROP TRIGGER IF EXISTS \(Database.quote($0));" }.joined(separator: " "))
            DROP TABLE IF EXISTS \(fts);
            CREATE VIRTUAL TABLE \(fts) USING fts5(\(list), content=\(source), content_rowid='\(rowid)');
            CREATE TRIGGER \(Database.quote(triggers[0])) AFTER INSERT ON \(source) BEGIN \(insertNew) END;
            CREATE TRIGGER \(Database.quote(triggers[1])) AFTER UPDATE ON \(source) BEGIN \(deleteOld) \(insertNew) END;
            CREATE TRIGGER \(Database.quote(triggers[2])) AFTER DELETE ON \(source) BEGIN \(deleteOld) END;
            INSERT INTO \(fts)(\(fts)) VALUES ('rebuild');
            """)
        return true
    }
}
