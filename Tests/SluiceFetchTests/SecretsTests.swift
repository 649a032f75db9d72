import Testing

@testable import SluiceFetch

@Suite struct SecretsTests {
    @Test func expandsEnvironmentReferencesAnywhereInAValue() throws {
        var secrets = Secrets(environment: ["TOKEN": "abc123", "USER_2": "ann"])
        #expect(try secrets.expand("Bearer @env:TOKEN") == "Bearer abc123")
        #expect(try secrets.expand("@env:USER_2:@env:TOKEN!") == "ann:abc123!")
        #expect(try secrets.expand("no reference") == "no reference")
        #expect(secrets.values == ["abc123", "ann"])
    }

    @Test func anUnsetOrEmptyVariableIsAUsageErrorNamingIt() {
        var secrets = Secrets(environment: ["EMPTY": ""])
        #expect(throws: (any Error).self) { try secrets.expand("@env:MISSING") }
        #expect(throws: (any Error).self) { try secrets.expand("@env:EMPTY") }
        #expect(throws: (any Error).self) { try secrets.expand("@env:") }
    }

    @Test func redactsPlainAndPercentEncodedValues() throws {
        var secrets = Secrets(environment: ["K": "a+b/c d"])
        _ = try secrets.expand("@env:K")
        #expect(secrets.redact("x=a+b/c d&y=1") == "x=REDACTED&y=1")
        #expect(secrets.redact("x=a%2Bb%2Fc%20d&y=1") == "x=REDACTED&y=1")
    }

    @Test func veryShortValuesAreNotMasked() {
        var secrets = Secrets(environment: [:])
        secrets.remember("ab")
        #expect(secrets.redact("abc") == "abc")
    }
}
