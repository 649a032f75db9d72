import Testing

@testable import SluiceFetch

@Suite struct RedirectPolicyTests {
    @Test func followsHTTPAndHTTPS() {
        #expect(RedirectPolicy.check(from: "http://a.org/x", to: "https://a.org/y", visited: ["http://a.org/x"], allowInsecure: false) == nil)
        #expect(RedirectPolicy.check(from: "https://a.org/x", to: "https://b.org/y", visited: ["https://a.org/x"], allowInsecure: false) == nil)
    }

    @Test func refusesHTTPSToHTTPUnlessAllowed() {
        #expect(
            RedirectPolicy.check(from: "https://a.org/x", to: "http://a.org/y?token=t", visited: [], allowInsecure: false)
                == "refusing the redirect from https to http://a.org/y (use --allow-insecure-redirect to follow it)")
        #expect(RedirectPolicy.check(from: "https://a.org/x", to: "http://a.org/y", visited: [], allowInsecure: true) == nil)
    }

    @Test func refusesOtherSchemesLoopsAndLongChains() {
        #expect(
            RedirectPolicy.check(from: "http://a/x", to: "file:///etc/passwd", visited: [], allowInsecure: true)
                == "refusing a redirect to file:///etc/passwd: only http and https are followed")
        #expect(RedirectPolicy.check(from: "http://a/x", to: "ftp://a/y", visited: [], allowInsecure: true) != nil)
        #expect(
            RedirectPolicy.check(from: "http://a/2", to: "http://a/1", visited: ["http://a/1", "http://a/2"], allowInsecure: false)
                == "redirect loop: back to http://a/1 after 2 redirects")
        let chain = (0...RedirectPolicy.limit).map { "http://a/\($0)" }
        #expect(
            RedirectPolicy.check(from: "http://a/x", to: "http://a/next", visited: chain, allowInsecure: false) == "too many redirects (more than 10)"
        )
    }
}
