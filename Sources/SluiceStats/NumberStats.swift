import SluiceCore

/// The numbers of one field: how many, the smallest and largest as written (`1.50` stays
/// `1.50`; the first of equal ones), the mean from an exact sum, and the sample standard
/// deviation (Welford's running mean and squared deviations, merged with Chan et al.'s formula).
///
///     var stats = NumberStats()
///     for text in ["3", "1.50", "4"] { stats.add(text) }
///     stats.minimumText   // "1.50"
///     stats.mean          // 2.8333333333333335
///
/// Merging partial stats in a fixed order (batches in input order) gives the same doubles on
/// any number of threads; the mean is exact whatever the order.
/// - Complexity: O(1) per number (O(partials) for the sum).
struct NumberStats {
    private(set) var count = 0
    private(set) var minimum = 0.0
    private(set) var maximum = 0.0
    private(set) var minimumText: [UInt8] = []
    private(set) var maximumText: [UInt8] = []
    private(set) var sum = ExactSum()
    private var runningMean = 0.0
    private var squaredDeviations = 0.0

    @inline(__always)
    mutating func add(_ value: Double, text: UnsafeBufferPointer<UInt8>) {
        if count == 0 || value < minimum {
            minimum = value
            minimumText = Array(text)
        }
        if count == 0 || value > maximum {
            maximum = value
            maximumText = Array(text)
        }
        count += 1
        sum.add(value)
        let delta = value - runningMean
        runningMean += delta / Double(count)
        squaredDeviations += delta * (value - runningMean)
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(NumberText.double($0), text: $0) }
    }

    /// Adds another part's numbers, which came after this part's.
    mutating func merge(_ other: NumberStats) {
        guard other.count > 0 else { return }
        guard count > 0 else {
            self = other
            return
        }
        if other.minimum < minimum {
            minimum = other.minimum
            minimumText = other.minimumText
        }
        if other.maximum > maximum {
            maximum = other.maximum
            maximumText = other.maximumText
        }
        sum.add(other.sum)
        let total = Double(count + other.count)
        let delta = other.runningMean - runningMean
        runningMean += delta * Double(other.count) / total
        squaredDeviations += other.squaredDeviations + delta * delta * Double(count) * Double(other.count) / total
        count += other.count
    }

    /// Forgets everything, keeping storage.
    mutating func removeAll() {
        count = 0
        minimumText.removeAll(keepingCapacity: true)
        maximumText.removeAll(keepingCapacity: true)
        sum.removeAll()
        runningMean = 0
        squaredDeviations = 0
    }

    /// The correctly rounded sum over the count (`math.fsum(xs) / len(xs)`); nil without numbers.
    var mean: Double? { count > 0 ? sum.value / Double(count) : nil }

    /// The sample standard deviation (n − 1); nil for fewer than two numbers.
    var standardDeviation: Double? { count > 1 ? (max(0, squaredDeviations) / Double(count - 1)).squareRoot() : nil }
}
