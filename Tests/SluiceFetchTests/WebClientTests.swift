import Foundation
import SluiceCore
import Testing

@testable import SluiceFetch

@Suite struct WebClientTests {
    func client(offline: Bool) throws -> (WebClient, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-client-test-\(UUID().uuidString)").path
        var secrets = Secrets(environment: ["K": "k3y-value"])
        _ = try secrets.expand("@env:K")
        var client = WebClient(secrets: secrets)
        client.cache = try HTTPCache(directory: path)
        client.offline = offline
        return (client, path)
    }

    @Test func namesMaskSecretsAndSecretLookingParameters() throws {
        let (client, path) = try client(offline: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(client.name(of: URL(string: "http://u:p@h/m?k=k3y-value&token=t&page=2")!) == "http://h/m?k=REDACTED&token=REDACTED&page=2")
    }

    @Test func offlineServesTheCachedBodyAndRefusesAMiss() throws {
        var (client, path) = try client(offline: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let url = URL(string: "http://127.0.0.1:9/m?k=k3y-value")!
        let miss = #expect(throws: StageFailure.self) { try client.get(url) }
        #expect(miss?.exitCode == .noInput)
        #expect(miss?.message == "http://127.0.0.1:9/m?k=REDACTED: not in the cache \(path) (--offline)")
        let body = FileManager.default.temporaryDirectory.appendingPathComponent("sluice-body-\(UUID().uuidString)")
        try Data("[]".utf8).write(to: body)
        try client.cache?.store(body: body, entry: .init(url: client.name(of: url), etag: "\"e\"", contentType: "application/json"))
        // Port 9 has no server: an answer can only come from the cache.
        let cached = try client.get(url)
        #expect(try Data(contentsOf: cached.file) == Data("[]".utf8))
        #expect(cached.contentType == "application/json")
        #expect(!cached.isTemporary)
        #expect(client.reused == 1 && client.downloaded == 0)
    }
}
