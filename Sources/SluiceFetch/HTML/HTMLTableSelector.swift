import SluiceCore

/// Which table `--html-table` reads: its number in the page (`2`: the second `<table>`), or a
/// small CSS-like selector — one or two simple selectors (tag, `#id`, `.class`), the second a
/// descendant of the first — optionally followed by `:N` for the Nth match.
///
///     try HTMLTableSelector("table.wikitable")     // the first table with class wikitable
///     try HTMLTableSelector("#episodes table")     // the first table inside id="episodes"
///     try HTMLTableSelector("table.wikitable:2")   // the second such table
///     try HTMLTableSelector("3")                   // the third table of the page
struct HTMLTableSelector: Equatable {
    /// `tag#id.class.class`; nil parts match anything.
    struct Simple: Equatable {
        var tag: String?
        var id: String?
        var classes: [String] = []

        func matches(tag name: String, id: String?, classes: [String]) -> Bool {
            (tag == nil || tag == name) && (self.id == nil || self.id == id) && self.classes.allSatisfy(classes.contains)
        }
    }

    var ancestor: Simple?
    var target: Simple
    var occurrence: Int

    init(_ text: String) throws(StageFailure) {
        var body = Substring(text.trimmingSpaces())
        occurrence = 1
        if let number = Int(body), number >= 1 {
            target = Simple(tag: "table")
            occurrence = number
            return
        }
        if let colon = body.lastIndex(of: ":"), let number = Int(body[body.index(after: colon)...]), number >= 1 {
            occurrence = number
            body = body[..<colon]
        }
        let parts = try body.split(separator: " ").map { part throws(StageFailure) in try HTMLTableSelector.simple(part, whole: text) }
        guard let last = parts.last, parts.count <= 2 else {
            throw .usage("option '--html-table' takes a table number or a selector like 'table.wikitable' or '#episodes table', got '\(text)'")
        }
        target = last
        ancestor = parts.count == 2 ? parts[0] : nil
        // `#episodes` or `.list` alone name a container: read the first table in it.
        if target.tag == nil {
            ancestor = target
            target = Simple(tag: "table")
        }
        guard target.tag == "table" else { throw .usage("option '--html-table': the selector '\(text)' must end in a table") }
    }

    static func simple(_ text: Substring, whole: String) throws(StageFailure) -> Simple {
        var simple = Simple()
        var current = ""
        var kind: Character = "t"
        func finish() {
            switch kind {
            case "#": simple.id = current
            case ".": simple.classes.append(current)
            default: simple.tag = current.isEmpty ? nil : current.lowercased()
            }
        }
        for character in text {
            if character == "#" || character == "." {
                finish()
                kind = character
                current = ""
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                current.append(character)
            } else {
                throw .usage("option '--html-table': unexpected '\(character)' in the selector '\(whole)'")
            }
        }
        finish()
        return simple
    }

    /// The index in `tokens` of the chosen table's start tag, or nil when nothing matches.
    func locate(in tokens: [HTMLToken]) -> Int? {
        // Open elements, innermost last, as far as the page's end tags let us tell.
        var open: [(tag: String, id: String?, classes: [String])] = []
        var matches = 0
        for (index, token) in tokens.enumerated() {
            switch token {
            case .start(let tag, _):
                let id = token.attribute("id")
                let classes = (token.attribute("class") ?? "").split(separator: " ").map(String.init)
                if target.matches(tag: tag, id: id, classes: classes),
                    ancestor.map({ ancestor in open.contains { ancestor.matches(tag: $0.tag, id: $0.id, classes: $0.classes) } }) ?? true
                {
                    matches += 1
                    if matches == occurrence { return index }
                }
                if !HTMLTableSelector.voidElements.contains(tag) { open.append((tag, id, classes)) }
            case .end(let tag):
                if let innermost = open.lastIndex(where: { $0.tag == tag }) { open.removeSubrange(innermost...) }
            case .text:
                break
            }
        }
        return nil
    }

    static let voidElements: Set<String> = [
        "br", "img", "hr", "meta", "link", "input", "col", "area", "base", "wbr", "source", "embed", "param", "track",
    ]
}
