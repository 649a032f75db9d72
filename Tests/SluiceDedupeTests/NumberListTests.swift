import Testing

@testable import SluiceDedupe

@Suite struct NumberListTests {
    /// Whole numbers of five digits read back as appended; the first that is not widens the list
    /// to `Float`s, the first that is no `Float` to `Double`s, and every number still reads back
    /// the same at each width.
    @Test func readsBackEveryNumberAppended() {
        var list = NumberList()
        var appended: [Double] = []
        func append(_ numbers: [Double]) {
            for number in numbers { list.append(number) }
            appended += numbers
            #expect(list.count == appended.count)
            #expect(zip(list, appended).allSatisfy { $0.bitPattern == $1.bitPattern || $0.isNaN && $1.isNaN })
        }
        append([1958, .nan, -3, 32_767, -32_767, 0])
        #expect(list.bytesPerNumber == 2)
        append([-32_768, -0.0, 0.5, 16_777_216, .nan])
        #expect(list.bytesPerNumber == 4)
        append([0.1, 16_777_217, 1e300, 7])
        #expect(list.bytesPerNumber == 8)
        #expect(list[5].sign == .plus && list[7].sign == .minus)
    }

    @Test func empty() {
        #expect(NumberList().isEmpty)
    }
}
