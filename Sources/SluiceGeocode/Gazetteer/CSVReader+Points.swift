import SluiceCore

extension CSVReader {
    /// A line of `lon lat;lon lat;...` plain decimals (as `double` reads them) within range,
    /// without making strings; nil when the field holds anything else, so that the caller reads
    /// its text instead (and words the problem). Empty pieces between `;` are skipped and
    /// numbers may have several spaces between them, as splitting the text allows.
    ///
    ///     "-122.40917 37.79204;-122.41082 37.79183"   →  [(37.79204, -122.40917), (37.79183, -122.41082)]
    func plainPoints(_ field: Field) -> [GeoPoint]? {
        var line: [GeoPoint] = []
        var pieceStart = field.range.lowerBound
        let end = field.range.upperBound
        while pieceStart <= end {
            var pieceEnd = pieceStart
            while pieceEnd < end, bytes[pieceEnd] != 0x3B { pieceEnd += 1 }
            if pieceEnd > pieceStart {
                var numbers: [Double] = []
                var position = pieceStart
                while position < pieceEnd {
                    var stop = position
                    while stop < pieceEnd, bytes[stop] != 0x20 { stop += 1 }
                    if stop > position {
                        guard numbers.count < 2, let value = plainDecimal(position..<stop) else { return nil }
                        numbers.append(value)
                    }
                    position = stop + 1
                }
                guard numbers.count == 2, (-90...90).contains(numbers[1]), (-180...180).contains(numbers[0]) else { return nil }
                line.append(GeoPoint(lat: numbers[1], lon: numbers[0]))
            }
            pieceStart = pieceEnd + 1
        }
        return line
    }
}
