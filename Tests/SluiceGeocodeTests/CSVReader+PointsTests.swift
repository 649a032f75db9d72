import SluiceCore
import Testing

@testable import SluiceGeocode

@Suite struct CSVReaderPointsTests {
    func plainPoints(_ text: String) -> [GeoPoint]? {
        let reader = CSVReader(Array(text.utf8))
        return reader.plainPoints(CSVReader.Field(range: 0..<text.utf8.count, quoted: false))
    }

    @Test func plainPointsAreReadFromTheBytes() {
        // California St's block 3540000 (data/sf-gazetteer.csv).
        #expect(
            plainPoints("-122.40917 37.79204;-122.41082 37.79183")
                == [GeoPoint(lat: 37.79204, lon: -122.40917), GeoPoint(lat: 37.79183, lon: -122.41082)])
        #expect(plainPoints("") == [])
        #expect(plainPoints("-122.4 37.7") == [GeoPoint(lat: 37.7, lon: -122.4)])
        // Empty pieces and doubled spaces are skipped, as splitting the text skips them.
        #expect(plainPoints(";-122.4  37.7;;-122 38;") == [GeoPoint(lat: 37.7, lon: -122.4), GeoPoint(lat: 38, lon: -122)])
    }

    @Test func plainPointsAreTheNumbersDoubleReads() {
        // The same bits as `Double(String)`, which the text path uses.
        for text in ["37.7749295", "0.1", "37", "-0", "-0.000001", "89.999999999999", "12.345678901234"] {
            #expect(plainPoints("1 \(text)")?.first?.lat.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func anythingElseIsLeftToTheText() {
        // Not plain decimals, not two numbers, out of range, or a piece of spaces only: nil.
        for text in [
            "-122.4 north", "-122.4 37.7 5", "-122.4", "1e2 37.7", ".5 37.7", "5. 37.7", "+1 37.7", "-122.4 97.7", "-122.4 37.7; ;1 2", "1\t2",
        ] {
            #expect(plainPoints(text) == nil, "\(text)")
        }
    }

    /// Found by `make fuzz` (csv-gazetteer): 19 or more digits overflowed the mantissa and
    /// trapped (the reader's own numbers: SluiceCoreTests' CSVReaderTests).
    @Test func numbersOfManyDigitsAreLeftToTheText() {
        #expect(plainPoints("1 " + String(repeating: "1", count: 20)) == nil)
        #expect(plainPoints("-122.4 37.77492950000000000000001") == nil)
    }
}
