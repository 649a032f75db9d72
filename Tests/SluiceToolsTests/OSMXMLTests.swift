import Foundation
import SluiceCore
import Testing

@testable import SluiceTools

@Suite struct OSMXMLTests {
    static func elements(_ text: String) throws -> [OSMElement] {
        var elements: [OSMElement] = []
        try OSMXML.read(bytes: Array(text.utf8), source: "test.osm") { elements.append($0) }
        return elements
    }

    static func error(_ text: String) -> String {
        do {
            _ = try elements(text)
            return "no error"
        } catch {
            return "\(error)"
        }
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
