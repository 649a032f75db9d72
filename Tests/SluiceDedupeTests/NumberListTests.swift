import Testing

@testable import SluiceDedupe

@Suite struct NumberListTests {
    /// Numbers that are exactly `Float`s read back as the `Double`s appended; the first that
    /// is not widens the list, and every number still reads back the same.
    @Test func readsBackEveryNumberAppended() {
        var list = NumberList()
        let narrow: [Double] = [1958, -0.0, 0.5, 16_777_216, .nan, -3]
        for number in narrow { list.append(number) }
        #expect(list.count == narrow.count)
        #expect(zip(list, narrow).allSatisfy { $0 == $1 || $0.isNaN && $1.isNaN })
        let wide: [Double] = [0.1, 16_777_217, 1e300]
        for number in wide { list.append(number) }
        #expect(list.count == narrow.count + wide.count)
        #expect(zip(list, narrow + wide).allSatisfy { $0 == $1 || $0.isNaN && $1.isNaN })
        #expect(list[0].sign == .plus && list[1].sign == .minus)
    }

    @Test func empty() {
        #expect(NumberList().isEmpty)
    }
}
