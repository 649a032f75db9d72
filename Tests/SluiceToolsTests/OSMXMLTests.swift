import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

@Suite struct OSMXMLTests {
    static func elements(_ text: String, chunkSize: Int = 1 << 20) throws -> [OSMElement] {
        var elements: [OSMElement] = []
        try OSMXML.read(bytes: Array(text.utf8), source: "test.osm", chunkSize: chunkSize) { elements.append($0) }
        return elements
    }

    /// The error reading `text` gives, the same whatever the chunks the text arrives in.
    static func error(_ text: String) -> String {
        func error(chunkSize: Int) -> String {
            do {
                _ = try elements(text, chunkSize: chunkSize)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let whole = error(chunkSize: 1 << 20)
        for size in [1, 2, 3, 5, 8, 13] { #expect(error(chunkSize: size) == whole, "in chunks of \(size)") }
        return whole
    }

    @Test func elementsTagsAndEntities() throws {
        let text = """
            <?xml version='1.0'?>
            <osm><!-- a comment with <node id="9"/> -->
             <node id="1" lat="37.5" lon='-122.25'><tag k="name" v="A &amp; B &lt;&#233;&#xe9;&quot;&apos;&gt;"/></node>
             <node id="2" lat="-1e-3" lon="0"/>
             <way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
             <relation id="4"><member type="way" ref="3" role="outer"/><member type="node" ref="1"/></relation>
            </osm>
            """
        #expect(
            try Self.elements(text) == [
                .node(OSMNode(id: 1, lat: 37.5, lon: -122.25, tags: ["name": "A & B <éé\"'>"])),
                .node(OSMNode(id: 2, lat: -0.001, lon: 0)),
                .way(OSMWay(id: 3, refs: [1, 2], tags: ["highway": "residential"])),
                .relation(OSMRelation(id: 4, members: [.init(kind: .way, ref: 3, role: "outer"), .init(kind: .node, ref: 1, role: "")])),
            ])
    }

    @Test func theElementsAreTheSameWhateverTheChunksTheTextArrivesIn() throws {
        // The window is refilled inside names, values, entities, comments and "<![CDATA[".
        let text =
            try String(contentsOfFile: OSMPBFTests.fixtures + "/town.osm", encoding: .utf8)
            + "<!-- <node id=\"99\"/> --><![CDATA[ <way id=\"98\"> ]]><?pi x?>"
        let whole = try Self.elements(text)
        #expect(whole.count == 46)
        for size in [1, 2, 3, 7, 64, 1000] { #expect(try Self.elements(text, chunkSize: size) == whole, "in chunks of \(size)") }
    }

    @Test func aLongRunOfTextBetweenTagsIsNotHeld() throws {
        // 3 MB of text between elements, read in 4 KiB chunks: passed over as it arrives.
        let text = "<osm>" + String(repeating: " ", count: 3_000_000) + "<node id=\"1\" lat=\"1\" lon=\"2\"/></osm>"
        #expect(try Self.elements(text, chunkSize: 4096) == [.node(OSMNode(id: 1, lat: 1, lon: 2))])
    }

    @Test func anUnclosedConstructStopsAtItsLimit() {
        let text = "<osm>\n<!--" + String(repeating: "x", count: OSMXML.Tokenizer.maxConstruct + (2 << 20))
        var message = ""
        do { _ = try Self.elements(text) } catch { message = "\(error)" }
        #expect(message == "test.osm:2: error: a tag or comment longer than 16 MiB")
    }

    @Test func aGzippedExtractReadsAsThePlainOne() throws {
        let directory = try TemporaryDirectory()
        let plain = directory.path + "/town.osm"
        try FileManager.default.copyItem(atPath: OSMPBFTests.fixtures + "/town.osm", toPath: plain)
        var fromPlain: [OSMElement] = [], fromGzip: [OSMElement] = []
        try OSMXML.read(path: plain) { fromPlain.append($0) }
        try OSMXML.read(path: try GzipFileTests.gzip(plain)) { fromGzip.append($0) }
        #expect(fromPlain.count == 46 && fromGzip == fromPlain)
    }

    @Test func malformedXMLIsAnErrorNamingTheLine() {
        #expect(Self.error("<osm>\n<node id=\"x\" lat=\"1\" lon=\"2\"/>") == "test.osm:2: error: <node> without a whole-number 'id' attribute")
        #expect(Self.error("<osm>\n<node id=\"1\" lat=\"1\"/>") == "test.osm:2: error: <node> without a numeric 'lon' attribute")
        #expect(
            Self.error("<osm>\n\n<node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\" v=\"&nbsp;\"/></node>")
                == "test.osm:3: error: unknown entity '&nbsp;'")
        #expect(
            Self.error("<osm><node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\" v=\"b")
                == "test.osm:1: error: the file ends inside the value of attribute 'v'")
        #expect(Self.error("<osm><node id=\"1\" lat=\"1\" lon=\"2\">") == "test.osm:1: error: the file ends inside an element")
        #expect(Self.error("<osm><way id=\"1\"><node id=\"2\" lat=\"1\" lon=\"2\"/></way>") == "test.osm:1: error: <node> inside another element")
        #expect(Self.error("<osm><way id=\"1\"><nd ref=\"a\"/></way>") == "test.osm:1: error: <nd> without a whole-number 'ref' attribute")
        #expect(
            Self.error("<osm><relation id=\"1\"><member type=\"area\" ref=\"1\"/></relation>")
                == "test.osm:1: error: <member> without a type of node, way or relation")
        #expect(Self.error("</osm>") == "test.osm:1: error: </osm> closes no element")
        #expect(Self.error("<osm><!-- never closed") == "test.osm:1: error: the file ends inside a '<' construct")
        #expect(Self.error("<osm a=b>") == "test.osm:1: error: expected a quoted value for attribute 'a'")
        #expect(Self.error("") == "test.osm: error: not OpenStreetMap XML: no <osm> element")
        #expect(Self.error("BZh91AY&SY") == "test.osm: error: not OpenStreetMap XML: no <osm> element")
    }
}
