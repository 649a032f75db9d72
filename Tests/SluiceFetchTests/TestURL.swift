import Foundation

/// A URL written literally in a test; a typo in one is a bug in the test itself.
func testURL(_ text: String) -> URL {
    guard let url = URL(string: text) else { preconditionFailure("not a URL: \(text)") }
    return url
}
