import SluiceCore

/// One record with the fields, order and types that
/// `sluice-fetch --keys snake_case --infer-types data/Film_Locations_in_San_Francisco.csv` gives
/// (without `provenance`, which fetch adds): text, integers, and null for an empty cell.
///
///     {"title":"Vertigo","release_year":1958,"locations":"Mission Dolores (3321 16th St.)", …,
///      "current_supervisor_districts":8}
struct FilmRecord: Equatable, Sendable {
    var title: String
    var releaseYear: Int
    var locations: String?
    var funFacts: String?
    var productionCompany: String
    var distributor: String?
    var director: String?
    var writer: String?
    var actor1: String?
    var actor2: String?
    var actor3: String?
    var sfFindNeighborhoods: Int?
    var analysisNeighborhoods: Int?
    var currentSupervisorDistricts: Int?

    /// The record as a JSON object; every field is present, null when empty (as fetch writes it).
    var json: JSONValue {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
        return .object([
            JSONMember("title", .string(title)),
            JSONMember("release_year", .int(releaseYear)),
            JSONMember("locations", text(locations)),
            JSONMember("fun_facts", text(funFacts)),
            JSONMember("production_company", .string(productionCompany)),
            JSONMember("distributor", text(distributor)),
            JSONMember("director", text(director)),
            JSONMember("writer", text(writer)),
            JSONMember("actor_1", text(actor1)),
            JSONMember("actor_2", text(actor2)),
            JSONMember("actor_3", text(actor3)),
            JSONMember("sf_find_neighborhoods", number(sfFindNeighborhoods)),
            JSONMember("analysis_neighborhoods", number(analysisNeighborhoods)),
            JSONMember("current_supervisor_districts", number(currentSupervisorDistricts)),
        ])
    }

    /// Appends the record as one NDJSON line, without the newline.
    func write(to out: inout [UInt8]) {
        JSONWriter.write(json, to: &out)
    }
}
